import type { ReactNode } from "react";

/** One column of a DataTable: its header and what each row shows in it. */
export interface Column<Row> {
  header: ReactNode;
  /** The header is read by screen readers only (a column of check boxes or of links). */
  hiddenHeader?: boolean;
  /** Extra classes of the column's cells (alignment, `tabular-nums`, `whitespace-nowrap`). */
  className?: string;
  cell: (row: Row) => ReactNode;
}

interface DataTableProps<Row> {
  /** What the table lists, for screen readers (a visible heading usually stands above it). */
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** The first column names its row: a `<th scope="row">`, as screen readers announce it with each cell. */
  rowHeader?: boolean;
  /** Attributes of a row (`data-testid`, `data-*` hooks). */
  rowAttributes?: (row: Row) => Record<`data-${string}`, string>;
  className?: string;
}

/**
 * The list table of the admin and settings pages: a caption, column headers with scope, one row
 * per item, the first cell optionally the row's header. Pages with richer grids (the calendar,
 * availability, forecasts) keep their own markup.
 */
export function DataTable<Row>({ caption, columns, rows, rowKey, rowHeader = false, rowAttributes, className = "" }: DataTableProps<Row>) {
  return (
    <table className={`w-full text-left text-sm ${className}`}>
      <caption className="sr-only">{caption}</caption>
      <thead className="border-b border-slate-200 text-slate-700">
        <tr>
          {columns.map((column, index) => (
            <th key={index} scope="col" className={`px-3 py-2 font-medium ${column.className ?? ""}`}>
              {column.hiddenHeader ? <span className="sr-only">{column.header}</span> : column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {rows.map((row) => (
          <tr key={rowKey(row)} {...rowAttributes?.(row)}>
            {columns.map((column, index) =>
              rowHeader && index === 0 ? (
                <th key={index} scope="row" className={`px-3 py-2 font-medium ${column.className ?? ""}`}>
                  {column.cell(row)}
                </th>
              ) : (
                <td key={index} className={`px-3 py-2 ${column.className ?? ""}`}>
                  {column.cell(row)}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
