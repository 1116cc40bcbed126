import { and, asc, eq, inArray } from "drizzle-orm";
import type { Database } from "#api/db/client.ts";
import { businesses, notifications, outbox, users } from "#api/db/schema/index.ts";
import { translatorFor } from "#api/i18n.ts";
import { render } from "#api/services/mail/templates.ts";
import { mailSettings, notificationTitle, type MailSettings } from "./notify.ts";
import { formatInstant } from "#domain/intl-formats.ts";

/**
 * The daily digest of one business: for each of its users with notifications waiting for the
 * digest, one e-mail in that user's language listing them, oldest first. Rows leave the digest
 * queue in the same transaction as the e-mail is written, so a rerun sends nothing twice.
 */
export async function sendDigests(db: Database, businessId: string, mail: MailSettings = mailSettings()): Promise<number> {
  return db.transaction(async (tx) => {
    const pending = await tx
      .select({ id: notifications.id, userId: notifications.userId, kind: notifications.kind, params: notifications.params, createdAt: notifications.createdAt })
      .from(notifications)
      .where(and(eq(notifications.businessId, businessId), eq(notifications.digestPending, true)))
      .orderBy(asc(notifications.createdAt))
      .for("update", { skipLocked: true });
    if (pending.length === 0) return 0;
    const userIds = [...new Set(pending.map((n) => n.userId))];
    const people = await tx.select({ id: users.id, name: users.name, email: users.email, locale: users.preferredLanguage }).from(users).where(inArray(users.id, userIds));
    const [business] = await tx.select({ name: businesses.companyName, timezone: businesses.timezone }).from(businesses).where(eq(businesses.id, businessId));
    const mails = people.map((person) => {
      const t = translatorFor(person.locale);
      const lines = pending
        .filter((n) => n.userId === person.id)
        .map((n) => `${formatInstant(n.createdAt, person.locale, business.timezone)} — ${notificationTitle(person.locale, n.kind, { business: business.name, ...n.params })}`);
      const subject = t("digest.subject", { ns: "notifications", business: business.name, count: lines.length });
      return {
        kind: "notification_digest",
        userId: person.id,
        locale: person.locale,
        from: mail.from,
        to: person.email,
        ...render(t, {
          subject,
          greetingName: person.name,
          paragraphs: [t("digest.intro", { ns: "notifications", business: business.name, count: lines.length }), ...lines],
          action: { label: t("email.open", { ns: "notifications" }), url: new URL("/notifications/list", mail.appUrl).toString() },
          after: [t("email.preferences", { ns: "notifications" })],
        }),
        status: "queued" as const,
      };
    });
    await tx.insert(outbox).values(mails);
    await tx
      .update(notifications)
      .set({ digestPending: false })
      .where(inArray(notifications.id, pending.map((n) => n.id)));
    return mails.length;
  });
}
