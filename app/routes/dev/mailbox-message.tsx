import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";
import { getConfig } from "#config";
import { linkify } from "#app/components/account/linkify";
import { type MailboxMessage, formatSentAt } from "#app/components/account/mailbox";
import { apiWithoutLoginRedirect } from "#app/lib/public-api.server";
import { ApiError } from "#app/lib/api.server";
import type { Route } from "./+types/mailbox-message";

export const handle = { wide: true };

/** One e-mail of the development mailbox, its text with working links. */
export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    const { message } = await apiWithoutLoginRedirect(context).get<{ message: MailboxMessage }>(
      `/api/dev/mailbox/${encodeURIComponent(params.id)}`,
    );
    return { message, pieces: linkify(message.text, getConfig().APP_URL) };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 403 || error.status === 422)) {
      throw data({ message: "Page not found" }, { status: 404, statusText: "Page not found" });
    }
    throw error;
  }
}

export default function DevMailboxMessage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("account");
  const { message, pieces } = loaderData;
  return (
    <>
      <title>{`${message.subject} · ${t("mailbox.title")} · Tarifa`}</title>
      <p className="mb-4 text-sm">
        <Link to="/dev/mailbox" className="text-brand-700 underline">
          {t("mailbox.back")}
        </Link>
      </p>
      <h1 className="mb-3 text-xl font-semibold">{message.subject}</h1>
      <dl className="mb-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium text-slate-700">{t("mailbox.to")}</dt>
        <dd>{message.to}</dd>
        <dt className="font-medium text-slate-700">{t("mailbox.date")}</dt>
        <dd>
          <time dateTime={message.created_at}>{formatSentAt(message.created_at, i18n.language)}</time>
        </dd>
        <dt className="font-medium text-slate-700">{t("mailbox.statusLabel")}</dt>
        <dd>{t(`mailbox.status.${message.status}`, { defaultValue: message.status })}</dd>
      </dl>
      <div className="whitespace-pre-wrap break-words rounded-md border border-slate-200 bg-slate-50 p-4 text-sm leading-relaxed">
        {pieces.map((piece, index) =>
          "href" in piece ? (
            <a key={index} href={piece.href} className="text-brand-700 underline">
              {piece.text}
            </a>
          ) : (
            <span key={index}>{piece.text}</span>
          ),
        )}
      </div>
    </>
  );
}
