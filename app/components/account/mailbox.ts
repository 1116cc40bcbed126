/** One e-mail of the development mailbox, as GET /api/dev/mailbox lists it. */
export interface MailboxSummary {
  id: string;
  kind: string;
  to: string;
  subject: string;
  locale: string;
  status: string;
  created_at: string;
  sent_at: string | null;
}

/** One e-mail in full, as GET /api/dev/mailbox/{id} answers it. */
export interface MailboxMessage extends MailboxSummary {
  from: string;
  text: string;
  html: string;
  error: string | null;
}

/** Date and time in the reader's locale; the same on server and client (UTC), so hydration agrees. */
export function formatSentAt(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: "short", timeStyle: "medium", timeZone: "UTC" }).format(date) + " UTC";
}
