import { encryptStoredCredentials } from "#api/services/business-pms.ts";
import type { DatabaseHandle } from "#api/db/client.ts";
import { seedIfEmpty } from "./index.ts";

/**
 * What a server does to its database before it serves: apply the migrations, seed the demo data
 * into an empty database, seal PMS credentials stored in clear by older versions. On the embedded
 * database this runs in a short-lived child process (scripts/prepare-database.ts, ADR 0029).
 */
export async function prepareDatabase(handle: DatabaseHandle, options: { seed?: boolean; log?: boolean } = {}): Promise<void> {
  await handle.migrate();
  if (options.seed !== false) await seedIfEmpty(handle.db, { log: options.log });
  await encryptStoredCredentials(handle.db);
}
