import type { MiddlewareHandler } from "hono";

/**
 * A short-lived memory of expensive read answers (the dashboard: seven aggregate queries and the
 * days-to-update engine run on every visit to /), ADR 0027. Correct by invalidation, bounded by
 * time:
 * - every API request that may write (any method but GET/HEAD/OPTIONS) moves a generation counter
 *   once it has answered, and an answer remembered under an older generation is never served
 *   again — so a booking, a price, a goal saved through the API shows on the next read;
 * - writes that do not come through an API request (background jobs: channel imports, competitor
 *   rates, daily commands) show within MAX_AGE_MS, as does the passing of time the answer
 *   depends on (pickup "last 24 hours").
 * Kept per database handle, so separate databases (tests) never share answers. One Node process
 * serves the web and the API (docs/architecture.md); a second process would keep its own memory.
 */
export const MAX_AGE_MS = 30_000;
const MAX_ENTRIES = 1_000;

let generation = 0;

/** Marks every remembered answer as stale. */
export function dataChanged(): void {
  generation++;
}

/** After each request that may write, whatever it answered. */
export const forgetAnswersOnWrite: MiddlewareHandler = async (c, next) => {
  try {
    await next();
  } finally {
    if (c.req.method !== "GET" && c.req.method !== "HEAD" && c.req.method !== "OPTIONS") dataChanged();
  }
};

interface Entry {
  generation: number;
  at: number;
  answer: Promise<unknown>;
}

const caches = new WeakMap<object, Map<string, Entry>>();

/**
 * `compute()`'s answer for `key` on `db`, remembered until a write or MAX_AGE_MS. Concurrent
 * readers share one computation; a failed computation is not remembered.
 */
export function remembered<T>(db: object, key: string, now: Date, compute: () => Promise<T>): Promise<T> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const at = now.getTime();
  const hit = cache.get(key);
  if (hit && hit.generation === generation && at >= hit.at && at - hit.at < MAX_AGE_MS) return hit.answer as Promise<T>;
  if (cache.size >= MAX_ENTRIES) cache.clear();
  const entry: Entry = { generation, at, answer: compute() };
  cache.set(key, entry);
  entry.answer.catch(() => {
    if (cache.get(key) === entry) cache.delete(key);
  });
  return entry.answer as Promise<T>;
}
