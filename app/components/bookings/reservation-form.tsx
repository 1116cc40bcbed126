import type { FieldMetadata } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { formatMoney } from "#domain/money";
import { formatDate } from "#app/lib/format-date";
import { CheckboxField, SelectField, TextAreaField, TextField } from "#app/components/ui/field";
import type { BookingOptions, PriceQuote } from "./types";

type Fields = Record<string, FieldMetadata<unknown>>;

/**
 * The fields of a reservation, shared by /bookings/create and /bookings/{id}/edit. `stayLocked`
 * keeps arrival and category read-only for a guest already in the house.
 */
export function ReservationFields({ fields, options, mode, stayLocked = false }: { fields: Fields; options: BookingOptions; mode: "create" | "edit"; stayLocked?: boolean }) {
  const { t } = useTranslation("bookings");
  const guest = (fields.guest as FieldMetadata<{ name: string; email: string; phone: string; document: string; country: string }>).getFieldset();
  const categoryName = new Map(options.categories.map((c) => [c.uuid, c.name]));
  return (
    <>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-base font-semibold">{t("form.stay")}</legend>
        <TextField field={fields.arrival} label={t("form.arrival")} type="date" required readOnly={stayLocked} />
        <TextField field={fields.departure} label={t("form.departure")} type="date" required />
        <SelectField
          field={fields.room_category_uuid}
          label={t("form.category")}
          options={options.categories
            .filter((c) => !stayLocked || c.uuid === fields.room_category_uuid.initialValue)
            .map((c) => ({ value: c.uuid, label: t("form.categoryOption", { name: c.name, min: c.min_occupation, max: c.max_occupation }) }))}
        />
        <SelectField
          field={fields.room_uuid}
          label={t("form.room")}
          placeholder={t("form.roomAuto")}
          options={options.rooms.filter((r) => r.active).map((r) => ({ value: r.uuid, label: `${r.number} · ${categoryName.get(r.room_category_uuid) ?? ""}` }))}
        />
        <TextField field={fields.adults} label={t("form.adults")} type="number" min={1} max={20} required />
        <TextField field={fields.children} label={t("form.children")} type="number" min={0} max={20} />
        {/* Shown once the API warned that the stay breaks the stay rules (issue 28), or while ticked. */}
        {mode === "create" && fields.override_stay_rules && (fields.override_stay_rules.errors?.length || fields.override_stay_rules.initialValue) ? (
          <div className="sm:col-span-2">
            <CheckboxField field={fields.override_stay_rules} label={t("stayRules.override")} />
          </div>
        ) : null}
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-base font-semibold">{t("form.guest")}</legend>
        <TextField field={guest.name} label={t("form.guestName")} autoComplete="off" required />
        <TextField field={guest.email} label={t("form.guestEmail")} type="email" autoComplete="off" />
        <TextField field={guest.phone} label={t("form.guestPhone")} type="tel" autoComplete="off" />
        <TextField field={guest.document} label={t("form.guestDocument")} autoComplete="off" />
        <TextField field={guest.country} label={t("form.guestCountry")} hint={t("form.guestCountryHint")} maxLength={2} autoComplete="off" />
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-base font-semibold">{t("form.booking")}</legend>
        <SelectField field={fields.channel} label={t("form.channel")} options={options.channels.map((c) => ({ value: c, label: options.channel_names[c] ?? t(`channel.${c}`, { defaultValue: c }) }))} />
        {mode === "create" ? (
          <SelectField
            field={fields.status}
            label={t("form.status")}
            options={[
              { value: "confirmed", label: t("status.confirmed") },
              { value: "pending", label: t("status.pending") },
            ]}
          />
        ) : null}
        <TextField field={fields.rate} label={t("form.rate", { currency: options.currency })} inputMode="decimal" hint={t(mode === "create" ? "form.rateHint" : "form.rateHintEdit")} />
        <div className="sm:col-span-2">
          <TextAreaField field={fields.notes} label={t("form.notes")} />
        </div>
      </fieldset>
    </>
  );
}

/** The price of the stay, night by night, shown before the reservation is saved. */
export function PricePreview({ quote, locale }: { quote: PriceQuote; locale: string }) {
  const { t } = useTranslation("bookings");
  const money = (c: number) => formatMoney(c, locale, quote.currency, { whole: true });
  return (
    <section aria-labelledby="price-heading" className="rounded-lg border border-slate-200 bg-white p-4" aria-live="polite">
      <h2 id="price-heading" className="text-lg font-semibold">
        {t("price.heading")}
      </h2>
      <p className="text-sm text-slate-700">
        {t("price.summary", {
          category: quote.room_category.name,
          nights: quote.nights.length,
          arrival: formatDate(quote.arrival, locale),
          departure: formatDate(quote.departure, locale),
        })}
      </p>
      <table className="mt-3 w-full text-sm">
        <caption className="sr-only">{t("price.caption")}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-left">
            <th scope="col" className="py-1 pr-2 font-medium">
              {t("price.night")}
            </th>
            <th scope="col" className="py-1 pr-2 font-medium">
              {t("price.season")}
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              {t("price.rate")}
            </th>
          </tr>
        </thead>
        <tbody>
          {quote.nights.map((n) => (
            <tr key={n.date} className="border-b border-slate-100">
              <td className="py-1 pr-2">{formatDate(n.date, locale, { weekday: "short", day: "2-digit", month: "short" })}</td>
              <td className="py-1 pr-2 text-slate-700">{n.season ? [n.season, n.level].filter(Boolean).join(" · ") : t("price.typed")}</td>
              <td className="py-1 text-right tabular-nums">{money(n.rate)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2} className="pt-2 text-left font-semibold">
              {t("price.total")}
            </th>
            <td className="pt-2 text-right text-base font-semibold tabular-nums" data-testid="quote-total">
              {money(quote.total)}
            </td>
          </tr>
        </tfoot>
      </table>
      {quote.available ? (
        <p className="mt-2 text-sm text-emerald-800">{t("price.free", { count: quote.free_rooms })}</p>
      ) : (
        <p role="alert" className="mt-2 rounded-md bg-rose-50 p-2 text-sm font-medium text-rose-900">
          {t("price.soldOut")}
        </p>
      )}
    </section>
  );
}
