import { HEALTH_MAX_RECORDS, HEALTH_STALE_MS } from "./constants";
import { createStore, type Store } from "./store";

/** One finished request: when, and whether the server answered. */
export interface HealthRecord {
  at: number;
  ok: boolean;
}

/** What the banner says: all well, the browser is offline, or the server stopped answering. */
export type ConnectionStatus = "ok" | "offline" | "failing";

export interface ConnectionHealthOptions {
  now: () => number;
  maxRecords?: number;
  staleMs?: number;
  /** Schedules the re-check that lets a failure go stale without any new request. */
  setTimeout?: (fn: () => void, ms: number) => unknown;
  clearTimeout?: (id: unknown) => void;
}

/**
 * The connection health record of spec section 9: the last HEALTH_MAX_RECORDS requests, each
 * forgotten after HEALTH_STALE_MS. The connection is failing while the newest fresh record is a
 * failure, and offline while the browser says so.
 */
export function createConnectionHealth(options: ConnectionHealthOptions) {
  const { now, maxRecords = HEALTH_MAX_RECORDS, staleMs = HEALTH_STALE_MS } = options;
  const schedule = options.setTimeout ?? ((fn, ms) => globalThis.setTimeout(fn, ms));
  const cancel = options.clearTimeout ?? ((id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>));
  let records: HealthRecord[] = [];
  let online = true;
  let expiry: unknown;
  const status: Store<ConnectionStatus> = createStore<ConnectionStatus>("ok");
  /** A form submit was held back while offline (its input kept); cleared when back online. */
  const heldSubmit = createStore(false);

  function fresh(): HealthRecord[] {
    const at = now();
    return records.filter((r) => at - r.at < staleMs);
  }

  function update() {
    records = fresh();
    const latest = records.at(-1);
    status.set(!online ? "offline" : latest && !latest.ok ? "failing" : "ok");
    cancel(expiry);
    expiry = undefined;
    if (latest && !latest.ok) expiry = schedule(update, Math.max(0, latest.at + staleMs - now()));
  }

  return {
    status,
    heldSubmit,
    /** The record itself, oldest first (fresh entries only). */
    records: (): readonly HealthRecord[] => fresh(),
    record(ok: boolean) {
      records = [...records, { at: now(), ok }].slice(-maxRecords);
      update();
    },
    setOnline(value: boolean) {
      online = value;
      if (online) heldSubmit.set(false);
      update();
    },
    holdSubmit() {
      heldSubmit.set(true);
    },
  };
}

export type ConnectionHealth = ReturnType<typeof createConnectionHealth>;

/** Whether an answer says the server (or the way to it) is down, rather than the request being wrong. */
export function isOutage(status: number): boolean {
  return status === 502 || status === 503 || status === 504;
}
