import { useTranslation } from "react-i18next";
import { data, Form, Link } from "react-router";
import { apiWithoutLoginRedirect } from "#app/lib/public-api.server";
import { type MailboxSummary, formatSentAt } from "#app/components/account/mailbox";
import { ApiError } from "#app/lib/api.server";
import type { Route } from "./+types/mailbox";

export const handle = { wide: true };

/**
 * The development mailbox: every e-mail the product "sent" while no SMTP server is configured.
 * It exists only while the API serves /api/dev/mailbox (no SMTP server; in production, only for an
 * administrator); otherwise the page is a 404.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const to = new URL(request.url).searchParams.get("to")?.trim().toLowerCase() ?? "";
  try {
    const answer = await apiWithoutLoginRedirect(context).get<{ messages: MailboxSummary[] }>("/api/dev/mailbox", {
      query: { to: to || undefined },
    });
    const messages = answer.messages.map(({ id, to, subject, created_at, status }) => ({ id, to, subject, created_at, status }));
    return { messages, to };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 403)) {
      throw data({ message: "Page not found" }, { status: 404, statusText: "Page not found" });
    }
    // The API refuses the only thing the page sends it, `?to=` (longer than an address can be): a bad query.
    if (error instanceof ApiError && error.status === 422) throw data({ message: "Bad Request" }, { status: 400, statusText: "Bad Request" });
    throw error;
  }
}

export default function DevMailbox({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("account");
  const { messages, to } = loaderData;
  return (
    <>
      <title>{`${t("mailbox.title")} · Tarifa`}</title>
      <h1 className="mb-1 text-xl font-semibold">{t("mailbox.heading")}</h1>
      <p className="mb-4 text-sm text-slate-700">{t("mailbox.intro")}</p>
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor="mailbox-to" className="block text-sm font-medium text-slate-800">
            {t("mailbox.filter")}
          </label>
          <input
            id="mailbox-to"
            name="to"
            type="search"
            defaultValue={to}
            className="mt-1 rounded-md border border-slate-300 bg-white px-3 py-2 text-base"
          />
        </div>
        <button type="submit" className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm hover:bg-slate-100">
          {t("mailbox.search")}
        </button>
      </Form>
      {messages.length === 0 ? (
        <p className="text-sm text-slate-700">{t("mailbox.empty")}</p>
      ) : (
        <ul className="divide-y divide-slate-200 border-y border-slate-200">
          {messages.map((message) => (
            <li key={message.id} className="flex flex-col gap-1 py-3 sm:flex-row sm:items-baseline sm:gap-4">
              <time dateTime={message.created_at} className="shrink-0 text-sm text-slate-600 sm:w-44">
                {formatSentAt(message.created_at, i18n.language)}
              </time>
              <span className="shrink-0 text-sm text-slate-700 sm:w-64 sm:truncate">{message.to}</span>
              <Link to={`/dev/mailbox/${message.id}`} className="min-w-0 flex-1 text-sm font-medium text-brand-700 underline">
                {message.subject}
              </Link>
              <span className="shrink-0 text-xs uppercase text-slate-600">{t(`mailbox.status.${message.status}`, { defaultValue: message.status })}</span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
