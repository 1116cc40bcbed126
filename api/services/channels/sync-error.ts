import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "#api/db/client.ts";
import { channexConnections } from "#api/db/schema/index.ts";
import { notify } from "#api/services/notifications/notify.ts";

/**
 * A failed exchange with Channex — a push, the booking feed — is recorded on the connection and,
 * once per outage, told to the team (`sync.error`): only the failure that finds the connection
 * without an error notifies (decided by the update itself, so two processes failing at once tell
 * it once). A successful push clears the error and ends the outage.
 */
export async function recordSyncError(db: Database, businessId: string, message: string, now: Date): Promise<void> {
  await db.transaction(async (t) => {
    const tx = t as unknown as Database;
    const values = { lastError: message, lastErrorAt: now };
    const [first] = await tx
      .update(channexConnections)
      .set(values)
      .where(and(eq(channexConnections.businessId, businessId), isNull(channexConnections.lastError)))
      .returning({ businessId: channexConnections.businessId });
    if (first) await notify(tx, { businessId, kind: "sync.error", params: { error: message.slice(0, 200) } });
    else await tx.update(channexConnections).set(values).where(eq(channexConnections.businessId, businessId));
  });
}
