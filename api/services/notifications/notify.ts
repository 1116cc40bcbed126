import { eq, sql } from "drizzle-orm";
import { getConfig, type Config } from "#config";
import { NOTIFICATION_KIND_TOPICS, type NotificationKind } from "#domain/notifications/kinds.ts";
import { decodeMessage } from "#domain/validation-messages.ts";
import type { Database } from "#api/db/client.ts";
import { businessMembers, businesses, notifications, outbox, users } from "#api/db/schema/index.ts";
import { translatorFor } from "#api/i18n.ts";
import { render } from "#api/services/mail/templates.ts";
import { notificationSettingsOf } from "#api/services/notification-preferences.ts";

export interface NotifyInput {
  businessId: string;
  kind: NotificationKind;
  /** Values for the translated text (guest name, dates, amounts as already formatted text…). */
  params?: Record<string, string | number>;
  /** Where the notification leads, a path of the web app ("/bookings/…"). */
  link?: string | null;
  /** Someone not to tell (the collaborator who joined is not told that they joined). */
  exceptUserId?: string;
}

export interface MailSettings {
  /** Absolute base of the links in e-mails (config APP_URL). */
  appUrl: string;
  from: string;
}

/** The process's settings (tests and callers with their own config pass theirs). */
export function mailSettings(config: Pick<Config, "APP_URL" | "MAIL_FROM"> = getConfig()): MailSettings {
  return { appUrl: config.APP_URL, from: config.MAIL_FROM };
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const dateFormats = new Map<string, Intl.DateTimeFormat>();
/** One formatter per locale: building one costs more than formatting a whole page with it. */
function dateFormatOf(locale: string): Intl.DateTimeFormat {
  let format = dateFormats.get(locale);
  if (!format) dateFormats.set(locale, (format = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" })));
  return format;
}

/** The title of a notification in one language (also the e-mail subject). */
export function notificationTitle(locale: string, kind: string, params: Record<string, string | number>): string {
  const t = translatorFor(locale);
  const values: Record<string, string | number> = { ...params };
  // Calendar dates (check-in, trial end…) as the reader writes them; a date has no time zone.
  const dates = dateFormatOf(locale);
  for (const [key, value] of Object.entries(values)) {
    if (typeof value === "string" && ISO_DATE.test(value)) values[key] = dates.format(new Date(`${value}T00:00:00Z`));
  }
  // A reward is stored by kind and named in the reader's language (the reports area's names).
  if (typeof params.reward === "string") values.name = t(`rewards.kind.${params.reward}.name`, { ns: "reports" });
  // An error the product words itself is stored as its message key (e.g. an iCal import's), read in the reader's language.
  if (typeof params.error_key === "string") {
    const { key, values: errorValues } = decodeMessage(params.error_key);
    values.error = t(key, errorValues);
  }
  // `source` picks the kind's wording for where the event came from (kinds.sync.error_ical).
  return t(`kinds.${kind}`, { ns: "notifications", ...values, context: typeof params.source === "string" ? params.source : undefined });
}

/**
 * Tells every user of the business (owner and collaborators) about an event, each as their
 * preferences say: a row for the notification centre and/or the daily digest, and/or an e-mail
 * now (an outbox row; see `deliverQueuedMail`). Runs on the caller's transaction, so the
 * notification exists exactly when the event it is about was committed. Two queries to read,
 * at most two to write, whatever the number of users.
 */
export async function notify(tx: Database, input: NotifyInput, mail: MailSettings = mailSettings()): Promise<number> {
  const topic = NOTIFICATION_KIND_TOPICS[input.kind];
  const recipients = await tx
    .select({ id: users.id, name: users.name, email: users.email, locale: users.preferredLanguage, business: businesses.companyName })
    .from(businesses)
    .innerJoin(users, sql`${users.id} = ${businesses.ownerId} or ${users.id} in (select ${businessMembers.userId} from ${businessMembers} where ${businessMembers.businessId} = ${businesses.id})`)
    .where(eq(businesses.id, input.businessId));
  if (recipients.length === 0) return 0;
  const settings = await notificationSettingsOf(tx, recipients.map((r) => r.id));
  const rows: (typeof notifications.$inferInsert)[] = [];
  const mails: (typeof outbox.$inferInsert)[] = [];
  for (const user of recipients) {
    const { preferences, mutedBusinessIds } = settings.get(user.id)!;
    if (user.id === input.exceptUserId || mutedBusinessIds.includes(input.businessId)) continue;
    const params = { business: user.business, ...input.params };
    const inApp = preferences.in_app[topic];
    const digest = preferences.digest[topic];
    if (inApp || digest) {
      rows.push({ userId: user.id, businessId: input.businessId, kind: input.kind, params, link: input.link ?? null, inApp, digestPending: digest });
    }
    if (preferences.email[topic]) {
      const t = translatorFor(user.locale);
      const subject = notificationTitle(user.locale, input.kind, params);
      const rendered = render(t, {
        subject,
        greetingName: user.name,
        paragraphs: [subject],
        action: { label: t("email.open", { ns: "notifications" }), url: new URL(input.link ?? "/notifications/list", mail.appUrl).toString() },
        after: [t("email.preferences", { ns: "notifications" })],
      });
      mails.push({ kind: "notification", userId: user.id, locale: user.locale, from: mail.from, to: user.email, ...rendered, status: "queued" });
    }
  }
  if (rows.length) await tx.insert(notifications).values(rows);
  if (mails.length) await tx.insert(outbox).values(mails);
  return rows.length + mails.length;
}
