import { resolve } from "node:path";
import { getConfig } from "#config";
import { openDatabase } from "#api/db/client.ts";
import { renewDue } from "./builtin.ts";

/**
 * Runs the built-in provider's renewals once, for every business. The server already does this every
 * RENEWALS_EVERY_MINUTES (the daily command `billing.renewals`, api/services/daily/commands.ts); this script is for
 * deployments that turn that off and schedule renewals outside (cron):
 *   node --import tsx api/services/billing/renew.ts
 * Uses DATABASE_URL, or the embedded database in DATA_DIR (stop the server first: PGlite is single-process).
 */
const config = getConfig();
const handle = config.DATABASE_URL
  ? await openDatabase({ kind: "postgres", url: config.DATABASE_URL })
  : await openDatabase({ kind: "pglite", dataDir: resolve(config.DATA_DIR, "pglite") });
await handle.migrate();
const report = await renewDue(handle.db, new Date());
await handle.close();
console.log(`Renewals: ${report.renewed} renewed, ${report.recovered} recovered, ${report.pastDue} past due, ${report.canceled} canceled, ${report.errors.length} failed.`);
