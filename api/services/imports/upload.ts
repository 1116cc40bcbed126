import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import Busboy, { type BusboyInstance } from "@fastify/busboy";
import { and, eq, lt } from "drizzle-orm";
import type { TFunction } from "i18next";
import type { Database } from "#api/db/client.ts";
import { reservationImportRows, reservationImports } from "#api/db/schema/index.ts";
import { HttpError } from "#api/errors.ts";
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from "#domain/imports/limits.ts";
import { FileRefused, readRows, type RefusalReason } from "./read-file.ts";

/** Staged rows per INSERT. The limits of one file (issue #25, domain/imports/limits.ts): 50 MB and 200,000 rows, each a clear 4xx. */
const STAGE_BATCH = 1000;

const STATUS: Record<RefusalReason, 413 | 422> = {
  tooLarge: 413,
  tooManyRows: 413,
  notText: 422,
  encoding: 422,
  badCsv: 422,
  badXlsx: 422,
  empty: 422,
  noHeader: 422,
};

export function refusal(t: TFunction, reason: RefusalReason): HttpError {
  const message = t(`imports:api.${reason}`, { maxMb: MAX_IMPORT_BYTES / 1024 / 1024, maxRows: MAX_IMPORT_ROWS.toLocaleString("en-US") });
  return new HttpError(STATUS[reason], message, { file: [message] });
}

/** The one file of a multipart body, as a stream of bytes, and its name. */
function filePart(request: Request): Promise<{ name: string; stream: Readable }> {
  const type = request.headers.get("content-type") ?? "";
  if (!request.body || !type.startsWith("multipart/form-data")) return Promise.reject(new FileRefused("empty"));
  return new Promise((resolve, reject) => {
    let busboy: BusboyInstance;
    try {
      busboy = new Busboy({ headers: { "content-type": type }, limits: { files: 1, fileSize: MAX_IMPORT_BYTES, fields: 10 } });
    } catch {
      reject(new FileRefused("empty"));
      return;
    }
    let found = false;
    busboy.on("file", (field, stream, filename) => {
      if (field !== "file" || found) {
        stream.resume();
        return;
      }
      found = true;
      stream.on("limit", () => stream.destroy(new FileRefused("tooLarge")));
      resolve({ name: (filename || "import.csv").slice(0, 200), stream });
    });
    busboy.on("error", (error: unknown) => reject(error));
    busboy.on("finish", () => {
      if (!found) reject(new FileRefused("empty"));
    });
    Readable.fromWeb(request.body as unknown as WebReadableStream<Uint8Array>).pipe(busboy);
  });
}

/**
 * POST /businesses/{id}/imports: streams the file's rows into the import's staging table,
 * a thousand at a time. A file refused half-way (too big, too many rows, bad bytes) takes its
 * import and staged rows with it, so nothing half-written remains; an upload cut by a crash
 * stays "uploading" and is removed at the next start (removeUnfinishedUploads).
 */
export async function uploadImport(db: Database, t: TFunction, businessId: string, userId: string | null, request: Request): Promise<string> {
  let importId: string | undefined;
  try {
    const { name, stream } = await filePart(request);
    const { shape, rows } = await readRows(stream);
    const first = await rows.next();
    const header = first.done ? [] : first.value.map((h) => h.trim());
    if (header.length < 2 || header.every((h) => h === "")) throw new FileRefused("noHeader");
    const [created] = await db
      .insert(reservationImports)
      .values({ businessId, createdBy: userId, fileName: name, format: shape.format, delimiter: shape.delimiter, encoding: shape.encoding, status: "uploading", header })
      .returning({ id: reservationImports.id });
    importId = created!.id;
    let line = 0;
    let batch: { importId: string; line: number; cells: string[] }[] = [];
    for await (const cells of rows) {
      if (cells.every((c) => c === "")) continue;
      line++;
      if (line > MAX_IMPORT_ROWS) throw new FileRefused("tooManyRows");
      batch.push({ importId, line, cells });
      if (batch.length === STAGE_BATCH) {
        await db.insert(reservationImportRows).values(batch);
        batch = [];
      }
    }
    if (line === 0) throw new FileRefused("empty");
    if (batch.length) await db.insert(reservationImportRows).values(batch);
    await db.update(reservationImports).set({ status: "uploaded", rowCount: line }).where(eq(reservationImports.id, importId));
    return importId;
  } catch (error) {
    if (importId) await db.delete(reservationImports).where(eq(reservationImports.id, importId));
    if (error instanceof FileRefused) throw refusal(t, error.reason);
    throw error;
  }
}

/** Uploads a crash interrupted (run at start): older than an hour, so another process's upload in flight is left alone. */
export async function removeUnfinishedUploads(db: Database, now = new Date()): Promise<void> {
  await db.delete(reservationImports).where(and(eq(reservationImports.status, "uploading"), lt(reservationImports.createdAt, new Date(now.getTime() - 3_600_000))));
}
