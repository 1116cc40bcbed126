import { and, asc, eq, inArray } from "drizzle-orm";
import type { Database } from "#api/db/client.ts";
import { outbox } from "#api/db/schema/index.ts";
import { logger } from "#api/logger.ts";
import type { Mailer } from "#api/services/mail/transport.ts";

/** The e-mails `notify` and `sendDigests` write in the event's transaction, to be sent after it. */
export const NOTICE_MAIL_KINDS = ["notification", "notification_digest"] as const;

/**
 * Sends the queued notice e-mails (a queue job, every minute, when SMTP is configured). Each row
 * is claimed with a conditional update before sending, so two processes never send one twice;
 * a delivery error marks it `failed` with the reason, as `sendMail` does.
 */
export async function deliverQueuedNotices(db: Database, mailer: Mailer | null, now: Date, limit = 50): Promise<number> {
  if (!mailer) return 0;
  const queued = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.status, "queued"), inArray(outbox.kind, [...NOTICE_MAIL_KINDS])))
    .orderBy(asc(outbox.createdAt))
    .limit(limit);
  let sent = 0;
  for (const row of queued) {
    const [claimed] = await db
      .update(outbox)
      .set({ status: "sent", sentAt: now })
      .where(and(eq(outbox.id, row.id), eq(outbox.status, "queued")))
      .returning({ id: outbox.id });
    if (!claimed) continue;
    try {
      await mailer.send({ from: row.from, to: row.to, subject: row.subject, text: row.text, html: row.html });
      sent++;
    } catch (error) {
      logger.error({ msg: "notice mail delivery failed", outbox_id: row.id, err: error });
      await db
        .update(outbox)
        .set({ status: "failed", sentAt: null, error: error instanceof Error ? error.message.slice(0, 1000) : String(error) })
        .where(eq(outbox.id, row.id));
    }
  }
  return sent;
}
