import { PassThrough, type Readable } from "node:stream";
import { parse } from "csv-parse";

/**
 * Reads a booking file as a stream of rows of cell texts (issue #25): CSV in any of the usual
 * delimiters, UTF-8 or Windows-1252, quoted fields; or the first sheet of an XLSX workbook. The
 * first 64 KiB decide the format; nothing more than a chunk and a row is held at a time. A
 * file that is neither (binary content, a broken workbook, broken quoting) is a 422 whose
 * message says so, never a 500.
 */

export interface FileShape {
  format: "csv" | "xlsx";
  delimiter: string | null;
  encoding: "utf-8" | "windows-1252" | null;
}

const SNIFF_BYTES = 64 * 1024;
const DELIMITERS = [",", ";", "\t", "|"];
const ZIP = [0x50, 0x4b, 0x03, 0x04];

export type RefusalReason = "notText" | "encoding" | "badCsv" | "badXlsx" | "empty" | "tooLarge" | "tooManyRows" | "noHeader";

/** Why a file cannot be read (the upload turns it into a translated 4xx beside the file field). */
export class FileRefused extends Error {
  constructor(readonly reason: RefusalReason) {
    super(`file refused: ${reason}`);
  }
}

/** The delimiter that splits the header line (outside quotes) into the most cells. */
export function detectDelimiter(firstLine: string): string {
  let best = ",";
  let bestCount = 0;
  for (const d of DELIMITERS) {
    let count = 0;
    let quoted = false;
    for (const ch of firstLine) {
      if (ch === '"') quoted = !quoted;
      else if (ch === d && !quoted) count++;
    }
    if (count > bestCount) {
      best = d;
      bestCount = count;
    }
  }
  return best;
}

/** UTF-8 when the bytes are valid UTF-8 (a character cut at the end of the sample is fine), else Windows-1252. */
function detectEncoding(sample: Uint8Array): FileShape["encoding"] {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(sample, { stream: true });
    return "utf-8";
  } catch {
    return "windows-1252";
  }
}

/** Text files have no NUL byte; UTF-16 and binaries do. */
const looksBinary = (sample: Uint8Array) => sample.includes(0);

async function* chunksOf(source: AsyncIterable<Buffer | Uint8Array>): AsyncGenerator<Uint8Array> {
  for await (const chunk of source) yield chunk instanceof Uint8Array ? chunk : new Uint8Array(chunk);
}

/** Buffers the first bytes to look at, then hands back every chunk, those included. */
async function sniff(source: AsyncIterable<Buffer | Uint8Array>): Promise<{ head: Uint8Array; rest: AsyncGenerator<Uint8Array> }> {
  const iterator = chunksOf(source);
  const parts: Uint8Array[] = [];
  let size = 0;
  while (size < SNIFF_BYTES) {
    const next = await iterator.next();
    if (next.done) break;
    parts.push(next.value);
    size += next.value.length;
  }
  const head = Buffer.concat(parts);
  async function* rest() {
    yield head;
    yield* iterator;
  }
  return { head, rest: rest() };
}

export interface RowStream {
  shape: FileShape;
  rows: AsyncGenerator<string[]>;
}

export async function readRows(source: AsyncIterable<Buffer | Uint8Array>): Promise<RowStream> {
  const { head, rest } = await sniff(source);
  if (head.length === 0) throw new FileRefused("empty");
  if (ZIP.every((b, i) => head[i] === b)) return { shape: { format: "xlsx", delimiter: null, encoding: null }, rows: xlsxRows(rest) };
  if (looksBinary(head)) throw new FileRefused("notText");
  const encoding = detectEncoding(head.subarray(0, SNIFF_BYTES));
  const text = new TextDecoder(encoding!).decode(head);
  const firstLine = text.replace(/^\uFEFF/, "").split(/\r?\n/, 1)[0] ?? "";
  const delimiter = detectDelimiter(firstLine);
  return { shape: { format: "csv", delimiter, encoding }, rows: csvRows(rest, encoding!, delimiter) };
}

async function* csvRows(bytes: AsyncGenerator<Uint8Array>, encoding: string, delimiter: string): AsyncGenerator<string[]> {
  // Fatal UTF-8: a file that switches encoding half-way is refused, not imported with broken names.
  const decoder = new TextDecoder(encoding, { fatal: encoding === "utf-8" });
  const parser = parse({ delimiter, bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, trim: false });
  const feed = (async () => {
    try {
      for await (const chunk of bytes) {
        if (looksBinary(chunk)) throw new FileRefused("notText");
        let text: string;
        try {
          text = decoder.decode(chunk, { stream: true });
        } catch {
          throw new FileRefused("encoding");
        }
        if (parser.destroyed) return;
        // Wait for the reader; a parser destroyed by bad input never drains, so its close ends the wait too.
        if (!parser.write(text)) await new Promise((resolve) => (parser.once("drain", resolve), parser.once("close", resolve)));
      }
      parser.end(decoder.decode());
    } catch (error) {
      parser.destroy(error as Error);
    }
  })();
  try {
    for await (const record of parser) yield record as string[];
  } catch (error) {
    if (error instanceof FileRefused) throw error;
    throw new FileRefused("badCsv");
  } finally {
    await feed;
  }
}

/** A cell as text: a formula keeps its result (or, with none, its text), dates become YYYY-MM-DD. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === "object") {
    const v = value as { result?: unknown; formula?: string; richText?: { text: string }[]; text?: string; error?: string };
    if (v.richText) return v.richText.map((r) => r.text).join("");
    if ("result" in v && v.result !== undefined) return cellText(v.result);
    if (v.formula) return `=${v.formula}`;
    if (typeof v.text === "string") return v.text;
    if (v.error) return v.error;
  }
  return String(value);
}

async function* xlsxRows(bytes: AsyncGenerator<Uint8Array>): AsyncGenerator<string[]> {
  const { default: ExcelJS } = await import("exceljs");
  const input = new PassThrough();
  const pump = (async () => {
    try {
      for await (const chunk of bytes) {
        if (input.destroyed) return;
        if (!input.write(chunk)) await new Promise((resolve) => (input.once("drain", resolve), input.once("close", resolve)));
      }
      input.end();
    } catch (error) {
      input.destroy(error as Error);
    }
  })();
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input as unknown as Readable, { sharedStrings: "cache", hyperlinks: "ignore", styles: "cache", worksheets: "emit", entries: "emit" });
  try {
    for await (const sheet of reader) {
      for await (const row of sheet as AsyncIterable<{ values: unknown[] }>) {
        // ExcelJS rows are 1-based: values[0] is always empty.
        yield (row.values as unknown[]).slice(1).map(cellText);
      }
      break;
    }
  } catch (error) {
    if (error instanceof FileRefused) throw error;
    throw new FileRefused("badXlsx");
  } finally {
    input.destroy();
    await pump;
  }
}
