import { PassThrough, Readable, type Writable } from "node:stream";
import { once } from "node:events";
import { stringify } from "csv-stringify";
import { escapeFormula } from "#domain/text/formula.ts";
import type { ExportFormat } from "#domain/schemas/reports.ts";

/**
 * A sheet is a header and pages of rows read one after another from the database, so no export
 * is ever whole in memory: each page is written out (CSV text or XLSX zip entries) before the
 * next is read, and writing waits while the reader is slower than the database
 * (docs/decisions/0014-exports-stream-csv-and-xlsx.md).
 */
export type CellKind = "text" | "date" | "integer" | "decimal" | "money" | "percent";

export interface SheetColumn {
  key: string;
  header: string;
  kind: CellKind;
}

export interface Sheet {
  /** The XLSX tab name (at most 31 characters). */
  name: string;
  columns: SheetColumn[];
  /** Money cells in cents, percentages as numbers (15.5 = 15.5 %). */
  pages: AsyncIterable<(string | number | null)[][]>;
}

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

/** Money in currency units for the file: 1234.5 for 123450 cents. */
function cellValue(kind: CellKind, value: string | number | null): string | number | null {
  if (value === null) return null;
  if (kind === "money") return Number(value) / 100;
  return value;
}

/** CSV text: money with two decimals and a dot, as the reservations export writes it; a BOM so spreadsheets read UTF-8. */
function csvText(kind: CellKind, value: string | number | null): string {
  if (value === null) return "";
  if (kind === "money") return (Number(value) / 100).toFixed(2);
  return kind === "text" ? escapeFormula(String(value)) : String(value);
}

/** Writes every page, waiting for `target` to drain between pages. */
async function pump(target: Writable, write: (row: (string | number | null)[]) => void, sheet: Sheet) {
  for await (const page of sheet.pages) {
    for (const row of page) write(row);
    if (target.writableNeedDrain) await once(target, "drain");
  }
}

function csvStream(sheet: Sheet): Readable {
  const out = stringify({ bom: true, header: true, columns: sheet.columns.map((c) => ({ key: c.key, header: c.header })) });
  const passthrough = new PassThrough();
  out.pipe(passthrough);
  (async () => {
    await pump(out, (row) => out.write(Object.fromEntries(sheet.columns.map((c, i) => [c.key, csvText(c.kind, row[i] ?? null)]))), sheet);
    out.end();
  })().catch((error) => passthrough.destroy(error));
  return passthrough;
}

const NUMBER_FORMATS: Partial<Record<CellKind, string>> = { money: "#,##0.00", percent: "0.00", integer: "0", decimal: "0.0##" };

function xlsxStream(sheet: Sheet): Readable {
  const out = new PassThrough();
  (async () => {
    // Loaded on the first XLSX export, not at start: ~8 MB of heap most servers never need (ADR 0029).
    const { default: ExcelJS } = await import("exceljs");
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const worksheet = workbook.addWorksheet(sheet.name.slice(0, 31));
    worksheet.columns = sheet.columns.map((c) => ({ key: c.key, header: c.header, width: Math.max(12, c.header.length + 2), style: NUMBER_FORMATS[c.kind] ? { numFmt: NUMBER_FORMATS[c.kind] } : {} }));
    await pump(out, (row) => worksheet.addRow(sheet.columns.map((c, i) => cellValue(c.kind, row[i] ?? null))).commit(), sheet);
    worksheet.commit();
    await workbook.commit();
  })().catch((error) => out.destroy(error));
  return out;
}

/** The sheet as a web stream of the chosen file format. */
export function exportStream(sheet: Sheet, format: ExportFormat): ReadableStream<Uint8Array> {
  const node = format === "csv" ? csvStream(sheet) : xlsxStream(sheet);
  return Readable.toWeb(node) as ReadableStream<Uint8Array>;
}
