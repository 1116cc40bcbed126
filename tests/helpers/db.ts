import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { inject } from "vitest";
import { openDatabase, pgliteDataDir, type DatabaseHandle } from "#api/db/client.ts";
import { withDatabase } from "./global-setup.ts";

/** The migrated PGlite of this run and the same seeded (tests/helpers/global-setup.ts), each read once per test file. */
const dumps: { migrated?: Blob; seeded?: Blob } = {};

/** Which copy a test file starts from: migrated only, or also holding the demo data (seeded at `seedMoment`). */
export interface TestDatabaseOptions {
  seeded?: boolean;
}

/** A fresh, migrated, in-memory PGlite, even when the tests run on PostgreSQL (TEST_DATABASE_URL). */
export async function createPgliteTestDatabase(options: TestDatabaseOptions = {}): Promise<DatabaseHandle> {
  const kind = options.seeded ? "seeded" : "migrated";
  dumps[kind] ??= new Blob([readFileSync(inject(options.seeded ? "pgliteSeededDump" : "pgliteDump"))]);
  const client = await PGlite.create({ loadDataDir: dumps[kind] });
  return openDatabase({ kind: "pglite", client });
}

/**
 * Copies an in-memory PGlite test database into `DATA_DIR/pglite` (PGlite's own dump and load,
 * quicker than initdb and migrations on disk) and closes it, so a server process can open the
 * directory: PGlite lets one process at a time hold it.
 */
export async function moveToDataDir(handle: DatabaseHandle, dataDir: string): Promise<void> {
  const dump = await handle.dumpDataDir!();
  await handle.close();
  const copy = await PGlite.create({ dataDir: pgliteDataDir(dataDir), loadDataDir: new Blob([dump]) });
  await copy.close();
}

/**
 * A fresh, migrated (and with `seeded`, seeded) isolated database for one test file: a PGlite clone,
 * or with TEST_DATABASE_URL a new database on that server copied from the template.
 */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<DatabaseHandle & { url?: string }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return createPgliteTestDatabase(options);
  const name = `tarifa_t_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject(options.seeded ? "seededTemplateDatabase" : "templateDatabase")}`);
  const handle = await openDatabase({ kind: "postgres", url: withDatabase(url, name) });
  return {
    ...handle,
    /** The database's own URL, for a server started in another process (tests/helpers/api-process.ts). */
    url: withDatabase(url, name),
    async close() {
      await handle.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
