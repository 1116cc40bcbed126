import { resolve } from "node:path";
import { openDatabase } from "#api/db/client.ts";
import { prepareDatabase } from "#api/seed/prepare.ts";
import { getConfig } from "#config";

/**
 * Migrates, seeds (unless `--no-seed`) and seals credentials in the embedded database, then exits.
 * The server runs this as a child process before it opens the database itself, so the memory the
 * first start needs (initdb, a year of demo bookings in one transaction, ANALYZE) goes back to the
 * system with the child instead of staying in the server's WebAssembly memory, which never
 * shrinks (ADR 0029). Compiled to build/node/prepare-database.js.
 */
const config = getConfig();
const handle = await openDatabase({ kind: "pglite", dataDir: resolve(config.DATA_DIR, "pglite") });
try {
  await prepareDatabase(handle, { seed: !process.argv.includes("--no-seed"), log: true });
} finally {
  await handle.close();
}
