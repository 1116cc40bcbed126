import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import Busboy, { type BusboyInstance } from "@fastify/busboy";
import { MAX_IMPORT_BYTES } from "#domain/imports/limits";

/**
 * Forms whose file goes on to the API as it arrives, never held whole by the web (issue 25: a
 * reservations file of up to 50 MB). Their action passes the request's own body on
 * (`StreamedBody`); the request guard lets them past the 5 MB of other uploads, checks only the
 * declared length (the API counts the bytes as it reads them), and reads the CSRF token from the
 * body's first field instead of parsing the whole form (request-guard.server.ts).
 */
const STREAMED_UPLOADS: ReadonlyMap<string, number> = new Map([
  // The file, plus the multipart framing and the token field.
  ["/pms-settings/imports", MAX_IMPORT_BYTES + 1024 * 1024],
]);

/** The body limit of a streamed upload to this address (a page or its `.data` for JavaScript's posts), or null. */
export function streamedUploadLimit(request: Request): number | null {
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  if (!type.startsWith("multipart/form-data")) return null;
  const path = new URL(request.url).pathname.replace(/\.data$/, "").replace(/\/$/, "") || "/";
  return STREAMED_UPLOADS.get(path) ?? null;
}

/** The most of a body read to find its first field (a token is a few hundred bytes). */
const FIRST_FIELD_BYTES = 64 * 1024;

/**
 * The value of the multipart body's first part when it is the text field `name` (our forms put
 * the CSRF token first: AppForm), else null. Reads a copy of the body only that far, so the
 * request's own body still streams on, whole, to whoever reads it next.
 */
export function firstField(request: Request, name: string): Promise<string | null> {
  if (!request.body) return Promise.resolve(null);
  const copy = request.clone().body! as unknown as WebReadableStream<Uint8Array>;
  return new Promise((resolve) => {
    const source = Readable.fromWeb(copy);
    let settled = false;
    const settle = (value: string | null) => {
      if (settled) return;
      settled = true;
      resolve(value);
      // Not awaited: a tee branch's cancel settles only once the other branch is read or cancelled.
      source.destroy();
    };
    let busboy: BusboyInstance;
    try {
      busboy = new Busboy({ headers: { "content-type": request.headers.get("content-type") ?? "" }, limits: { fieldSize: FIRST_FIELD_BYTES, fields: 1, files: 1 } });
    } catch {
      settle(null);
      return;
    }
    busboy.on("field", (field: string, value: string, _nameTruncated: boolean, valueTruncated: boolean) => settle(field === name && !valueTruncated ? value : null));
    busboy.on("file", () => settle(null));
    busboy.on("error", () => settle(null));
    busboy.on("finish", () => settle(null));
    source.on("error", () => settle(null));
    // A body that names no field in its first bytes has no token where our forms put it.
    let seen = 0;
    source.on("data", (chunk: Buffer) => {
      seen += chunk.byteLength;
      if (seen > FIRST_FIELD_BYTES * 2) settle(null);
    });
    source.pipe(busboy);
  });
}
