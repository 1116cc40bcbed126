import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { formatDate, formatDateTime } from "#app/lib/format-date";
import { buttonClass } from "#app/components/ui/button";
import { useBusinessTimeZone } from "#app/lib/business-time-zone";
import type { AttentionJson } from "#contract/channels";

/**
 * /bookings: the channel bookings Tarifa could not place by itself, with what the guest booked,
 * why, and a form (no script needed) to mark one handled once it is entered by hand. One the
 * channel cancelled afterwards says so: nothing to enter, or the hand-entered one to cancel.
 */
export function BookingsNeedingAttention({ items }: { items: AttentionJson[] }) {
  const { t, i18n } = useTranslation("channels");
  const locale = i18n.language;
  const timeZone = useBusinessTimeZone();
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="attention-heading" className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
      <h2 id="attention-heading" className="text-lg font-semibold">
        {t("attention.heading", { count: items.length })}
      </h2>
      <p className="text-sm">{t("attention.intro")}</p>
      <ul className="mt-2 divide-y divide-amber-200">
        {items.map((b) => (
          <li key={b.revision_id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm" data-revision={b.revision_id}>
            <div>
              <p className="font-medium">
                {b.guest_name ?? b.ota_reservation_code ?? b.booking_id} · {b.ota_name ?? "Channex"} {b.ota_reservation_code ?? ""}
              </p>
              <p>
                {b.arrival && b.departure ? `${formatDate(b.arrival, locale)} – ${formatDate(b.departure, locale)}` : null}
                {b.amount ? ` · ${b.amount} ${b.currency ?? ""}` : null} · {t(`attention.status.${b.status === "cancelled" ? "cancelled" : b.status === "modified" ? "modified" : "new"}`)}
              </p>
              <p className="text-xs">
                {t(`attention.reason.${b.reason}`)} · {t("attention.received", { when: formatDateTime(b.received_at, locale, timeZone) })}
              </p>
              {b.cancelled_at ? (
                <p className="font-medium" data-cancelled="">
                  {t("attention.cancelledByChannel", { when: formatDateTime(b.cancelled_at, locale, timeZone) })}
                </p>
              ) : null}
            </div>
            <Form method="post">
              <input type="hidden" name="intent" value="resolve-attention" />
              <input type="hidden" name="revision_id" value={b.revision_id} />
              <button type="submit" className={buttonClass("secondary")}>
                {t("attention.resolve")}
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}
