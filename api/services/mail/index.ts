import { desc, eq } from "drizzle-orm";
import type { ApiDeps } from "#api/context.ts";
import { outbox, type OutboxRow } from "#api/db/schema/index.ts";
import { logger } from "#api/logger.ts";
import { invitationMail, type RenderedMail } from "./templates.ts";
import { mailerFor } from "./transport.ts";

export type { Mailer, MailMessage } from "./transport.ts";
export { invitationMail, passwordResetMail, twoFactorResetMail, verificationMail, type RenderedMail } from "./templates.ts";

export type MailKind = "verification" | "password_reset" | "invitation" | "booking_confirmation" | "booking_notice" | "two_factor_reset";

export interface OutgoingMail {
  kind: MailKind;
  to: string;
  locale: string;
  userId?: string | null;
  mail: RenderedMail;
}

export interface SentMail {
  id: string;
  /** Settles when delivery was attempted (at once when no mailer is configured); never rejects. */
  delivered: Promise<OutboxRow["status"]>;
}

/**
 * Records the e-mail in the outbox, then hands it to the mailer without making the caller wait
 * (a slow SMTP server must not slow sign-up down, nor make a reset request for a known address
 * take longer than one for an unknown address). The outbox row ends `sent` or `failed`; it stays
 * `queued` when no mailer is configured (the development mailbox reads it from there).
 */
export async function sendMail(deps: ApiDeps, message: OutgoingMail): Promise<SentMail> {
  const { db, config, now } = deps;
  const from = config.MAIL_FROM;
  const [row] = await db
    .insert(outbox)
    .values({
      kind: message.kind,
      userId: message.userId ?? null,
      locale: message.locale,
      from,
      to: message.to,
      subject: message.mail.subject,
      text: message.mail.text,
      html: message.mail.html,
      // created_at stays the database's own clock, so "newest first" is the real sending order.
      status: "queued",
    })
    .returning({ id: outbox.id });
  const mailer = mailerFor(deps);
  if (!mailer) return { id: row.id, delivered: Promise.resolve("queued") };
  const delivered = (async () => {
    try {
      await mailer.send({ from, to: message.to, subject: message.mail.subject, text: message.mail.text, html: message.mail.html });
      await db.update(outbox).set({ status: "sent", sentAt: now() }).where(eq(outbox.id, row.id));
      return "sent" as const;
    } catch (error) {
      logger.error({ msg: "mail delivery failed", outbox_id: row.id, kind: message.kind, err: error });
      await db
        .update(outbox)
        .set({ status: "failed", error: error instanceof Error ? error.message.slice(0, 1000) : String(error) })
        .where(eq(outbox.id, row.id))
        .catch(() => undefined);
      return "failed" as const;
    }
  })();
  return { id: row.id, delivered };
}

/** The newest e-mails first (the development mailbox and tests). */
export function latestMail(deps: Pick<ApiDeps, "db">, options: { to?: string; limit?: number } = {}) {
  const query = deps.db.select().from(outbox);
  const filtered = options.to ? query.where(eq(outbox.to, options.to)) : query;
  return filtered.orderBy(desc(outbox.createdAt), desc(outbox.id)).limit(options.limit ?? 100);
}

export async function mailById(deps: Pick<ApiDeps, "db">, id: string): Promise<OutboxRow | undefined> {
  const [row] = await deps.db.select().from(outbox).where(eq(outbox.id, id)).limit(1);
  return row;
}

/** The invitation to help manage a business, in the invitee's language (the inviter's when unknown). */
export function sendInvitationMail(
  deps: ApiDeps,
  invite: { to: string; locale: string; inviter: string; business: string; link: string; days: number; name?: string | null; userId?: string | null },
): Promise<SentMail> {
  const mail = invitationMail(invite.locale, invite);
  return sendMail(deps, { kind: "invitation", to: invite.to, locale: invite.locale, userId: invite.userId, mail });
}
