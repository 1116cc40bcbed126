import { randomBytes } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { inject } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../api/db/client.ts";
import { withDatabase } from "./global-setup.ts";

let pgliteBase: Promise<PGlite> | undefined;

/** A migrated PGlite per worker, made once; test files get clones of it (about 0.5 s each). */
function migratedPglite(): Promise<PGlite> {
  pgliteBase ??= (async () => {
    const client = await PGlite.create();
    await (await openDatabase({ kind: "pglite", client })).migrate();
    return client;
  })();
  return pgliteBase;
}

/**
 * A fresh, migrated, isolated database for one test file: a PGlite clone, or with
 * TEST_DATABASE_URL a new database on that server copied from the migrated template.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const client = await (await migratedPglite()).clone();
    return openDatabase({ kind: "pglite", client: client as PGlite });
  }
  const name = `tarifa_t_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject("templateDatabase")}`);
  const handle = await openDatabase({ kind: "postgres", url: withDatabase(url, name) });
  return {
    ...handle,
    async close() {
      await handle.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
