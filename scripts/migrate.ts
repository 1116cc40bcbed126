import { resolve } from "node:path";
import { openDatabase } from "#api/db/client.ts";
import { getConfig } from "#config";

/** `npm run db:migrate`: applies the committed SQL migrations to DATABASE_URL, or to the embedded database. */
const config = getConfig();
const handle = config.DATABASE_URL
  ? await openDatabase({ kind: "postgres", url: config.DATABASE_URL })
  : await openDatabase({ kind: "pglite", dataDir: resolve(config.DATA_DIR, "pglite") });
await handle.migrate();
await handle.close();
console.log(`Migrations applied (${handle.kind}).`);
