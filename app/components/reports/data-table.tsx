import type { ReactNode } from "react";

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Text columns align left; figures right, in tabular digits. */
  text?: boolean;
}

/**
 * A table of figures with a caption, its first column as row headers. On a phone it scrolls
 * sideways inside its box rather than squeezing the numbers; the box takes the keyboard's focus
 * so it can be scrolled without a mouse.
 */
export function DataTable<T>({ caption, columns, rows, rowKey, footer }: { caption: string; columns: Column<T>[]; rows: T[]; rowKey: (row: T) => string; footer?: T }) {
  const cellClass = (c: Column<T>) => `whitespace-nowrap px-2 py-1 ${c.text ? "text-left" : "text-right tabular-nums"}`;
  const line = (row: T, bold: boolean) =>
    columns.map((c, i) =>
      i === 0 ? (
        <th key={c.header} scope="row" className={`${cellClass(c)} ${bold ? "font-semibold" : "font-normal"}`}>
          {c.cell(row)}
        </th>
      ) : (
        <td key={c.header} className={`${cellClass(c)} ${bold ? "font-semibold" : ""}`}>
          {c.cell(row)}
        </td>
      ),
    );
  return (
    <div role="region" aria-label={caption} tabIndex={0} className="overflow-x-auto rounded-lg border border-slate-200 bg-white focus:outline-2 focus:outline-brand-600">
      <table className="w-full text-sm">
        <caption className="px-2 py-2 text-left font-semibold">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200 bg-slate-50">
            {columns.map((c) => (
              <th key={c.header} scope="col" className={`${cellClass(c)} font-semibold`}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className="border-b border-slate-100">
              {line(row, false)}
            </tr>
          ))}
        </tbody>
        {footer ? (
          <tfoot>
            <tr className="border-t-2 border-slate-300">{line(footer, true)}</tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}
