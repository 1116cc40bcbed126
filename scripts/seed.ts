import { resolve } from "node:path";
import { openDatabase } from "#api/db/client.ts";
import { seedIfEmpty } from "#api/seed/index.ts";
import { getConfig } from "#config";

/** `npm run db:seed`: migrates, then seeds the demo data when the database is empty. */
const config = getConfig();
const handle = config.DATABASE_URL
  ? await openDatabase({ kind: "postgres", url: config.DATABASE_URL })
  : await openDatabase({ kind: "pglite", dataDir: resolve(config.DATA_DIR, "pglite") });
await handle.migrate();
const seeded = await seedIfEmpty(handle.db, { log: true });
if (!seeded) console.log("The database already has data; nothing seeded.");
await handle.close();
