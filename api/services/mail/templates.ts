import type { TFunction } from "i18next";
import { translatorFor } from "#api/i18n.ts";

/** A rendered e-mail in one language: subject, plain text and simple HTML. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

export interface Layout {
  subject: string;
  greetingName?: string | null;
  paragraphs: string[];
  action: { label: string; url: string };
  after: string[];
}

/**
 * One layout for every e-mail: greeting, paragraphs, a button (and its address in plain text
 * for clients that block links), closing lines, signature. All texts come from the `email`
 * namespace; everything is escaped once, after translation, so names cannot inject markup.
 */
export function render(t: TFunction, layout: Layout): RenderedMail {
  const greeting = layout.greetingName
    ? t("layout.greeting", { ns: "email", name: layout.greetingName })
    : t("layout.greetingNoName", { ns: "email" });
  const fallback = t("layout.buttonFallback", { ns: "email" });
  const signature = t("layout.signature", { ns: "email" });
  const footer = t("layout.footer", { ns: "email" });
  const text = [
    greeting,
    ...layout.paragraphs,
    `${layout.action.label}: ${layout.action.url}`,
    ...layout.after,
    signature,
    "--",
    footer,
  ].join("\n\n");
  const p = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s)}</p>`;
  const url = escapeHtml(layout.action.url);
  const html = `<!doctype html>
<html><head><meta charset="utf-8"><title>${escapeHtml(layout.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2933;font-size:15px;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<p style="margin:0 0 24px;font-size:20px;font-weight:bold;color:#0f4c5c">Tarifa</p>
${p(greeting)}
${layout.paragraphs.map(p).join("\n")}
<p style="margin:24px 0"><a href="${url}" style="display:inline-block;background:#0f4c5c;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:bold">${escapeHtml(layout.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#52606d">${escapeHtml(fallback)}<br><a href="${url}" style="color:#0f4c5c;word-break:break-all">${url}</a></p>
${layout.after.map(p).join("\n")}
${p(signature)}
</div>
<p style="max-width:560px;margin:16px auto 0;font-size:12px;color:#7b8794;text-align:center">${escapeHtml(footer)}</p>
</body></html>
`;
  return { subject: layout.subject, text, html };
}

export function verificationMail(locale: string, data: { name: string; link: string; hours: number }): RenderedMail {
  const t = translatorFor(locale);
  return render(t, {
    subject: t("verification.subject", { ns: "email" }),
    greetingName: data.name,
    paragraphs: [t("verification.intro", { ns: "email" })],
    action: { label: t("verification.action", { ns: "email" }), url: data.link },
    after: [t("verification.expiry", { ns: "email", hours: data.hours }), t("verification.ignore", { ns: "email" })],
  });
}

export function passwordResetMail(locale: string, data: { name: string; link: string; minutes: number }): RenderedMail {
  const t = translatorFor(locale);
  return render(t, {
    subject: t("passwordReset.subject", { ns: "email" }),
    greetingName: data.name,
    paragraphs: [t("passwordReset.intro", { ns: "email" })],
    action: { label: t("passwordReset.action", { ns: "email" }), url: data.link },
    after: [t("passwordReset.expiry", { ns: "email", minutes: data.minutes }), t("passwordReset.ignore", { ns: "email" })],
  });
}

/** For collaborator invitations: `name` is the invitee's when known. */
export function invitationMail(
  locale: string,
  data: { name?: string | null; inviter: string; business: string; link: string; days: number },
): RenderedMail {
  const t = translatorFor(locale);
  const values = { ns: "email", inviter: data.inviter, business: data.business };
  return render(t, {
    subject: t("invitation.subject", values),
    greetingName: data.name,
    paragraphs: [t("invitation.intro", values)],
    action: { label: t("invitation.action", { ns: "email" }), url: data.link },
    after: [t("invitation.expiry", { ns: "email", days: data.days }), t("invitation.ignore", { ns: "email" })],
  });
}

/** "Your two-factor sign-in was turned off by an administrator": the person signs in with the password alone and may set it up again. */
export function twoFactorResetMail(locale: string, data: { name: string; link: string }): RenderedMail {
  const t = translatorFor(locale);
  return render(t, {
    subject: t("twoFactorReset.subject", { ns: "email" }),
    greetingName: data.name,
    paragraphs: [t("twoFactorReset.intro", { ns: "email" }), t("twoFactorReset.sessions", { ns: "email" })],
    action: { label: t("twoFactorReset.action", { ns: "email" }), url: data.link },
    after: [t("twoFactorReset.notYou", { ns: "email" })],
  });
}
