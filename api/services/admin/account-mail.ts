import { randomBytes } from "node:crypto";
import type { ApiDeps } from "#api/context.ts";
import { passwordResets, type UserRow } from "#api/db/schema/index.ts";
import { translatorFor } from "#api/i18n.ts";
import { sendMail, type MailKind, type RenderedMail } from "#api/services/mail/index.ts";
import { hashToken } from "#api/services/tokens.ts";

/**
 * The set-password link of an account an administrator opened lasts longer than a reset link
 * (60 minutes): the person may read the e-mail days later. It is an ordinary reset token, so
 * /reset-password completes it, once.
 */
export const ACCOUNT_LINK_DAYS = 7;

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

/**
 * "Your account was created", in the person's language. Same look as the product's other
 * e-mails (api/services/mail/templates.ts): the layout texts come from the `email` namespace,
 * this e-mail's own from `admin` (accountMail.*).
 */
export function accountCreatedMail(locale: string, data: { name: string; email: string; link: string; days: number }): RenderedMail {
  const t = translatorFor(locale);
  const subject = t("accountMail.subject", { ns: "admin" });
  const greeting = t("layout.greeting", { ns: "email", name: data.name });
  const paragraphs = [t("accountMail.intro", { ns: "admin" }), t("accountMail.login", { ns: "admin", email: data.email })];
  const action = t("accountMail.action", { ns: "admin" });
  const after = [t("accountMail.expiry", { ns: "admin", days: data.days }), t("accountMail.ignore", { ns: "admin" })];
  const fallback = t("layout.buttonFallback", { ns: "email" });
  const signature = t("layout.signature", { ns: "email" });
  const footer = t("layout.footer", { ns: "email" });
  const text = [greeting, ...paragraphs, `${action}: ${data.link}`, ...after, signature, "--", footer].join("\n\n");
  const p = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s)}</p>`;
  const url = escapeHtml(data.link);
  const html = `<!doctype html>
<html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2933;font-size:15px;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<p style="margin:0 0 24px;font-size:20px;font-weight:bold;color:#0f4c5c">Tarifa</p>
${p(greeting)}
${paragraphs.map(p).join("\n")}
<p style="margin:24px 0"><a href="${url}" style="display:inline-block;background:#0f4c5c;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:bold">${escapeHtml(action)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#52606d">${escapeHtml(fallback)}<br><a href="${url}" style="color:#0f4c5c;word-break:break-all">${url}</a></p>
${after.map(p).join("\n")}
${p(signature)}
</div>
<p style="max-width:560px;margin:16px auto 0;font-size:12px;color:#7b8794;text-align:center">${escapeHtml(footer)}</p>
</body></html>
`;
  return { subject, text, html };
}

/** Issues a set-password token (stored hashed, like every reset token) and e-mails the link. */
export async function sendAccountCreatedMail(deps: ApiDeps, user: UserRow) {
  const token = randomBytes(32).toString("base64url");
  const now = deps.now();
  await deps.db.insert(passwordResets).values({
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + ACCOUNT_LINK_DAYS * 86_400_000),
    createdAt: now,
  });
  const base = deps.config.APP_URL.replace(/\/+$/, "");
  const link = `${base}/reset-password?token=${encodeURIComponent(token)}&email=${encodeURIComponent(user.email)}`;
  const mail = accountCreatedMail(user.preferredLanguage, { name: user.name, email: user.email, link, days: ACCOUNT_LINK_DAYS });
  // The outbox's kind is free text; MailKind lists the account area's own templates.
  const kind = "account_created" as string as MailKind;
  return sendMail(deps, { kind, to: user.email, locale: user.preferredLanguage, userId: user.id, mail });
}
