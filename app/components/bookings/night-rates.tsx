import { formatMoney } from "#domain/money";
import { formatDate } from "#app/lib/format-date";

/** The nights of a stay, each with its rate, and the total: on a quote and on a reservation. */
export function NightRates({
  nights,
  total,
  currency,
  locale,
  caption,
  totalLabel,
  totalNote,
  withYear = false,
  className = "w-full text-sm",
  totalClassName = "text-base",
}: {
  nights: { date: string; rate: number }[];
  total: number;
  currency: string;
  locale: string;
  caption: string;
  totalLabel: string;
  /** A remark beside the total's label (a rate typed by hand). */
  totalNote?: string;
  withYear?: boolean;
  className?: string;
  /** The size of the total. */
  totalClassName?: string;
}) {
  const money = (c: number) => formatMoney(c, locale, currency, { whole: true });
  const night: Intl.DateTimeFormatOptions = { weekday: "short", day: "2-digit", month: "short", ...(withYear ? { year: "numeric" } : {}) };
  return (
    <table className={className}>
      <caption className="sr-only">{caption}</caption>
      <tbody>
        {nights.map((n) => (
          <tr key={n.date} className="border-b border-slate-100">
            <th scope="row" className="py-1 text-left font-normal">
              {formatDate(n.date, locale, night)}
            </th>
            <td className="py-1 text-right tabular-nums">{money(n.rate)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" className="pt-2 text-left font-semibold">
            {totalLabel}
            {totalNote ? <span className="ml-2 text-xs font-normal text-slate-600">{totalNote}</span> : null}
          </th>
          <td className={`pt-2 text-right ${totalClassName} font-semibold tabular-nums`}>{money(total)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
