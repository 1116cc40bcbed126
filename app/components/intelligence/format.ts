import { useTranslation } from "react-i18next";
import { formatMoney } from "#domain/money";
import { formatDate } from "#app/lib/format-date";
import { metricUnit, type MetricUnit } from "#domain/metrics/units";

/** How a metric is written: money in cents, a 0–1 ratio, a count, or days (domain/metrics/units.ts). */
export type MetricKind = MetricUnit;
export const metricKind = metricUnit;

/** Intl formatters in the reader's locale for the business's currency; "—" for a figure that is not defined. */
export function useFormats(currency: string) {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  const percent = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 1 });
  const count = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const decimal = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const f = {
    locale,
    money: (cents: number | null | undefined) => (cents === null || cents === undefined ? "—" : formatMoney(Math.round(cents), locale, currency)),
    wholeMoney: (cents: number | null | undefined) => (cents === null || cents === undefined ? "—" : formatMoney(Math.round(cents / 100) * 100, locale, currency, { whole: true })),
    percent: (ratio: number | null | undefined) => (ratio === null || ratio === undefined ? "—" : percent.format(ratio)),
    count: (n: number | null | undefined) => (n === null || n === undefined ? "—" : count.format(n)),
    decimal: (n: number | null | undefined) => (n === null || n === undefined ? "—" : decimal.format(n)),
    date: (iso: string, options?: Intl.DateTimeFormatOptions) => formatDate(iso, locale, options),
    month: (yyyymm: string, style: "short" | "long" = "short") => formatDate(`${yyyymm}-01`, locale, { month: style, year: "numeric" }),
    /** The month's name alone, for chart axes ("jan.", "Feb"). */
    monthName: (yyyymm: string) => formatDate(`${yyyymm}-01`, locale, { month: "short" }),
    metric: (metric: string, value: number | null | undefined) => {
      switch (metricKind(metric)) {
        case "money":
          return f.money(value);
        case "ratio":
          return f.percent(value);
        case "days":
          return f.decimal(value);
        default:
          return f.count(value);
      }
    },
  };
  return f;
}
export type Formats = ReturnType<typeof useFormats>;
