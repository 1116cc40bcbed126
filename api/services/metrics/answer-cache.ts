/**
 * A short-lived memory of expensive read answers (the dashboard: seven aggregate queries and the
 * days-to-update engine run on every visit to /), ADR 0027 and ADR 0032. Correct by version,
 * bounded by time:
 * - each answer is remembered with the business's data version it was computed at
 *   (api/services/data-version.ts): a database trigger moves that version in the same transaction
 *   as any write to the business's data — an API request, a background job (channel imports,
 *   competitor rates, renewals), another process — so an answer is served only while nothing it
 *   may depend on has changed, in every process at once;
 * - the passing of time the answer depends on (pickup "last 24 hours") shows within MAX_AGE_MS.
 * The caller reads the version before computing: a write committed during the computation moves
 * the version past the one remembered, so the next read computes again.
 * Kept per database handle, so separate databases (tests) never share answers.
 */
export const MAX_AGE_MS = 30_000;
const MAX_ENTRIES = 1_000;

interface Entry {
  version: number;
  at: number;
  answer: Promise<unknown>;
}

const caches = new WeakMap<object, Map<string, Entry>>();

/**
 * `compute()`'s answer for `key` on `db`, remembered while the data version stays `version` and
 * for at most MAX_AGE_MS. Concurrent readers at one version share one computation; a failed
 * computation is not remembered.
 */
export function remembered<T>(db: object, key: string, now: Date, version: number, compute: () => Promise<T>): Promise<T> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const at = now.getTime();
  const hit = cache.get(key);
  if (hit && hit.version === version && at >= hit.at && at - hit.at < MAX_AGE_MS) return hit.answer as Promise<T>;
  if (cache.size >= MAX_ENTRIES) cache.clear();
  const entry: Entry = { version, at, answer: compute() };
  cache.set(key, entry);
  entry.answer.catch(() => {
    if (cache.get(key) === entry) cache.delete(key);
  });
  return entry.answer as Promise<T>;
}
