import { bigint, pgTable, uuid } from "drizzle-orm/pg-core";

/**
 * One row per business: bumped once by every committed transaction that changed the business's
 * data, by a database trigger (migration 0027), whichever path wrote it. Remembered answers are
 * keyed on it (api/services/data-version.ts, docs/decisions/0032-server-time-per-signed-in-page.md).
 */
export const dataVersions = pgTable("data_versions", {
  businessId: uuid().primaryKey(),
  version: bigint({ mode: "number" }).notNull().default(0),
  /** The transaction that last bumped the row, so a transaction bumps it once. */
  xact: bigint({ mode: "number" }),
});
