import { useTranslation } from "react-i18next";
import { useRouteLoaderData } from "react-router";
import { formatDate } from "#app/lib/format-date";
import { NightRates as SharedNightRates } from "#app/components/bookings/night-rates";
import { FieldErrors } from "#app/components/ui/field";
import type { PublicProfileJson } from "#contract/booking-engine";

/** The hotel's profile, loaded by the /p/{slug} frame. */
export function useProfile(): PublicProfileJson {
  const loaded = useRouteLoaderData("routes/public/booking") as { profile: PublicProfileJson | null } | undefined;
  if (!loaded?.profile) throw new Error("public booking page without its profile");
  return loaded.profile;
}

/** A button in the hotel's accent colour (text colour chosen for contrast). */
export const accentButton =
  "inline-flex min-h-11 items-center justify-center rounded-md px-4 py-2 text-base font-semibold bg-[var(--accent)] text-[var(--on-accent)] hover:underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900";

const control = "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base aria-[invalid=true]:border-red-600";

/** A plain labelled input with the API's field errors beside it (the search is a GET form, no Conform needed). */
export function PlainField({
  name,
  label,
  errors,
  ...rest
}: { name: string; label: string; errors?: string[] } & Omit<React.InputHTMLAttributes<HTMLInputElement>, "name" | "id">) {
  const id = `search-${name}`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input id={id} name={name} {...rest} aria-invalid={errors?.length ? true : undefined} aria-describedby={errors?.length ? `${id}-error` : undefined} className={control} />
      <FieldErrors id={`${id}-error`} errors={errors} />
    </div>
  );
}

/** The stay in one line: dates, nights and party. */
export function StaySummary({ stay }: { stay: { arrival: string; departure: string; adults: number; children: number; nights: number } }) {
  const { t, i18n } = useTranslation("bookingEngine");
  return (
    <p className="text-sm text-slate-700">
      {t("public.staySummary", {
        arrival: formatDate(stay.arrival, i18n.language, { dateStyle: "medium" }),
        departure: formatDate(stay.departure, i18n.language, { dateStyle: "medium" }),
        count: stay.nights,
        adults: stay.adults,
        children: stay.children,
      })}
    </p>
  );
}

/** Night by night rates and the total, in the hotel's currency (the bookings screens' table). */
export function NightRates({ nights, total, currency }: { nights: { date: string; rate: number }[]; total: number; currency: string }) {
  const { t, i18n } = useTranslation("bookingEngine");
  return (
    <SharedNightRates
      nights={nights}
      total={total}
      currency={currency}
      locale={i18n.language}
      caption={t("public.nightlyRates")}
      totalLabel={t("public.total")}
      totalClassName="text-sm"
    />
  );
}
