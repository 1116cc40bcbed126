import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";
import type { ChatThreadJson } from "#contract/chat";
import { isUuid } from "#domain/text/sanitize";
import { AnswerCard } from "#app/components/chat/answer-card";
import { AppForm } from "#app/components/ui/app-form";
import { SubmitButton } from "#app/components/ui/button";
import { SearchForm } from "#app/components/ui/search-form";
import { ApiError } from "#app/lib/api.server";
import { guard, type RouteHandle } from "#app/lib/guard.server";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import { businessTimeZone } from "#domain/business/timezone";
import type { Route } from "./+types/archive";
import { formatInstant } from "#domain/intl-formats";
import { requireSelectedBusiness } from "#app/lib/business.server";

/**
 * /chat.bkp: the archive of earlier AI conversations — a searchable list and read-only
 * transcripts, with delete. Same gates as /chat; /chat is where a conversation goes on.
 */
export const handle: RouteHandle = { permission: "user.chat-ai", plan: "ai", skipSetupCheck: true };
export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

const PAGE = "/chat.bkp";

export async function loader({ request, context }: Route.LoaderArgs) {
  const business = requireSelectedBusiness(context).uuid;
  const { api, session } = getRequestState(context);
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim();
  const selected = url.searchParams.get("c");
  const conversations = await api.chat.conversations(business, q || undefined);
  let thread: ChatThreadJson | null = null;
  if (selected) {
    try {
      thread = isUuid(selected) ? await api.chat.thread(business, selected) : null;
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 404) throw error;
    }
    if (!thread) return redirectWithToast(PAGE, { kind: "error", message: "chat:page.notFound" }, { session });
  }
  // Times in the business's time zone, the same on the server and in the browser.
  const timeZone = businessTimeZone(requireSelectedBusiness(context));
  return { conversations, q, thread, timeZone };
}

export async function action({ request, context }: Route.ActionArgs) {
  const business = requireSelectedBusiness(context).uuid;
  const { api, session } = getRequestState(context);
  const conversation = String((await request.formData()).get("conversation") ?? "");
  if (!isUuid(conversation)) throw data(null, { status: 404, statusText: "Page Not Found" });
  try {
    await api.chat.delete(business, conversation);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return redirectWithToast(PAGE, { kind: "error", message: error.message }, { session });
  }
  return redirectWithToast(PAGE, { kind: "success", message: "chatArchive:deleted" }, { session });
}

export default function ChatArchive({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation(["chatArchive", "chat"]);
  const { conversations, q, thread, timeZone } = loaderData;
  const when = (iso: string) => formatInstant(iso, i18n.language, timeZone, { dateStyle: "medium", timeStyle: "short" });
  const keep = (params: Record<string, string>) => `${PAGE}?${new URLSearchParams({ ...(q ? { q } : {}), ...params })}`;
  return (
    <>
      <title>{`${t("title")} · Tarifa`}</title>
      <div className="mb-2 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold">{t("title")}</h1>
        <Link to="/chat" className="ml-auto text-sm text-brand-700 underline">
          {t("backToChat")}
        </Link>
      </div>
      <p className="mb-4 text-slate-700">{t("intro")}</p>
      <SearchForm action={PAGE} id="archive-q" name="q" defaultValue={q} label={t("search")} submitLabel={t("searchSubmit")} />
      <div className="grid gap-4 lg:grid-cols-[18rem_1fr]">
        <section aria-labelledby="archive-list" className="rounded-md border border-slate-200 bg-white p-3">
          <h2 id="archive-list" className="mb-2 font-semibold">
            {t("count", { count: conversations.length })}
          </h2>
          <ul className="space-y-1">
            {conversations.map((c) => (
              <li key={c.uuid}>
                <Link
                  to={keep({ c: c.uuid })}
                  aria-current={c.uuid === thread?.conversation.uuid ? "page" : undefined}
                  className="block rounded px-2 py-1 text-sm hover:bg-slate-100 aria-[current=page]:bg-brand-50 aria-[current=page]:font-semibold"
                >
                  <span className="block truncate">{c.title}</span>
                  <span className="block text-xs text-slate-600">{when(c.updated_at)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
        {thread ? (
          <section aria-labelledby="archive-thread">
            <div className="mb-3 flex flex-wrap items-center gap-3">
              <h2 id="archive-thread" className="text-lg font-semibold">
                {thread.conversation.title}
              </h2>
              <AppForm className="ml-auto">
                <input type="hidden" name="conversation" value={thread.conversation.uuid} />
                <SubmitButton variant="danger" className="px-3 py-1">
                  {t("delete")}
                </SubmitButton>
              </AppForm>
            </div>
            <ol className="space-y-3">
              {thread.messages.map((m, i) => (
                <li key={i} className={`rounded-lg px-3 py-2 ${m.role === "user" ? "bg-slate-100" : "border border-slate-200 bg-white"}`}>
                  <p className="text-xs font-semibold text-slate-600">
                    {m.role === "user" ? t("page.you", { ns: "chat" }) : t("page.assistant", { ns: "chat" })} · {when(m.created_at)}
                  </p>
                  <p className="whitespace-pre-line break-words">{m.content}</p>
                  {m.data ? <AnswerCard data={m.data} /> : null}
                </li>
              ))}
            </ol>
          </section>
        ) : (
          <p className="text-sm text-slate-700">{conversations.length ? t("pick") : q ? t("none") : t("empty")}</p>
        )}
      </div>
    </>
  );
}
