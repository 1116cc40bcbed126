import { lt } from "drizzle-orm";
import type { Database } from "#api/db/client.ts";
import { outbox } from "#api/db/schema/index.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes the outbox's e-mails older than `retentionDays` (OUTBOX_RETENTION_DAYS), whatever their
 * status: delivery is attempted as the row is written, so an old row is history, and it holds a
 * guest's or owner's address and a sign-in link nobody needs any more. Returns how many went.
 */
export async function pruneOutbox(db: Database, options: { now: Date; retentionDays: number }): Promise<number> {
  const cutoff = new Date(options.now.getTime() - options.retentionDays * DAY_MS);
  const deleted = await db.delete(outbox).where(lt(outbox.createdAt, cutoff)).returning({ id: outbox.id });
  return deleted.length;
}
