import type { Config } from "#config";

export interface MailMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Hands an e-mail to whatever delivers it; throws when delivery fails. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

const smtpByUrl = new Map<string, Mailer>();

/** SMTP through nodemailer, one pooled transport per URL for the life of the process. */
export function smtpMailer(url: string): Mailer {
  let mailer = smtpByUrl.get(url);
  if (!mailer) {
    // nodemailer is loaded with the first e-mail, not at start (ADR 0029).
    let transport: Promise<import("nodemailer").Transporter> | undefined;
    mailer = {
      async send(message) {
        transport ??= import("nodemailer").then((m) => m.default.createTransport(url));
        await (await transport).sendMail(message);
      },
    };
    smtpByUrl.set(url, mailer);
  }
  return mailer;
}

/** The injected mailer, else SMTP when SMTP_URL is set, else none (the outbox keeps the e-mail). */
export function mailerFor(deps: { mailer?: Mailer | null; config: Pick<Config, "SMTP_URL"> }): Mailer | null {
  if (deps.mailer !== undefined) return deps.mailer;
  return deps.config.SMTP_URL ? smtpMailer(deps.config.SMTP_URL) : null;
}
