import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
import { dbQueryDuration } from "#api/observability/metrics.ts";

/**
 * Query timings for /metrics, taken where every query passes: node-postgres's client.query
 * (the pool's own query() runs through a client too) and PGlite's query/exec.
 */
export function instrumentPgClient(client: pg.PoolClient): void {
  const original = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    // Streams (cursors, COPY) time themselves out of our sight.
    if (args[0] && typeof (args[0] as { submit?: unknown }).submit === "function") return original(...args);
    const end = dbQueryDuration.startTimer({ driver: "postgres" });
    const last = args[args.length - 1];
    if (typeof last === "function") {
      args[args.length - 1] = (error: unknown, result: unknown) => {
        end({ outcome: error ? "error" : "ok" });
        (last as (e: unknown, r: unknown) => void)(error, result);
      };
      return original(...args);
    }
    const answer = original(...args) as Promise<unknown>;
    answer.then(
      () => end({ outcome: "ok" }),
      () => end({ outcome: "error" }),
    );
    return answer;
  };
}

export function instrumentPglite(client: PGlite): void {
  for (const method of ["query", "exec"] as const) {
    const original = (client[method] as (...args: unknown[]) => Promise<unknown>).bind(client);
    (client as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
      const end = dbQueryDuration.startTimer({ driver: "pglite" });
      try {
        const result = await original(...args);
        end({ outcome: "ok" });
        return result;
      } catch (error) {
        end({ outcome: "error" });
        throw error;
      }
    };
  }
}

/** The advisory lock key of start-up work (migrations, first seed): "tarifa" in ASCII. */
export const STARTUP_LOCK_KEY = 0x746172696661;

/**
 * `exclusive(fn)`: holds a session-level advisory lock on a connection of its own (`connect()`,
 * outside the pool, so a pool of one connection still has it for `fn`) while `fn` runs, so
 * processes starting together migrate and seed one after the other (the later ones find the work
 * done). Re-entrant: a nested call runs at once.
 */
export function startupLock(connect: () => pg.Client): <T>(fn: () => Promise<T>) => Promise<T> {
  let held = false;
  return async (fn) => {
    if (held) return fn();
    const client = connect();
    // A connection the server drops while the lock is held fails the query in hand; nothing else to do.
    client.on("error", () => undefined);
    await client.connect();
    try {
      await client.query("select pg_advisory_lock($1)", [STARTUP_LOCK_KEY]);
      held = true;
      try {
        return await fn();
      } finally {
        held = false;
        await client.query("select pg_advisory_unlock($1)", [STARTUP_LOCK_KEY]);
      }
    } finally {
      await client.end();
    }
  };
}
