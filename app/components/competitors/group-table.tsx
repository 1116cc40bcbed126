import { useTranslation } from "react-i18next";
import { formatMoney, formatPercent } from "#domain/money";
import type { GroupJson } from "./types";

/**
 * Rows of averages (weeks, days of the week): our rate, the market median, the price index and
 * occupancy. Below the md breakpoint each row becomes a card.
 */
export function GroupTable({ caption, rowHeader, rows, currency }: { caption: string; rowHeader: string; rows: (GroupJson & { label: string })[]; currency: string }) {
  const { t, i18n } = useTranslation("competitors");
  const locale = i18n.language;
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const money = (c: number | null) => (c === null ? "—" : formatMoney(c, locale, currency));
  const cell = "flex justify-between gap-3 px-3 py-0.5 md:table-cell md:px-2 md:py-1.5 md:text-right tabular-nums";
  const label = "text-slate-600 md:hidden";
  const columns = [t("table.nights"), t("table.ourRate"), t("table.marketMedian"), t("table.index"), t("table.occupancy")];
  return (
    <table className="block w-full text-sm md:table md:rounded-lg md:border md:border-slate-200 md:bg-white">
      <caption className="sr-only">{caption}</caption>
      <thead className="hidden md:table-header-group">
        <tr className="border-b border-slate-200 bg-slate-50">
          <th scope="col" className="px-2 py-2 text-left font-semibold">
            {rowHeader}
          </th>
          {columns.map((c) => (
            <th key={c} scope="col" className="px-2 py-2 text-right font-semibold">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="block space-y-2 md:table-row-group md:space-y-0">
        {rows.map((r) => (
          <tr key={r.label} className="block rounded-lg border border-slate-200 bg-white py-2 md:table-row md:rounded-none md:border-0 md:border-b md:py-0">
            <th scope="row" className="block px-3 text-left font-semibold md:table-cell md:px-2 md:font-medium">
              {r.label}
            </th>
            {[number.format(r.nights), money(r.average_rate), money(r.average_market_median), r.average_index === null ? "—" : number.format(r.average_index), r.average_occupancy === null ? "—" : formatPercent(r.average_occupancy, locale, { digits: 1 })].map((value, i) => (
              <td key={columns[i]} className={cell}>
                <span className={label}>{columns[i]}</span>
                {value}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
