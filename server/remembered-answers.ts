import { createHash } from "node:crypto";
import type { OutgoingHttpHeaders, ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { LRUCache } from "lru-cache";
import { rememberedAnswers as counted } from "#api/observability/metrics.ts";

/**
 * Remembered answers (ADR 0034): a signed-in GET that is asked again with the same credentials
 * while nothing it shows has changed gets the bytes it got last time — status, headers and the
 * (compressed) body — without rendering the page or running the API route again.
 *
 * `callerOf` authenticates the request afresh every time (a revoked session is never answered
 * from memory) and gives what identifies the caller's view and the version of the data behind
 * it; a remembered answer is served only at the version it was made at, and for at most
 * REMEMBER_MS (the passing of time: "today", "the last 24 hours"). Only 200 answers that set no
 * cookie are kept. Installed before compression, so what is kept is what was sent.
 */
export interface Caller {
  /** Whatever makes two requests' answers differ besides the URL: the credential, languages… */
  identity: string;
  /** The data version the answer depends on (api/services/data-version.ts answerVersion). */
  version: string;
}

export interface RememberedAnswersOptions {
  /** Paths whose GET answers may be remembered: each reads only data that moves a version. */
  paths: readonly RegExp[];
  /** The caller and their data version, or null when this request must not be remembered. */
  callerOf(req: Request): Promise<Caller | null>;
  /** The clock that ages answers (REMEMBER_MS); `performance` unless a test moves time itself. */
  clock?: { now(): number };
}

/** How long a remembered answer may be served when nothing changed (as the dashboard's, ADR 0032). */
export const REMEMBER_MS = 30_000;
/** Memory for remembered answers in one process (ADR 0029: the 1 GB server). */
export const REMEMBERED_BYTES = 8 * 1024 * 1024;
/** Larger answers are not remembered. */
const LARGEST_REMEMBERED = 512 * 1024;
/** Headers that belong to one response, never replayed. */
const OWN_HEADERS = new Set(["x-request-id", "date", "connection", "keep-alive", "transfer-encoding", "content-length"]);

interface Remembered {
  version: string;
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

export function rememberedAnswers(options: RememberedAnswersOptions) {
  const answers = new LRUCache<string, Remembered>({
    maxSize: REMEMBERED_BYTES,
    sizeCalculation: (a) => a.body.length + 1024,
    ttl: REMEMBER_MS,
    ...(options.clock ? { perf: options.clock } : {}),
  });
  const middleware = (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" || !options.paths.some((p) => p.test(req.path))) return next();
    options.callerOf(req).then((caller) => {
      if (!caller) return next();
      const key = createHash("sha256")
        .update([caller.identity, req.originalUrl, req.headers["accept-encoding"] ?? "", req.headers["accept-language"] ?? ""].join("\n"))
        .digest("base64");
      const found = answers.get(key);
      if (found && found.version === caller.version) {
        counted.inc({ result: "hit" });
        res.status(found.status);
        for (const [name, value] of Object.entries(found.headers)) if (value !== undefined) res.setHeader(name, value);
        res.setHeader("Content-Length", found.body.length);
        res.end(found.body);
        return;
      }
      counted.inc({ result: "miss" });
      record(res, (answer) => answers.set(key, { ...answer, version: caller.version }));
      next();
    }, next);
  };
  return middleware;
}

/** Collects what `res` sends (after compression, which is installed after this) and hands it over if it may be kept. */
function record(res: ServerResponse, keep: (answer: Omit<Remembered, "version">) => void): void {
  const chunks: Buffer[] = [];
  let bytes = 0;
  let keeping = true;
  let headers: OutgoingHttpHeaders = {};
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    const result = (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
    // Headers passed to writeHead are merged into getHeaders() (setHeader was called before).
    headers = { ...res.getHeaders(), ...headersIn(args) };
    if (res.statusCode !== 200 || headers["set-cookie"] !== undefined) keeping = false;
    return result;
  } as typeof res.writeHead;
  const take = (chunk: unknown, encoding?: unknown) => {
    if (!keeping || chunk == null || typeof chunk === "function") return;
    const buffer = Buffer.isBuffer(chunk) ? chunk : typeof chunk === "string" ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8") : Buffer.from(chunk as Uint8Array);
    bytes += buffer.length;
    if (bytes > LARGEST_REMEMBERED) keeping = false;
    else chunks.push(buffer);
  };
  const write = res.write;
  res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
    take(chunk, rest[0]);
    return (write as (...a: unknown[]) => boolean).call(this, chunk, ...rest);
  } as typeof res.write;
  const end = res.end;
  res.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
    take(chunk, rest[0]);
    const result = (end as (...a: unknown[]) => ServerResponse).call(this, chunk, ...rest);
    if (keeping && res.statusCode === 200) {
      const kept: OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(headers)) if (!OWN_HEADERS.has(name.toLowerCase())) kept[name.toLowerCase()] = value;
      if (kept["set-cookie"] === undefined) keep({ status: 200, headers: kept, body: Buffer.concat(chunks) });
    }
    return result;
  } as typeof res.end;
  // A response that ends early (client gone) is not complete: nothing is kept.
  res.once("close", () => {
    if (!res.writableFinished) keeping = false;
  });
}

function headersIn(args: unknown[]): OutgoingHttpHeaders {
  const given = args.find((a) => a && typeof a === "object") as OutgoingHttpHeaders | [string, string][] | undefined;
  if (!given) return {};
  const pairs = Array.isArray(given) ? given : Object.entries(given);
  return Object.fromEntries(pairs.map(([name, value]) => [String(name).toLowerCase(), value]));
}
