import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatMoney, formatPercent } from "#domain/money";
import { dateTimeFormat } from "#domain/intl-formats.ts";
import { weeksOf } from "#app/components/calendar/month";
import { formatDate, formatMonthTitle } from "#app/lib/format-date";
import type { CalendarJson } from "#contract/pricing";

/** What a cell shows of a night's stay rules: a minimum above 1 or one an orphan gap lowered, closed to arrival or departure. */
export type StayMark = { min: number; gap?: true; cta?: true; ctd?: true };

/** A night's stay-rule badges: the short text a cell shows and the words its title and the cell's label say. */
function stayBadges(mark: StayMark | undefined, t: (key: string, values?: Record<string, unknown>) => string) {
  if (!mark) return [];
  const badges: { text: string; title: string; gap?: true }[] = [];
  if (mark.gap || mark.min > 1) badges.push({ text: t("stayRules.badge.min", { count: mark.min }), title: t(mark.gap ? "stayRules.badge.gapTitle" : "stayRules.badge.minTitle", { count: mark.min }), gap: mark.gap });
  if (mark.cta) badges.push({ text: t("stayRules.badge.cta"), title: t("stayRules.badge.ctaTitle") });
  if (mark.ctd) badges.push({ text: t("stayRules.badge.ctd"), title: t("stayRules.badge.ctdTitle") });
  return badges;
}

/** The shown category's month: a week a row, each night a link to its explanation with rate, occupancy, season, marks and stay-rule badges. */
export function MonthGrid({ calendar, month, day, shown, stay, currency, dayHref }: { calendar: CalendarJson; month: string; day: string | null; shown: CalendarJson["categories"][number]; stay: Record<string, StayMark>; currency: string; dayHref: (date: string) => string }) {
  const { t, i18n } = useTranslation("pricing");
  const locale = i18n.language;
  const money = (c: number) => formatMoney(c, locale, currency, { whole: true });
  const occupancy = (value: number) => formatPercent(value, locale, { digits: 1 });
  const monthTitle = formatMonthTitle(month, locale);
  const weekdayFormat = dateTimeFormat(locale, { weekday: "short", timeZone: "UTC" });
  return (
    <table className="calendar-grid w-full table-fixed border-collapse text-xs sm:text-sm">
      <caption className="sr-only">{t("calendar.gridCaption", { category: shown.name, month: monthTitle })}</caption>
      <thead>
        <tr>
          {[0, 1, 2, 3, 4, 5, 6].map((w) => (
            <th key={w} scope="col">
              {weekdayFormat.format(new Date(Date.UTC(2023, 0, 1 + w)))}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeksOf(month, calendar.days).map((week, wi) => (
          <tr key={wi}>
            {week.map((d, di) => {
              if (!d) return <td key={di} className="calendar-pad" />;
              const cell = d.rates[0];
              const selected = d.date === day;
              const badges = stayBadges(stay[d.date], t);
              const label = [
                // The table's caption names the month and year; each night says its weekday and date.
                formatDate(d.date, locale, { weekday: "long", day: "numeric", month: "long" }),
                money(cell.rate),
                d.season.title,
                t("calendar.occupancyValue", { value: occupancy(d.occupancy) }),
                d.level ? d.level.name : null,
                cell.manual ? t("calendar.manual") : null,
                ...d.holidays.map((h) => h.name),
                ...badges.map((b) => b.title),
              ]
                .filter(Boolean)
                .join(", ");
              // The cells' look is in app.css (.calendar-grid): a month of cells repeats it 42 times. The
              // link is to this very page (another day), so the router has nothing to discover.
              return (
                <td key={di}>
                  <Link
                    to={`${dayHref(d.date)}#day-panel`}
                    discover="none"
                    aria-label={label}
                    aria-current={selected ? "date" : undefined}
                    className={d.date === calendar.today ? "today" : undefined}
                    data-date={d.date}
                  >
                    <span className="season" style={{ backgroundColor: d.season.color }} />
                    <span className="head">
                      {Number(d.date.slice(8))}
                      {cell.manual || d.holidays.length ? (
                        <span aria-hidden="true">
                          {cell.manual ? <span title={t("calendar.manual")} className="manual">M</span> : null}
                          {d.holidays.length ? <span title={d.holidays.map((h) => h.name).join(", ")} className="holiday">F</span> : null}
                        </span>
                      ) : null}
                    </span>
                    <span className="rate" data-rate={cell.rate}>
                      {money(cell.rate)}
                    </span>
                    <span className="occupancy">{d.level ? `${occupancy(d.occupancy)} · ${d.level.name}` : occupancy(d.occupancy)}</span>
                    {badges.length ? (
                      <span className="rules" aria-hidden="true">
                        {badges.map((b) => (
                          <span key={b.text} title={b.title} className={b.gap ? "gap" : undefined}>
                            {b.text}
                          </span>
                        ))}
                      </span>
                    ) : null}
                  </Link>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
