import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema/index.ts";
import { instrumentPgClient, instrumentPglite, startupLock } from "./instrument.ts";
import { observePool } from "#api/observability/metrics.ts";

export type Schema = typeof schema;
/** Either driver: both are PostgreSQL, so the rest of the code sees one type. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/** Plain SQL text with `$n` parameters, as the job queue (pg-boss) speaks it. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: any[] }>;
}

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** The same database for libraries that bring their own SQL (several statements allowed without parameters). */
  sql: SqlExecutor;
  /** Applies the committed migrations, once across processes (under the startup lock). */
  migrate(): Promise<void>;
  /**
   * Runs `fn` while no other process runs its own (a PostgreSQL advisory lock): migrations and
   * the first seed when several processes start together. Re-entrant within one process.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * PGlite only: a gzipped tarball of the data directory, taken after a CHECKPOINT while no other
   * statement or transaction can run (ADR 0023). PostgreSQL servers are backed up with pg_dump.
   */
  dumpDataDir?(): Promise<Uint8Array<ArrayBuffer>>;
}

export type DatabaseTarget =
  | { kind: "postgres"; url: string; max?: number }
  | { kind: "pglite"; dataDir?: string; client?: PGlite; settings?: Record<string, string> };

/**
 * PostgreSQL settings for the embedded database a server keeps open (ADR 0029). PGlite's
 * WebAssembly memory starts at 128 MB and only grows: PostgreSQL's default 128 MB of shared
 * buffers (and 64 MB for maintenance) would have it hold ~200 MB before the first request and
 * more after. The files stay in the system's page cache, so small buffers cost little.
 */
export const SERVER_PGLITE_SETTINGS: Record<string, string> = {
  shared_buffers: "16MB",
  work_mem: "2MB",
  maintenance_work_mem: "8MB",
  temp_buffers: "2MB",
  wal_buffers: "512kB",
};

function startParams(settings: Record<string, string> | undefined): string[] | undefined {
  if (!settings) return undefined;
  return [...PGlite.defaultStartParams, ...Object.entries(settings).flatMap(([name, value]) => ["-c", `${name}=${value}`])];
}

/** The database the configuration names: DATABASE_URL's server, or PGlite in DATA_DIR/pglite. */
export function configuredDatabase(config: { DATABASE_URL?: string; DATA_DIR: string }): DatabaseTarget {
  return config.DATABASE_URL ? { kind: "postgres", url: config.DATABASE_URL } : { kind: "pglite", dataDir: pgliteDataDir(config.DATA_DIR) };
}

/** Where the embedded database keeps its files inside DATA_DIR. */
export const pgliteDataDir = (dataDir: string) => resolve(dataDir, "pglite");

/** Opens PostgreSQL: a server when a URL is given, otherwise embedded PGlite (in memory without a dataDir). */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: target.url, max: target.max ?? 10 });
    // An idle connection the server drops must not crash the process; the pool replaces it.
    pool.on("error", (error) => console.error("PostgreSQL pool error:", error.message));
    pool.on("connect", instrumentPgClient);
    const unobserve = observePool(pool);
    const db = drizzlePg({ client: pool, schema, casing: "snake_case" });
    const exclusive = startupLock(() => new pg.Client({ connectionString: target.url }));
    return {
      db: db as unknown as Database,
      kind: "postgres",
      sql: { executeSql: (text, values) => pool.query(text, values) },
      migrate: () => exclusive(() => migratePg(db, { migrationsFolder })),
      exclusive,
      close: async () => {
        unobserve();
        await pool.end();
      },
    };
  }
  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
  const client = target.client ?? (await PGlite.create({ dataDir: target.dataDir, startParams: startParams(target.settings) }));
  instrumentPglite(client);
  const db = drizzlePglite({ client, schema, casing: "snake_case" });
  return {
    db: db as unknown as Database,
    kind: "pglite",
    sql: {
      // PGlite's extended protocol takes one statement; scripts without parameters go through exec.
      async executeSql(text, values) {
        if (values?.length) return client.query(text, values);
        const results = await client.exec(text);
        return results[results.length - 1] ?? { rows: [] };
      },
    },
    migrate: () => migratePglite(db, { migrationsFolder }),
    // One process owns an embedded database: nothing to coordinate.
    exclusive: (fn) => fn(),
    close: () => client.close(),
    // Inside a transaction PGlite runs nothing else, so no write lands between the checkpoint and the copy.
    dumpDataDir: () =>
      client.transaction(async (tx) => {
        await tx.exec("checkpoint");
        const tarball = await client.dumpDataDir("gzip");
        return new Uint8Array(await tarball.arrayBuffer());
      }),
  };
}
