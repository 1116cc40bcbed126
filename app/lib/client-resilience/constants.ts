/**
 * Spec section 9's client limits, and the one interval the spec leaves to us. Each is checked by
 * tests/unit/client-resilience.test.ts and its behaviour by tests/e2e/client-resilience.spec.ts.
 */

/** How often an open tab asks whether a new build was deployed (paused while the tab is hidden). */
export const VERSION_POLL_INTERVAL_MS = 5 * 60_000;

/** Page reload guard: at most one automatic reload within this window. */
export const RELOAD_GUARD_MS = 10_000;

/** Route preloading: at most this many route preloads in flight at once. */
export const MAX_CONCURRENT_PRELOADS = 4;

/** Connection health: the record keeps at most this many requests… */
export const HEALTH_MAX_RECORDS = 10;

/** …and a request older than this says nothing about the connection any more. */
export const HEALTH_STALE_MS = 60_000;
