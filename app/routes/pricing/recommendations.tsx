import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { BRAIN_MODES } from "#domain/brain/types";
import { addDays } from "#domain/pricing/dates";
import { brainEventSchema, brainSettingsSchema } from "#domain/schemas/brain";
import type { BrainPreviewJson, RecommendationsJson } from "#contract/brain";
import { RecommendationList, type RecommendationRow } from "#app/components/pricing/recommendation-list";
import { WhatIf } from "#app/components/pricing/what-if";
import { GuestsAnswer } from "#app/components/pricing/guests-answer";
import { AppForm } from "#app/components/ui/app-form";
import { SubmitButton } from "#app/components/ui/button";
import { FormErrors, SelectField, TextField } from "#app/components/ui/field";
import { formatDate, formatDateTime } from "#app/lib/format-date";
import { useDeferredModule } from "#app/lib/deferred-module";
import { ApiError, heldPermissions, pricingBusiness, pricingMiddleware, type PricingHandle } from "#app/lib/pricing.server";
import { sendIntentForm } from "#app/lib/api-reply.server";
import { parseRecommendationKey, wholeNights } from "#app/lib/recommendation-rows";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import type { Route } from "./+types/recommendations";

export const handle: PricingHandle = { permission: "user.calendar", anyOf: ["user.calendar", "user.price-settings"] };
export const middleware: Route.MiddlewareFunction[] = pricingMiddleware(handle);

const PAGE = "/recommendations";

/**
 * Rows a page lists at most: a month of nights for two or three categories. A hotel with many
 * categories in *recommend* gets its month in pages of whole nights (a link to the next nights),
 * not a document of hundreds of rows.
 */
const LIST_ROWS = 90;

/** The list's own query (range and category) as asked: what its links and its forms' way back keep. */
function listQuery(url: URL): Record<string, string> {
  return Object.fromEntries(["from", "to", "category"].flatMap((key) => {
    const value = url.searchParams.get(key);
    return value ? [[key, value]] : [];
  }));
}

/** The page showing that list: its forms post there, and a decision comes back to it. */
function listUrl(query: Record<string, string>): string {
  return Object.keys(query).length ? `${PAGE}?${new URLSearchParams(query)}` : PAGE;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const business = pricingBusiness(context);
  const { api } = getRequestState(context);
  const url = new URL(request.url);
  const search = listQuery(url);
  const { data, ...answer } = await api.recommendations.list(business.uuid, search);
  // The rows without their reasons, but for the one asked for (`why`): the list's reasons are
  // most of its weight, and a night's are read one at a time (RecommendationList).
  const why = parseRecommendationKey(url.searchParams.get("why"));
  const opened = why ? data.find((r) => r.night === why.night && r.room_category_uuid === why.category.toLowerCase() && r.field === why.field) : undefined;
  const { shown, next } = wholeNights(data, LIST_ROWS);
  const rows: RecommendationRow[] = shown.map(({ room_category_uuid, night, field, current, value, status }) => ({ room_category_uuid, night, field, current, value, status }));
  return {
    business,
    // The nights shown are the nights the range form decides: up to the day before the next page's.
    answer: { ...answer, rows, to: next ? addDays(next, -1) : answer.to, asked_to: answer.to },
    next,
    opened,
    canDecide: heldPermissions(context).includes("user.price-settings"),
    search,
  };
}

/** What the page's forms send, each with its `intent`. */
export async function action({ request, context }: Route.ActionArgs) {
  const business = pricingBusiness(context);
  const { api, session } = getRequestState(context);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  // The calendar's day panel decides here too and goes back to its own page.
  const asked = String(formData.get("back") ?? "");
  const here = listUrl(listQuery(new URL(request.url)));
  const to = asked.startsWith("/calendar?") ? asked : here;
  const back = (message: string, values?: Record<string, string | number>) => redirectWithToast(to, { kind: "success", message, values }, { session });
  const refused = (error: unknown) => {
    if (!(error instanceof ApiError)) throw error;
    return redirectWithToast(to, { kind: "error", message: Object.values(error.errors).flat()[0] ?? error.message }, { session });
  };

  if (intent === "preview") {
    // The what-if: the form comes back with the values as typed and the comparison above Save.
    const sent = await sendIntentForm("settings", formData, brainSettingsSchema, (value) => api.recommendations.preview(business.uuid, value));
    return "refused" in sent ? sent.refused : { intent: "settings" as const, result: sent.reply, preview: sent.answer };
  }
  if (intent === "settings") {
    const sent = await sendIntentForm("settings", formData, brainSettingsSchema, (value) => api.recommendations.saveSettings(business.uuid, value));
    return "refused" in sent ? sent.refused : back("pricing:brain.saved");
  }
  if (intent === "event") {
    const sent = await sendIntentForm("event", formData, brainEventSchema, (value) => api.recommendations.addEvent(business.uuid, value));
    return "refused" in sent ? sent.refused : back("pricing:brain.eventAdded");
  }
  try {
    if (intent === "event-delete") {
      await api.recommendations.deleteEvent(business.uuid, String(formData.get("event") ?? ""));
      return back("pricing:brain.eventRemoved");
    }
    if (intent === "undo") {
      const answer = await api.recommendations.undo(business.uuid, {
        category: formData.get("category"),
        from: formData.get("from"),
        to: formData.get("to"),
        moment: formData.get("moment"),
        kind: formData.get("kind") ?? undefined,
      });
      return back("pricing:brain.undone", { count: answer.restored.length });
    }
    const chosen = decisionOf(formData);
    if (chosen) {
      const { accept, decision } = chosen;
      const answer = await api.recommendations.decide(business.uuid, accept, decision);
      const rules = decision.field !== undefined && decision.field !== "price";
      return back(accept ? (rules ? "pricing:brain.acceptedRules" : "pricing:brain.accepted") : rules ? "pricing:brain.rejectedRules" : "pricing:brain.rejected", { count: answer.decided });
    }
  } catch (error) {
    return refused(error);
  }
  return redirectWithToast(here, { kind: "error", message: "pricing:brain.unknownAction" }, { session });
}

/**
 * What an accept or reject asks for: a button of the list names its night ("accept.<key>", one
 * form for the whole list); the range form, the calendar's day panel and "all" send an intent
 * with the night or range, category and field as fields. Null when the form asks for neither.
 */
function decisionOf(formData: FormData) {
  const field = (name: string) => (formData.get(name) ? String(formData.get(name)) : undefined);
  const button = field("decide");
  if (button !== undefined) {
    const [verb, ...rest] = button.split(".");
    const key = parseRecommendationKey(rest.join("."));
    if (!key || (verb !== "accept" && verb !== "reject")) return null; // no button of the page sends it
    return { accept: verb === "accept", decision: { night: key.night, category: key.category, field: key.field } };
  }
  const intent = field("intent") ?? "";
  if (!["accept", "reject", "accept-all", "reject-all"].includes(intent)) return null;
  const which = { category: field("category"), field: field("field") };
  const decision = intent.endsWith("-all") ? { all: true, ...which } : field("night") ? { night: field("night"), ...which } : { from: field("from") ?? "", to: field("to") ?? "", ...which };
  return { accept: intent.startsWith("accept"), decision };
}

export default function Recommendations({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("pricing");
  const { answer, opened, next, canDecide, business, search } = loaderData;
  const here = listUrl(search);
  const locale = i18n.language;
  const names = new Map(answer.categories.map((c) => [c.uuid, c.name]));
  return (
    <>
      <title>{`${t("brain.title")} · Tarifa`}</title>
      <h1 className="mb-2 text-2xl font-semibold">{t("brain.title")}</h1>
      <p className="mb-4 max-w-3xl text-sm text-slate-700">{t("brain.intro")}</p>
      {!answer.manual_prices_enabled ? (
        <p className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm" role="status">
          {t("brain.manualOff")}
        </p>
      ) : null}

      <section aria-labelledby="brain-list" className="mb-8 space-y-3">
        <h2 id="brain-list" className="text-lg font-semibold">
          {t("brain.listTitle")}
        </h2>
        <Form method="get" action={PAGE} className="flex flex-wrap items-end gap-3 text-sm">
          <label className="flex flex-col">
            {t("brain.from")}
            <input type="date" name="from" defaultValue={search.from ?? answer.from} className="rounded border border-slate-300 px-2 py-1" />
          </label>
          <label className="flex flex-col">
            {t("brain.to")}
            <input type="date" name="to" defaultValue={search.to ?? answer.asked_to} className="rounded border border-slate-300 px-2 py-1" />
          </label>
          <label className="flex flex-col">
            {t("brain.category")}
            <select name="category" defaultValue={search.category ?? ""} className="rounded border border-slate-300 px-2 py-1">
              <option value="">{t("brain.allCategories")}</option>
              {answer.categories.map((c) => (
                <option key={c.uuid} value={c.uuid}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="rounded border border-slate-300 px-3 py-1">
            {t("brain.show")}
          </button>
        </Form>
        {canDecide && answer.rows.some((r) => r.status === "pending") ? (
          <AppForm action={here} className="flex flex-wrap items-end gap-2 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm" aria-label={t("brain.rangeLabel")}>
            <input type="hidden" name="from" value={answer.from} />
            <input type="hidden" name="to" value={answer.to} />
            {search.category ? <input type="hidden" name="category" value={search.category} /> : null}
            <span className="mr-2">{t("brain.rangeIntro", { from: formatDate(answer.from, locale), to: formatDate(answer.to, locale) })}</span>
            <SubmitButton name="intent" value="accept">
              {t("brain.acceptRange")}
            </SubmitButton>
            <SubmitButton name="intent" value="reject" variant="secondary">
              {t("brain.rejectRange")}
            </SubmitButton>
            <SubmitButton name="intent" value="accept-all" variant="secondary">
              {t("brain.acceptAll")}
            </SubmitButton>
            <SubmitButton name="intent" value="reject-all" variant="secondary">
              {t("brain.rejectAll")}
            </SubmitButton>
          </AppForm>
        ) : null}
        <RecommendationList
          rows={answer.rows}
          opened={opened}
          categories={answer.categories}
          currency={business.currency}
          canDecide={canDecide}
          action={here}
          whyHref={(key, open) => `${listUrl(open ? { ...search, why: key } : search)}#rec-${key}`}
        />
        {next ? (
          <p className="text-sm">
            <Link to={listUrl({ ...search, from: next, to: answer.asked_to })} className="text-brand-700 underline" rel="next">
              {t("brain.nextNights", { from: formatDate(next, locale) })}
            </Link>
          </p>
        ) : null}
      </section>

      {canDecide ? (
        <SettingsForm
          answer={answer}
          lastResult={actionData?.intent === "settings" ? actionData.result : undefined}
          preview={actionData && "preview" in actionData ? actionData.preview : undefined}
          currency={business.currency}
          action={here}
        />
      ) : null}
      {canDecide ? <EventsSection answer={answer} lastResult={actionData?.intent === "event" ? actionData.result : undefined} action={here} /> : null}

      <section aria-labelledby="brain-undo" className="below-fold mb-8">
        <h2 id="brain-undo" className="mb-2 text-lg font-semibold">
          {t("brain.undoTitle")}
        </h2>
        <p className="mb-2 max-w-3xl text-sm text-slate-700">{t("brain.undoIntro")}</p>
        {answer.changes.length === 0 ? (
          <p className="text-sm text-slate-700">{t("brain.noChanges")}</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 bg-white text-sm">
            {answer.changes.map((c) => (
              <li key={`${c.kind}-${c.at}-${c.room_category_uuid}-${c.source}`} className="flex flex-wrap items-center justify-between gap-2 p-3" data-source={c.source} data-kind={c.kind}>
                <span>
                  {formatDateTime(c.at, locale, answer.timezone)} · {t(`brain.changeKind.${c.kind}`)} · {t(`brain.source.${c.source}`)} · {names.get(c.room_category_uuid) ?? ""} ·{" "}
                  {t("brain.changeNights", { count: c.nights, from: formatDate(c.from, locale), to: formatDate(c.to, locale) })}
                  {c.user ? ` · ${c.user}` : ""}
                </span>
                {canDecide ? (
                  <AppForm action={here}>
                    <input type="hidden" name="category" value={c.room_category_uuid} />
                    <input type="hidden" name="from" value={c.from} />
                    <input type="hidden" name="to" value={c.to} />
                    <input type="hidden" name="moment" value={c.at} />
                    <input type="hidden" name="kind" value={c.kind} />
                    <SubmitButton name="intent" value="undo" variant="secondary">
                      {t("brain.undo")}
                    </SubmitButton>
                  </AppForm>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

type Result = SubmissionResult<string[]> | undefined;

/** The forms' client-side validation, loaded after the page is interactive (zod stays out of the first load). */
const useBrainValidation = () => useDeferredModule(() => import("#app/components/pricing/brain-validation"));

function SettingsForm({ answer, lastResult, preview, currency, action }: { answer: Omit<RecommendationsJson, "data">; lastResult: Result; preview?: BrainPreviewJson; currency: string; action: string }) {
  const { t } = useTranslation("pricing");
  const s = answer.settings;
  const [form, fields] = useForm({
    id: "brain-settings",
    lastResult,
    defaultValue: {
      ...Object.fromEntries(Object.entries(s).filter(([k]) => k !== "category_modes").map(([k, v]) => [k, String(v)])),
      category_modes: Object.fromEntries(answer.categories.map((c) => [c.uuid, c.mode])),
    },
    onValidate: useBrainValidation()?.validateBrainSettings,
    shouldRevalidate: "onInput",
  });
  const modes = BRAIN_MODES.map((m) => ({ value: m, label: t(`brain.mode.${m}`) }));
  const categoryModes = fields.category_modes.getFieldset();
  const numbers = [
    ["max_daily_change_percent", 0.5],
    ["max_weekly_change_percent", 0.5],
    ["freeze_days", 1],
    ["max_interval_percent", 1],
    ["max_move_per_booking_percent", 0.1],
    ["target_occupancy_percent", 1],
    ["demand_sensitivity", 0.05],
    ["market_weight_percent", 1],
    ["holiday_effect_percent", 0.5],
  ] as const;
  return (
    <section aria-labelledby="brain-settings-title" className="below-fold mb-8 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="brain-settings-title" className="text-lg font-semibold">
        {t("brain.settingsTitle")}
      </h2>
      <p className="mb-3 mt-1 text-sm text-slate-700">{t("brain.settingsIntro")}</p>
      <GuestsAnswer answer={answer.guests_answer} />
      <AppForm {...getFormProps(form)} action={action} className="space-y-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <SelectField field={fields.mode} label={t("brain.businessMode")} options={modes} />
        <fieldset className="grid gap-3 sm:grid-cols-3">
          <legend className="mb-1 text-sm font-medium">{t("brain.categoryModes")}</legend>
          {answer.categories.map((c) => {
            const field = (categoryModes as Record<string, (typeof fields)["mode"]>)[c.uuid];
            return field ? <SelectField key={c.uuid} field={field} label={c.name} options={modes} /> : null;
          })}
        </fieldset>
        <fieldset className="grid gap-3 sm:grid-cols-3">
          <legend className="mb-1 text-sm font-medium">{t("brain.guardrails")}</legend>
          {numbers.map(([name, step]) => (
            <TextField key={name} field={fields[name]} label={t(`brain.field.${name}`)} hint={t(`brain.hint.${name}`)} type="number" step={step} inputMode="decimal" required />
          ))}
        </fieldset>
        {preview ? <WhatIf preview={preview} categories={answer.categories} currency={currency} /> : null}
        <div className="flex flex-wrap gap-2">
          <SubmitButton name="intent" value="preview" variant="secondary">
            {t("brain.whatIf.preview")}
          </SubmitButton>
          <SubmitButton name="intent" value="settings" pendingLabel={t("saving")}>
            {t("brain.saveSettings")}
          </SubmitButton>
        </div>
      </AppForm>
    </section>
  );
}

function EventsSection({ answer, lastResult, action }: { answer: Omit<RecommendationsJson, "data">; lastResult: Result; action: string }) {
  const { t, i18n } = useTranslation("pricing");
  const locale = i18n.language;
  const [form, fields] = useForm({
    id: "brain-event",
    lastResult,
    onValidate: useBrainValidation()?.validateBrainEvent,
    shouldRevalidate: "onInput",
  });
  return (
    <section aria-labelledby="brain-events" className="below-fold mb-8 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="brain-events" className="text-lg font-semibold">
        {t("brain.eventsTitle")}
      </h2>
      <p className="mb-3 mt-1 text-sm text-slate-700">{t("brain.eventsIntro")}</p>
      {answer.events.length ? (
        <ul className="mb-3 divide-y divide-slate-200 text-sm">
          {answer.events.map((e) => (
            <li key={e.uuid} className="flex items-center justify-between gap-2 py-2">
              <span>
                {e.name} · {formatDate(e.starts_at, locale)} – {formatDate(e.ends_at, locale)} · {t("brain.eventEffect", { percent: e.effect_percent })}
              </span>
              <AppForm action={action}>
                <input type="hidden" name="event" value={e.uuid} />
                <SubmitButton name="intent" value="event-delete" variant="secondary" aria-label={t("brain.removeEvent", { name: e.name })}>
                  {t("brain.remove")}
                </SubmitButton>
              </AppForm>
            </li>
          ))}
        </ul>
      ) : null}
      <AppForm {...getFormProps(form)} action={action} className="grid gap-3 sm:grid-cols-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField field={fields.name} label={t("brain.eventName")} required />
        <TextField field={fields.starts_at} label={t("brain.from")} type="date" required />
        <TextField field={fields.ends_at} label={t("brain.to")} type="date" required />
        <TextField field={fields.effect_percent} label={t("brain.eventPercent")} type="number" step={0.5} inputMode="decimal" required />
        <div className="sm:col-span-4">
          <SubmitButton name="intent" value="event" pendingLabel={t("saving")}>
            {t("brain.addEvent")}
          </SubmitButton>
        </div>
      </AppForm>
    </section>
  );
}
