import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Link, useActionData } from "react-router";
import { isUuid } from "#domain/text/sanitize";
import { issueToKey } from "#domain/validation";
import { ApiError, editingFrom, ledgerBusiness, refusal } from "#app/routes/pms-settings/ledger.server";
import { icalFeedForm, icalImportForm } from "#app/components/ledger/schemas";
import type { IcalFeedJson } from "#app/components/ledger/types";
import { ActiveBadge, Empty, FormButtons, LedgerPage, Panel, RowButton } from "#app/components/ledger/ui";
import { AppForm } from "#app/components/ui/app-form";
import { SelfRefresh } from "#app/components/ui/self-refresh";
import { buttonClass, SubmitButton } from "#app/components/ui/button";
import { CheckboxField, FormErrors, SelectField, TextField } from "#app/components/ui/field";
import { formatDateTime } from "#app/lib/format-date";
import { guard } from "#app/lib/guard.server";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import type { Route } from "./+types/ical";
import { useBusinessTimeZone } from "#app/lib/business-time-zone";
import { replyWithApiError } from "#app/lib/api-reply.server";

export const handle = { permission: "user.pms-settings" } as const;
export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

/** The iCal page of the PMS settings (ADR 0017): export addresses per room or category, and imports of other sites' calendars. */
const PAGE = "/pms-settings/ical";

export async function loader({ context, request }: Route.LoaderArgs) {
  const business = ledgerBusiness(context);
  const { api } = getRequestState(context);
  const [options, feeds, imports] = await Promise.all([
    api.bookings.options(business.uuid),
    api.ical.feeds(business.uuid),
    api.ical.imports(business.uuid),
  ]);
  return { options, feeds, imports, editing: editingFrom(request, imports) };
}

type ActionData = { feed?: SubmissionResult<string[]>; import?: SubmissionResult<string[]>; error?: string | null };

/** While a check runs, the page refreshes itself (JS off: a refresh <meta>) until every import has its result. */
const CHECKING_REFRESH_SECONDS = 3;

export async function action({ request, context }: Route.ActionArgs) {
  const business = ledgerBusiness(context);
  const { api, session } = getRequestState(context);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const done = (toast: Parameters<typeof redirectWithToast>[1]) => redirectWithToast(PAGE, toast, { session });

  if (intent === "create_feed") {
    const submission = parseWithZod(formData, { schema: icalFeedForm, error: issueToKey });
    if (submission.status !== "success") return data<ActionData>({ feed: submission.reply() }, { status: 422 });
    try {
      await api.ical.createFeed(business.uuid, submission.value);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return data<ActionData>({ feed: replyWithApiError(submission, error, { fields: ["room_uuid", "room_category_uuid"] }) }, { status: error.status });
    }
    return done({ message: "ledger:toast.feedCreated" });
  }
  if (intent === "save_import") {
    const submission = parseWithZod(formData, { schema: icalImportForm, error: issueToKey });
    if (submission.status !== "success") return data<ActionData>({ import: submission.reply() }, { status: 422 });
    const { uuid, ...body } = submission.value;
    try {
      if (uuid && isUuid(uuid)) await api.ical.updateImport(business.uuid, uuid, body);
      else await api.ical.createImport(business.uuid, body);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return data<ActionData>({ import: replyWithApiError(submission, error, { fields: ["name", "url", "room_uuid", "room_category_uuid", "active"] }) }, { status: error.status });
    }
    return done({ message: uuid ? "ledger:toast.saved" : "ledger:toast.created" });
  }
  try {
    // A check is a job on the queue (202): the page says "checking…" beside each import until its result is in.
    if (intent === "poll_all") {
      const { queued, ical_imports: imports } = await api.ical.pollAll(business.uuid);
      if (queued.length) return done({ message: "ledger:toast.pollQueued" });
      return done({ message: imports.some((i) => i.checking) ? "ledger:toast.pollRunning" : "ledger:toast.pollNothing" });
    }
    const id = String(formData.get("uuid") ?? "");
    if (!isUuid(id)) return data<ActionData>({ error: "validation.uuid" }, { status: 422 });
    if (intent === "poll_one") {
      const { queued } = await api.ical.pollOne(business.uuid, id);
      return done({ message: queued ? "ledger:toast.pollQueued" : "ledger:toast.pollRunning" });
    }
    if (intent === "regenerate_feed") {
      await api.ical.regenerateFeed(business.uuid, id);
      return done({ message: "ledger:toast.feedRegenerated" });
    }
    if (intent === "revoke_feed") {
      await api.ical.revokeFeed(business.uuid, id);
      return done({ message: "ledger:toast.feedRevoked" });
    }
    if (intent === "delete_import") {
      await api.ical.deleteImport(business.uuid, id);
      return done({ message: "ledger:toast.deleted" });
    }
  } catch (error) {
    return refusal(error);
  }
  return data<ActionData>({ error: "validation.choice" }, { status: 400 });
}

export default function Ical({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("ledger");
  const timeZone = useBusinessTimeZone();
  const { options, feeds, imports, editing } = loaderData;
  const locale = i18n.language;
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const categoryName = new Map(options.categories.map((c) => [c.uuid, c.name]));
  const roomOptions = options.rooms.map((r) => ({ value: r.uuid, label: `${r.number} · ${categoryName.get(r.room_category_uuid) ?? ""}` }));
  const categoryOptions = options.categories.map((c) => ({ value: c.uuid, label: c.name }));
  const [feedForm, feedFields] = useForm({
    id: "feed-new",
    lastResult: actionData?.feed,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: icalFeedForm, error: issueToKey }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const [importForm, importFields] = useForm({
    id: editing ? `import-${editing.uuid}` : "import-new",
    lastResult: actionData?.import,
    defaultValue: editing
      ? { name: editing.name, url: editing.url, room_uuid: editing.room?.uuid ?? "", room_category_uuid: editing.room ? "" : editing.room_category.uuid, active: editing.active ? "on" : "" }
      : { active: "on" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: icalImportForm, error: issueToKey }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const feedName = (f: IcalFeedJson) => (f.room ? t("ical.feedFor", { room: f.room.number }) : t("ical.feedForCategory", { category: f.room_category?.name ?? "" }));
  return (
    <LedgerPage title={t("ical.title")} intro={t("ical.intro")} error={actionData?.error}>
      <div className="space-y-6">
        <Panel id="feeds-heading" heading={t("ical.feeds")}>
          <p className="mb-3 max-w-3xl text-sm text-slate-700">{t("ical.feedsIntro")}</p>
          {feeds.length === 0 ? (
            <Empty>{t("ical.noFeeds")}</Empty>
          ) : (
            <ul className="mb-4 divide-y divide-slate-100">
              {feeds.map((f) => (
                <li key={f.uuid} className="flex flex-wrap items-center gap-3 py-3 text-sm">
                  <div className="min-w-0 flex-1">
                    <p className="font-medium">{feedName(f)}</p>
                    <label htmlFor={`feed-${f.uuid}`} className="sr-only">
                      {t("ical.address")} — {feedName(f)}
                    </label>
                    <input id={`feed-${f.uuid}`} readOnly value={f.url} className="mt-1 block w-full rounded border border-slate-300 bg-slate-50 px-2 py-1 font-mono text-xs" />
                    <p className="mt-1 text-slate-700">{f.last_fetched_at ? t("ical.lastRead", { when: formatDateTime(f.last_fetched_at, locale, timeZone) }) : t("ical.neverRead")}</p>
                  </div>
                  <RowButton action={PAGE} uuid={f.uuid} intent="regenerate_feed" variant="secondary" label={t("ical.regenerateLabel", { name: feedName(f) })}>
                    {t("ical.regenerate")}
                  </RowButton>
                  <RowButton action={PAGE} uuid={f.uuid} intent="revoke_feed" label={t("ical.revokeLabel", { name: feedName(f) })}>
                    {t("ical.revoke")}
                  </RowButton>
                </li>
              ))}
            </ul>
          )}
          <h3 className="mb-2 mt-4 font-semibold">{t("ical.newFeed")}</h3>
          <AppForm {...getFormProps(feedForm)} action={PAGE} className="max-w-2xl space-y-4">
            <FormErrors id={feedForm.errorId} errors={feedForm.errors} />
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField field={feedFields.room_uuid} label={t("ical.feedRoom")} placeholder={t("ical.pickRoom")} options={roomOptions} />
              <SelectField field={feedFields.room_category_uuid} label={t("ical.feedCategory")} placeholder={t("ical.pickCategory")} options={categoryOptions} hint={t("ical.feedCategoryHint")} />
            </div>
            <SubmitButton name="intent" value="create_feed" pendingLabel={t("common.saving")}>
              {t("ical.createFeed")}
            </SubmitButton>
          </AppForm>
        </Panel>

        <Panel id="imports-heading" heading={t("ical.imports")}>
          <p className="mb-3 max-w-3xl text-sm text-slate-700">{t("ical.importsIntro")}</p>
          {imports.length ? (
            <AppForm action={PAGE} className="mb-3">
              <SubmitButton name="intent" value="poll_all" variant="secondary" pendingLabel={t("ical.polling")}>
                {t("ical.pollNow")}
              </SubmitButton>
            </AppForm>
          ) : null}
          {imports.some((i) => i.checking) ? <SelfRefresh seconds={CHECKING_REFRESH_SECONDS} /> : null}
          {imports.length === 0 ? (
            <Empty>{t("ical.noImports")}</Empty>
          ) : (
            <ul className="mb-4 divide-y divide-slate-100">
              {imports.map((i) => (
                <li key={i.uuid} className="flex flex-wrap items-center gap-3 py-3 text-sm">
                  <div className="min-w-0 flex-1">
                    <p className="font-medium">
                      {i.name} <ActiveBadge active={i.active} />
                    </p>
                    <p className="break-all text-slate-700">{i.url}</p>
                    <p className="text-slate-700">
                      {i.room ? `${t("ical.importRoom")} ${i.room.number}` : i.room_category.name} · {t("ical.events", { count: i.event_count })} ·{" "}
                      {i.last_polled_at ? t("ical.lastSync", { when: formatDateTime(i.last_polled_at, locale, timeZone) }) : t("ical.neverSynced")}
                    </p>
                    {i.checking ? (
                      <p role="status" className="mt-1 font-medium text-slate-800" data-checking="">
                        {t("ical.polling")}
                      </p>
                    ) : null}
                    {i.last_error ? (
                      <p role="status" className="mt-1 rounded bg-red-50 px-2 py-1 text-red-800">
                        {t("ical.syncError", { error: i.last_error })}
                      </p>
                    ) : null}
                  </div>
                  <RowButton action={PAGE} uuid={i.uuid} intent="poll_one" variant="secondary" label={t("ical.pollOneLabel", { name: i.name })}>
                    {t("ical.pollOne")}
                  </RowButton>
                  <Link to={`${PAGE}?edit=${i.uuid}#import-form-heading`} className={buttonClass("secondary")} aria-label={t("ical.editImportLabel", { name: i.name })}>
                    {t("common.edit")}
                  </Link>
                  <RowButton action={PAGE} uuid={i.uuid} intent="delete_import" label={t("ical.deleteImportLabel", { name: i.name })}>
                    {t("common.delete")}
                  </RowButton>
                </li>
              ))}
            </ul>
          )}
          <h3 id="import-form-heading" className="mb-2 mt-4 font-semibold">
            {editing ? t("ical.editImport") : t("ical.newImport")}
          </h3>
          <AppForm {...getFormProps(importForm)} action={editing ? `${PAGE}?edit=${editing.uuid}` : PAGE} className="max-w-2xl space-y-4">
            <FormErrors id={importForm.errorId} errors={importForm.errors} />
            {editing ? <input type="hidden" name="uuid" value={editing.uuid} /> : null}
            <TextField field={importFields.name} label={t("ical.importName")} hint={t("ical.importNameHint")} required maxLength={80} />
            <TextField field={importFields.url} label={t("ical.url")} type="url" required maxLength={2000} />
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField field={importFields.room_uuid} label={t("ical.importRoom")} placeholder={t("ical.pickRoom")} options={roomOptions} />
              <SelectField field={importFields.room_category_uuid} label={t("ical.importCategory")} placeholder={t("ical.pickCategory")} options={categoryOptions} hint={t("ical.importCategoryHint")} />
            </div>
            <CheckboxField field={importFields.active} label={t("common.active")} hint={t("ical.activeHint")} />
            <FormButtons page={PAGE} editing={!!editing} intent="save_import" />
          </AppForm>
        </Panel>
      </div>
    </LedgerPage>
  );
}
