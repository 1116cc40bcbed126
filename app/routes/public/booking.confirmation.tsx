import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";
import { formatMoney } from "#domain/money";
import { readReservation } from "#app/routes/public/booking-engine.server";
import { accentButton, useProfile } from "#app/components/booking-engine/public-ui";
import { Facts } from "#app/components/ui/facts";
import { formatDate } from "#app/lib/format-date";
import { getRequestState } from "#app/lib/request-context.server";
import type { Route } from "./+types/booking.confirmation";
import { noHydration } from "#app/lib/hydration";

/** Works fully as HTML forms and links: sent without scripts (app/lib/hydration.ts). */
export const handle = noHydration;

/** The booking's confirmation: the stay and its code, nothing about the guest (anyone with the link can open it). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const reservation = await readReservation(getRequestState(context).api, params.slug, params.code);
  if (!reservation) return data({ reservation: null }, { status: 404 });
  return { reservation };
}

export default function PublicConfirmation({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("bookingEngine");
  const profile = useProfile();
  const { reservation } = loaderData;
  if (!reservation) {
    return (
      <>
        <title>{`${t("public.notFoundTitle")} · ${profile.business.name}`}</title>
        <h1 className="mb-2 text-xl font-semibold">{t("public.reservationNotFound")}</h1>
        <Link to={`/p/${profile.slug}`} className={accentButton}>
          {t("public.backToSearch")}
        </Link>
      </>
    );
  }
  const confirmed = reservation.status === "confirmed";
  const date = (iso: string) => formatDate(iso, i18n.language, { dateStyle: "full" });
  return (
    <>
      <title>{`${t("public.confirmationTitle", { code: reservation.code })} · ${profile.business.name}`}</title>
      <div role="status" className="mb-4 rounded-lg border border-emerald-200 bg-emerald-50 p-4">
        <h1 className="text-xl font-semibold text-emerald-950">{confirmed ? t("public.confirmedHeading") : t("public.pendingHeading")}</h1>
        <p className="text-emerald-950">{confirmed ? t("public.confirmedText") : t("public.pendingText")}</p>
      </div>
      <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <p className="mb-3 text-sm text-slate-700">
          {t("public.code")} <strong className="font-mono text-2xl tracking-widest text-slate-900" data-testid="reservation-code">{reservation.code}</strong>
        </p>
        <Facts
          items={[
            [t("public.arrival"), `${date(reservation.arrival)} · ${t("public.from", { time: profile.check_in_time })}`],
            [t("public.departure"), `${date(reservation.departure)} · ${t("public.until", { time: profile.check_out_time })}`],
            [t("public.room"), reservation.category],
            [t("public.guests"), t("public.party", { adults: reservation.adults, children: reservation.children })],
            [t("public.total"), formatMoney(reservation.total, i18n.language, reservation.currency, { whole: true })],
            [t("public.status"), t(`bookings:status.${reservation.status}`)],
          ]}
        />
      </div>
      <p className="mt-4 text-sm text-slate-700">{t("public.emailSent")}</p>
    </>
  );
}
