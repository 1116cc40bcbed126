import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { data, Link, redirect, useActionData, useFetcher } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { ChatMessageJson, ChatThreadJson, ConversationJson } from "#contract/chat";
import { EXAMPLES } from "#domain/chat/compose";
import { chatMessageSchema, MAX_QUESTION_CHARS } from "#domain/schemas/chat";
import { issueToKey } from "#domain/validation";
import { AnswerCard } from "#app/components/chat/answer-card";
import { AppForm } from "#app/components/ui/app-form";
import { buttonClass, SubmitButton } from "#app/components/ui/button";
import { FieldErrors, FormErrors } from "#app/components/ui/field";
import { ApiError } from "#app/lib/api.server";
import { guard, type RouteHandle } from "#app/lib/guard.server";
import { formatDateTime } from "#app/lib/format-date";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import { useBusinessTimeZone } from "#app/lib/business-time-zone";
import type { Route } from "./+types/index";
import { replyWithApiError } from "#app/lib/api-reply.server";
import { requireSelectedBusiness } from "#app/lib/business.server";

// skipSetupCheck: issue 7 has a new business open the chat as soon as it adds the ai add-on, while its
// data is still loading; the assistant answers from whatever is there (and says when prices are not set up).
export const handle: RouteHandle = { permission: "user.chat-ai", plan: "ai", skipSetupCheck: true };
export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

const PAGE = "/chat";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function businessId(context: Route.LoaderArgs["context"]): string {
  return requireSelectedBusiness(context).uuid;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const business = businessId(context);
  const { api, session } = getRequestState(context);
  const selected = new URL(request.url).searchParams.get("c");
  const list = api.chat.conversations(business);
  let thread: ChatThreadJson | null = null;
  if (selected) {
    try {
      thread = UUID.test(selected) ? await api.chat.thread(business, selected) : null;
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 404) throw error;
    }
    if (!thread) return redirectWithToast(PAGE, { kind: "error", message: "chat:page.notFound" }, { session });
  }
  return { conversations: await list, conversation: thread?.conversation ?? null, messages: thread?.messages ?? [] };
}

/** Asks a question (in the selected conversation, or a new one) or deletes a conversation; post → redirect → get. */
export async function action({ request, context }: Route.ActionArgs) {
  const business = businessId(context);
  const { api, session } = getRequestState(context);
  const formData = await request.formData();
  const conversation = String(formData.get("conversation") ?? "");
  if (conversation && !UUID.test(conversation)) return redirectWithToast(PAGE, { kind: "error", message: "chat:page.notFound" }, { session });

  if (formData.get("intent") === "delete") {
    try {
      await api.chat.delete(business, conversation);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 404) throw error;
      return redirectWithToast(PAGE, { kind: "error", message: "chat:page.notFound" }, { session });
    }
    return redirectWithToast(PAGE, { kind: "success", message: "chat:page.deleted" }, { session });
  }

  const submission = parseWithZod(formData, { schema: chatMessageSchema, error: issueToKey });
  if (submission.status !== "success") return data(submission.reply(), { status: 422 });
  try {
    const answer = await api.chat.ask(business, conversation || null, submission.value);
    return redirect(`${PAGE}?c=${answer.conversation.uuid}#latest`);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 404) return redirectWithToast(PAGE, { kind: "error", message: "chat:page.notFound" }, { session });
    return data(replyWithApiError(submission, error, { fields: ["message"] }), { status: error.status });
  }
}

function ConversationList({ conversations, selected }: { conversations: ConversationJson[]; selected: string | null }) {
  const { t, i18n } = useTranslation("chat");
  const timeZone = useBusinessTimeZone();
  const when = (iso: string) => formatDateTime(iso, i18n.language, timeZone);
  return (
    <nav aria-labelledby="chat-conversations" className="rounded-md border border-slate-200 bg-white p-3">
      <div className="mb-2 flex items-center justify-between gap-2">
        <h2 id="chat-conversations" className="font-semibold">
          {t("page.conversations")}
        </h2>
        <Link to={PAGE} className={buttonClass("secondary", "whitespace-nowrap px-3 py-1")}>
          {t("page.newConversation")}
        </Link>
      </div>
      <p className="mb-2 text-sm">
        <Link to="/chat.bkp" className="text-brand-700 underline">
          {t("link", { ns: "chatArchive" })}
        </Link>
      </p>
      {conversations.length === 0 ? (
        <p className="text-sm text-slate-700">{t("page.noConversations")}</p>
      ) : (
        <ul className="max-h-64 space-y-1 overflow-y-auto lg:max-h-[60vh]">
          {conversations.map((c) => (
            <li key={c.uuid}>
              <Link
                to={`${PAGE}?c=${c.uuid}#latest`}
                aria-current={c.uuid === selected ? "page" : undefined}
                className="block rounded px-2 py-1 text-sm hover:bg-slate-100 aria-[current=page]:bg-brand-50 aria-[current=page]:font-semibold"
              >
                <span className="block truncate">{c.title}</span>
                <span className="block text-xs text-slate-600">{when(c.updated_at)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}

function Message({ message, last }: { message: Pick<ChatMessageJson, "role" | "content" | "data" | "provider">; last?: boolean }) {
  const { t } = useTranslation("chat");
  const mine = message.role === "user";
  return (
    <li id={last ? "latest" : undefined} tabIndex={last ? -1 : undefined} className={`flex ${mine ? "justify-end" : "justify-start"} focus:outline-none`}>
      <div className={`max-w-[95%] rounded-lg px-3 py-2 sm:max-w-[85%] ${mine ? "bg-brand-600 text-white" : "border border-slate-200 bg-white"}`} data-role={message.role}>
        <p className={`text-xs font-semibold ${mine ? "text-white" : "text-slate-600"}`}>
          {mine ? t("page.you") : t("page.assistant")}
          {!mine && message.provider === "builtin" ? <span className="font-normal"> · {t("page.builtin")}</span> : null}
        </p>
        <p className="whitespace-pre-line break-words">{message.content}</p>
        {message.data ? <AnswerCard data={message.data} /> : null}
      </div>
    </li>
  );
}

export default function Chat({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("chat");
  const { conversations, conversation, messages } = loaderData;
  const fetcher = useFetcher<typeof action>();
  const actionData = useActionData<typeof action>();
  const formRef = useRef<HTMLFormElement>(null);
  const questionRef = useRef<HTMLTextAreaElement>(null);
  const [form, fields] = useForm({
    id: `chat-question-${conversation?.uuid ?? "new"}`,
    lastResult: fetcher.state === "idle" ? (fetcher.data ?? actionData) : null,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: chatMessageSchema, error: issueToKey }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });

  const pending = fetcher.state !== "idle" && fetcher.formData?.get("intent") === "ask" ? String(fetcher.formData.get("message") ?? "").trim() : null;
  const shown = messages.length + (pending ? 2 : 0);

  // The newest message comes into view as it arrives; once the answer is in, the box is empty and focused for the next question.
  useEffect(() => {
    document.getElementById("latest")?.scrollIntoView({ block: "end" });
  }, [shown]);
  const wasPending = useRef(false);
  useEffect(() => {
    if (pending) wasPending.current = true;
    else if (wasPending.current && fetcher.state === "idle") {
      wasPending.current = false;
      if (!fetcher.data) formRef.current?.reset();
      questionRef.current?.focus();
    }
  }, [pending, fetcher.state, fetcher.data]);

  const onKeyDown = (event: React.KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (!pending) event.currentTarget.form?.requestSubmit();
    }
  };

  const conversationInput = conversation ? <input type="hidden" name="conversation" value={conversation.uuid} /> : null;
  // Without JavaScript a refused question re-renders the page at the form's address: keep the thread in it.
  const formAction = conversation ? `${PAGE}?c=${conversation.uuid}` : PAGE;

  return (
    <>
      <title>{`${t("page.title")} · Tarifa`}</title>
      <h1 className="mb-1 text-2xl font-semibold">{t("page.title")}</h1>
      <p className="mb-4 max-w-3xl text-sm text-slate-700">{t("page.intro")}</p>
      <div className="grid gap-4 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <ConversationList conversations={conversations} selected={conversation?.uuid ?? null} />
        <section aria-labelledby="chat-thread-title" className="flex min-w-0 flex-col gap-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="chat-thread-title" className="truncate font-semibold">
              {conversation?.title ?? t("page.newConversation")}
            </h2>
            {conversation ? (
              <AppForm action={PAGE}>
                <input type="hidden" name="conversation" value={conversation.uuid} />
                <SubmitButton name="intent" value="delete" variant="secondary" className="px-3 py-1">
                  {t("page.delete")}
                </SubmitButton>
              </AppForm>
            ) : null}
          </div>

          <div role="log" aria-live="polite" aria-label={t("page.thread")} className="rounded-md border border-slate-200 bg-slate-50 p-3">
            {shown === 0 ? (
              <p className="text-sm text-slate-700">{t("page.empty")}</p>
            ) : (
              <ol className="space-y-3">
                {messages.map((m, i) => (
                  <Message key={m.uuid} message={m} last={!pending && i === messages.length - 1} />
                ))}
                {pending ? (
                  <>
                    <Message message={{ role: "user", content: pending, data: null, provider: null }} />
                    <li id="latest" className="flex justify-start" aria-busy="true">
                      <div className="rounded-lg border border-slate-200 bg-white px-3 py-2">
                        <p className="text-xs font-semibold text-slate-600">{t("page.assistant")}</p>
                        <p>
                          <span aria-hidden="true">…</span> <span className="text-sm text-slate-700">{t("page.thinking")}</span>
                        </p>
                      </div>
                    </li>
                  </>
                ) : null}
              </ol>
            )}
          </div>

          <fetcher.Form method="post" action={formAction} ref={formRef} {...getFormProps(form)} className="space-y-2">
            <AuthenticityTokenInput name="csrf" />
            <input type="hidden" name="intent" value="ask" />
            {conversationInput}
            <FormErrors id={form.errorId} errors={form.errors} />
            <label htmlFor={fields.message.id} className="block text-sm font-medium text-slate-800">
              {t("page.question")}
            </label>
            <textarea
              {...getTextareaProps(fields.message)}
              ref={questionRef}
              rows={2}
              maxLength={MAX_QUESTION_CHARS}
              onKeyDown={onKeyDown}
              aria-describedby={[fields.message.errors ? fields.message.errorId : null, "chat-question-hint"].filter(Boolean).join(" ")}
              className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base shadow-sm aria-[invalid=true]:border-red-600 focus:border-brand-500"
            />
            <p id="chat-question-hint" className="text-xs text-slate-600">
              {t("page.questionHint")}
            </p>
            <FieldErrors id={fields.message.errorId} errors={fields.message.errors} />
            <button type="submit" className={buttonClass("primary")} disabled={!!pending} aria-busy={!!pending}>
              {pending ? t("page.sending") : t("page.send")}
            </button>
          </fetcher.Form>

          <fetcher.Form method="post" action={formAction} aria-labelledby="chat-suggested">
            <AuthenticityTokenInput name="csrf" />
            <input type="hidden" name="intent" value="ask" />
            {conversationInput}
            <h2 id="chat-suggested" className="mb-1 text-sm font-semibold">
              {t("page.suggested")}
            </h2>
            <div className="flex flex-wrap gap-2">
              {EXAMPLES.map((key) => (
                <button
                  key={key}
                  type="submit"
                  name="message"
                  value={t(`example.${key}`)}
                  disabled={!!pending}
                  aria-label={t("page.ask", { question: t(`example.${key}`) })}
                  className="rounded-full border border-slate-300 bg-white px-3 py-1 text-sm text-slate-800 hover:bg-slate-100"
                >
                  {t(`example.${key}`)}
                </button>
              ))}
            </div>
          </fetcher.Form>
        </section>
      </div>
    </>
  );
}
