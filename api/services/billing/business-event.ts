import type { Database } from "#api/db/client.ts";
import type { BusinessRow } from "#api/services/business-access.ts";
import { applyBusinessEvent } from "#api/services/business-status.ts";

/**
 * A successful subscribe tells the business status machine (docs/decisions/0004): `subscribed`
 * moves a business waiting on payment to its data step. For a business already past that (a
 * resubscribe after a lapse) the machine answers "not allowed", which is expected: paying again
 * does not change the setup status. Runs inside the subscribe's transaction, so a refused card
 * never moves the status.
 */
export async function businessSubscribedEvent(tx: Database, business: BusinessRow, now: Date): Promise<void> {
  await applyBusinessEvent(tx, business.id, { type: "subscribed" }, { now });
}
