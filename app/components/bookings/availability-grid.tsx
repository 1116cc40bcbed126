import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatMoney, formatPercent } from "#domain/money";
import { formatDate } from "#app/lib/format-date";
import type { AvailabilityJson } from "#contract/bookings";

/** Nights down, the house and each category across: free rooms (a link to book one), occupancy, blocks and the night's rate. */
export function AvailabilityGrid({ availability: a, from, to }: { availability: AvailabilityJson; from: string; to: string }) {
  const { t, i18n } = useTranslation("bookings");
  const locale = i18n.language;
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="min-w-full text-sm">
        <caption className="sr-only">{t("availability.caption", { from: formatDate(from, locale), to: formatDate(to, locale) })}</caption>
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className="sticky left-0 bg-slate-50 px-3 py-2 text-left font-medium">
              {t("availability.night")}
            </th>
            <th scope="col" className="px-3 py-2 text-left font-medium">
              {t("availability.house")}
            </th>
            {a.categories.map((c) => (
              <th key={c.uuid} scope="col" className="px-3 py-2 text-left font-medium">
                {c.name}
                <span className="block text-xs font-normal text-slate-600">{t("availability.rooms", { count: c.room_count })}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {a.nights.map((n) => {
            const weekend = [5, 6].includes(new Date(`${n.date}T00:00:00Z`).getUTCDay());
            return (
              <tr key={n.date} className={`border-t border-slate-100 ${weekend ? "bg-slate-50/60" : ""}`} data-night={n.date}>
                <th scope="row" className="sticky left-0 bg-inherit px-3 py-2 text-left font-normal whitespace-nowrap">
                  {formatDate(n.date, locale, { weekday: "short", day: "2-digit", month: "short" })}
                </th>
                <td className="px-3 py-2 whitespace-nowrap">
                  <span className="font-medium">{formatPercent(n.occupancy, locale, { digits: 1 })}</span>
                  <span className="block text-xs text-slate-600">{t("availability.freeOf", { free: n.free, rooms: n.rooms - n.blocked })}</span>
                </td>
                {n.categories.map((c, i) => {
                  const category = a.categories[i];
                  return (
                    <td key={c.uuid} className="px-3 py-2 align-top whitespace-nowrap" data-category={category.name}>
                      {c.free === 0 ? (
                        <span className="inline-block rounded bg-rose-100 px-1.5 py-0.5 text-xs font-semibold text-rose-900" data-testid="free">
                          {t("availability.soldOut")}
                        </span>
                      ) : (
                        <Link to={`/bookings/create?arrival=${n.date}&category=${c.uuid}`} className="font-semibold text-brand-700 underline" aria-label={t("availability.bookLabel", { free: c.free, category: category.name, night: formatDate(n.date, locale) })}>
                          <span data-testid="free">{t("availability.free", { count: c.free })}</span>
                        </Link>
                      )}
                      <span className="block text-xs text-slate-600">
                        {formatPercent(c.occupancy, locale, { digits: 1 })}
                        {c.blocked ? ` · ${t("availability.blocked", { count: c.blocked })}` : ""}
                      </span>
                      <span className="block text-xs tabular-nums" data-testid="rate">
                        {c.rate === null ? "—" : formatMoney(c.rate, locale, a.currency, { whole: true })}
                      </span>
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
