import type { ReactNode } from "react";

/** One column of a DataTable: its header and what each row shows in it. */
export interface Column<Row> {
  header: ReactNode;
  /** The header is read by screen readers only (a column of check boxes or of links). */
  hiddenHeader?: boolean;
  /** A column of figures: right-aligned in tabular digits, so that they stand digit under digit. */
  figure?: boolean;
  /** Extra classes of the column's cells (`whitespace-nowrap`, a width). */
  className?: string;
  cell: (row: Row) => ReactNode;
}

interface DataTableProps<Row> {
  /** What the table lists, for screen readers; a boxed table also shows it as its title. */
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** The first column names its row: a `<th scope="row">`, as screen readers announce it with each cell. */
  rowHeader?: boolean;
  /** Attributes of a row (`data-testid`, `data-*` hooks). */
  rowAttributes?: (row: Row) => Record<`data-${string}`, string>;
  /** Classes of a row that stands out (the one being edited, an inactive one). */
  rowClassName?: (row: Row) => string;
  /** A last row in bold under a rule, in the table's footer: the totals. */
  footer?: Row;
  /**
   * The table stands in a box of its own with its caption as a visible title, its cells compact
   * and on one line (a report of figures). On a phone it scrolls sideways inside the box rather
   * than squeezing the numbers; the box takes the keyboard's focus so it scrolls without a mouse.
   */
  boxed?: boolean;
  /** On a phone each row is a card of its cells one under another, the column headers hidden (a cell that needs its label shows it there). */
  stackOnPhone?: boolean;
  className?: string;
}

const STACKED_ROW = "mb-3 block rounded-md border border-slate-200 bg-white p-3 md:mb-0 md:table-row md:rounded-none md:border-0 md:p-0";

/**
 * The one table of the app's lists and reports: a caption, column headers with scope, one row per
 * item, the first cell optionally the row's header, figures right-aligned, an optional footer.
 * Grids that are not lists (the price calendar, availability, permission matrices) have their own
 * components.
 */
export function DataTable<Row>({ caption, columns, rows, rowKey, rowHeader = false, rowAttributes, rowClassName, footer, boxed = false, stackOnPhone = false, className = "" }: DataTableProps<Row>) {
  const padding = boxed ? "whitespace-nowrap px-2 py-1" : stackOnPhone ? "block px-0 py-1 md:table-cell md:px-3 md:py-2" : "px-3 py-2";
  const cellClass = (column: Column<Row>) => `${padding} ${column.figure ? "text-right tabular-nums" : ""} ${column.className ?? ""}`;
  const cells = (row: Row, total: boolean) =>
    columns.map((column, index) =>
      rowHeader && index === 0 ? (
        <th key={index} scope="row" className={`${cellClass(column)} ${total ? "font-semibold" : "font-medium"}`}>
          {column.cell(row)}
        </th>
      ) : (
        <td key={index} className={`${cellClass(column)} ${total ? "font-semibold" : ""}`}>
          {column.cell(row)}
        </td>
      ),
    );
  const table = (
    <table className={`w-full text-left text-sm ${className}`}>
      <caption className={boxed ? "px-2 py-2 text-left font-semibold" : "sr-only"}>{caption}</caption>
      <thead className={`border-b border-slate-200 text-slate-700 ${boxed ? "bg-slate-50" : ""}`}>
        <tr>
          {columns.map((column, index) => (
            <th key={index} scope="col" className={`${cellClass(column)} font-medium`}>
              {column.hiddenHeader ? <span className="sr-only">{column.header}</span> : column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {rows.map((row) => (
          <tr key={rowKey(row)} className={`${stackOnPhone ? STACKED_ROW : ""} ${rowClassName?.(row) ?? ""}`} {...rowAttributes?.(row)}>
            {cells(row, false)}
          </tr>
        ))}
      </tbody>
      {footer === undefined ? null : (
        <tfoot className="border-t-2 border-slate-300">
          <tr>{cells(footer, true)}</tr>
        </tfoot>
      )}
    </table>
  );
  if (!boxed) return table;
  return (
    <div role="region" aria-label={caption} tabIndex={0} className="overflow-x-auto rounded-lg border border-slate-200 bg-white focus:outline-2 focus:outline-brand-600">
      {table}
    </div>
  );
}
