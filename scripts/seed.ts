import { resolve } from "node:path";
import { openDatabase } from "#api/db/client.ts";
import { seedIfEmpty } from "#api/seed/index.ts";
import { REAL_HOTEL, seedRealHotel } from "#api/seed/real-hotel.ts";
import { refreshScorecard } from "#api/services/forecast/scorecard.ts";
import { getConfig } from "#config";

/**
 * `npm run db:seed`: migrates, seeds the demo data when the database is empty, then adds the real
 * demo hotel (api/seed/real-hotel.ts) when it is not there yet — tens of seconds, so `npm start`'s
 * first seed leaves it out.
 */
const config = getConfig();
const handle = config.DATABASE_URL
  ? await openDatabase({ kind: "postgres", url: config.DATABASE_URL })
  : await openDatabase({ kind: "pglite", dataDir: resolve(config.DATA_DIR, "pglite") });
await handle.migrate();
const seeded = await seedIfEmpty(handle.db, { log: true });
if (!seeded) console.log("The database already has data; the demo pousada was not seeded again.");
const now = new Date();
if (await seedRealHotel(handle.db, now)) {
  await refreshScorecard(handle.db, REAL_HOTEL.id, now);
  console.log(`Added the real demo hotel "${REAL_HOTEL.companyName}" (public data set, CC BY 4.0; README) for the demo owner.`);
} else console.log("The real demo hotel is already there (or the demo owner is not); nothing added.");
await handle.close();
