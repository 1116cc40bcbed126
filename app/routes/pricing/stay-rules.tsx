import { getFormProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { z } from "zod";
import { BRAIN_MODES } from "#domain/brain/types";
import { demandRuleSchema, stayBaseSchema, staySettingsSchema } from "#domain/schemas/stay-rules";
import { DEFAULT_BASE_RULES } from "#domain/stay-rules/types";
import { issueToKey } from "#domain/validation";
import type { DemandRuleJson, StayRulesJson, StayWhatIfJson } from "#contract/stay-rules";
import { WeekdayBoxes } from "#app/components/pricing/form-bits";
import { AppForm } from "#app/components/ui/app-form";
import { SubmitButton } from "#app/components/ui/button";
import { CheckboxField, FormErrors, SelectField, TextField } from "#app/components/ui/field";
import { formatDate } from "#app/lib/format-date";
import { ApiError, heldPermissions, pricingBusiness, pricingMiddleware, type PricingHandle } from "#app/lib/pricing.server";
import { sendIntentForm } from "#app/lib/api-reply.server";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import type { Route } from "./+types/stay-rules";

export const handle: PricingHandle = { permission: "user.calendar", anyOf: ["user.calendar", "user.price-settings"] };
export const middleware: Route.MiddlewareFunction[] = pricingMiddleware(handle);

const PAGE = "/stay-rules";

/**
 * What the settings form posts. A checkbox sends nothing when unticked, so "no gap fill" is an
 * absent field; the bases are an object keyed by the categories on the form (Conform coerces the
 * typed numbers of an object's fields, not of a record's); Preview also names its category.
 */
function settingsForm(categoryIds: readonly string[]) {
  return staySettingsSchema.extend({
    gap_fill: z.boolean().default(false),
    bases: z.object(Object.fromEntries(categoryIds.map((id) => [id, stayBaseSchema]))),
    category: z.uuid().optional(),
  });
}
const previewForm = (categoryIds: readonly string[]) => settingsForm(categoryIds).extend({ category: z.uuid() });

/** The categories whose bases a posted form carries (`bases.<uuid>.min_stay`). */
const postedCategories = (formData: FormData) => [...new Set([...formData.keys()].flatMap((k) => /^bases\.([0-9a-fA-F-]{36})\./.exec(k)?.[1] ?? []))];

export async function loader({ context }: Route.LoaderArgs) {
  const business = pricingBusiness(context);
  const { api } = getRequestState(context);
  const answer = await api.stayRules.get(business.uuid);
  return { answer, canEdit: heldPermissions(context).includes("user.price-settings") };
}

/** What the page's forms send, each with its `intent`. */
export async function action({ request, context }: Route.ActionArgs) {
  const business = pricingBusiness(context);
  const { api, session } = getRequestState(context);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const back = (message: string) => redirectWithToast(PAGE, { kind: "success", message }, { session });

  if (intent === "preview") {
    // The what-if: the form comes back with the values as typed and the comparison above Save.
    const sent = await sendIntentForm("settings", formData, previewForm(postedCategories(formData)), (value) => api.stayRules.whatIf(business.uuid, value));
    return "refused" in sent ? sent.refused : { intent: "settings" as const, result: sent.reply, preview: sent.answer };
  }
  if (intent === "settings") {
    const sent = await sendIntentForm("settings", formData, settingsForm(postedCategories(formData)), (value) => api.stayRules.saveSettings(business.uuid, value));
    return "refused" in sent ? sent.refused : back("pricing:stayRules.saved");
  }
  if (intent === "demand-rule") {
    const sent = await sendIntentForm("demand-rule", formData, demandRuleSchema, (value) => api.stayRules.addDemandRule(business.uuid, value));
    return "refused" in sent ? sent.refused : back("pricing:stayRules.ruleAdded");
  }
  /** A call without a form of its own: done → a success toast; refused by the API → its reason as an error toast. */
  const buttonCall = async (call: () => Promise<unknown>, done: string) => {
    try {
      await call();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return redirectWithToast(PAGE, { kind: "error", message: Object.values(error.errors).flat()[0] ?? error.message }, { session });
    }
    return back(done);
  };
  if (intent === "demand-rule-suggested") return buttonCall(() => api.stayRules.adoptSuggestedRule(business.uuid), "pricing:stayRules.suggestion.added");
  if (intent === "demand-rule-delete") return buttonCall(() => api.stayRules.deleteDemandRule(business.uuid, String(formData.get("rule") ?? "")), "pricing:stayRules.ruleRemoved");
  return redirectWithToast(PAGE, { kind: "error", message: "pricing:brain.unknownAction" }, { session });
}

/** A gap's badge: sold or sellable in green, waiting for the owner in blue, left in amber. */
const GAP_BADGE: Record<StayRulesJson["gaps"][number]["action"], string> = {
  filled: "bg-emerald-100 text-emerald-900",
  fits: "bg-emerald-100 text-emerald-900",
  awaiting: "bg-blue-100 text-blue-900",
  left: "bg-amber-100 text-amber-900",
};

export default function StayRules({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("pricing");
  const { answer, canEdit } = loaderData;
  return (
    <>
      <title>{`${t("stayRules.title")} · Tarifa`}</title>
      <h1 className="mb-2 text-2xl font-semibold">{t("stayRules.title")}</h1>
      <p className="mb-4 max-w-3xl text-sm text-slate-700">{t("stayRules.intro")}</p>
      <GapList answer={answer} />
      {canEdit ? (
        <>
          <SettingsForm
            answer={answer}
            lastResult={actionData?.intent === "settings" ? actionData.result : undefined}
            preview={actionData && "preview" in actionData ? actionData.preview : undefined}
          />
          <DemandRules answer={answer} lastResult={actionData?.intent === "demand-rule" ? actionData.result : undefined} />
        </>
      ) : null}
    </>
  );
}

type Result = SubmissionResult<string[]> | undefined;
type Categories = StayRulesJson["categories"];

/** The open orphan gaps of the next 60 nights and what the rules did about each. */
function GapList({ answer }: { answer: StayRulesJson }) {
  const { t, i18n } = useTranslation("pricing");
  const locale = i18n.language;
  const names = new Map(answer.categories.map((c) => [c.uuid, c.name]));
  return (
    <section aria-labelledby="stay-gaps" className="mb-8">
      <h2 id="stay-gaps" className="mb-2 text-lg font-semibold">
        {t("stayRules.gapsTitle")}
      </h2>
      {answer.gaps.length === 0 ? (
        <p className="text-sm text-slate-700">{t("stayRules.noGaps")}</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 bg-white text-sm" data-testid="gaps">
          {answer.gaps.map((g) => (
            <li key={`${g.room_category_uuid}-${g.first}`} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 p-3" data-first={g.first} data-action={g.action}>
              <span>
                <span className="font-medium">{names.get(g.room_category_uuid) ?? ""}</span> ·{" "}
                {t("stayRules.gapNights", { count: g.nights, first: formatDate(g.first, locale), last: formatDate(g.last, locale) })}
              </span>
              <span>
                <span className={`rounded px-1.5 py-0.5 font-medium ${GAP_BADGE[g.action]}`}>{t(`stayRules.action.${g.action}`)}</span>{" "}
                {t("stayRules.gapMinStay", { count: g.min_stay_arrival })}
                {g.discount_percent ? ` · ${t("stayRules.gapDiscount", { percent: g.discount_percent })}` : ""}
                {g.action === "awaiting" ? (
                  <>
                    {" · "}
                    {/* The recommendations of this gap's nights and category, where the owner accepts them. */}
                    <Link to={`/recommendations?${new URLSearchParams({ from: g.first, to: g.last, category: g.room_category_uuid })}`} className="font-medium text-blue-800 underline">
                      {t("stayRules.gapSeeRecommendations")}
                    </Link>
                  </>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const asList = (v: unknown) => (Array.isArray(v) ? v : v === undefined || v === null || v === "" ? [] : [v]).map(Number);
const BASE_FIELDS = ["min_stay", "weekend_min_stay", "max_stay", "min_advance_days", "max_advance_days"] as const;

function SettingsForm({ answer, lastResult, preview }: { answer: StayRulesJson; lastResult: Result; preview?: StayWhatIfJson }) {
  const { t } = useTranslation("pricing");
  const s = answer.settings;
  const text = (v: number | null) => (v === null ? "" : String(v));
  const [form, fields] = useForm({
    id: "stay-settings",
    lastResult,
    defaultValue: {
      gap_fill: s.gap_fill ? "on" : undefined,
      gap_max_nights: String(s.gap_max_nights),
      gap_discount_percent: String(s.gap_discount_percent),
      mode: s.mode,
      category: answer.categories[0]?.uuid,
      bases: Object.fromEntries(
        answer.categories.map((c) => {
          const b = s.bases[c.uuid];
          const d = DEFAULT_BASE_RULES;
          return [
            c.uuid,
            {
              min_stay: String(b?.min_stay ?? d.minStay),
              weekend_min_stay: text(b ? b.weekend_min_stay : d.weekendMinStay),
              max_stay: text(b ? b.max_stay : d.maxStay),
              closed_to_arrival: (b?.closed_to_arrival ?? d.closedToArrival).map(String),
              closed_to_departure: (b?.closed_to_departure ?? d.closedToDeparture).map(String),
              min_advance_days: String(b?.min_advance_days ?? d.minAdvanceDays),
              max_advance_days: text(b ? b.max_advance_days : d.maxAdvanceDays),
            },
          ];
        }),
      ),
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: settingsForm(postedCategories(formData)), error: issueToKey }),
    shouldRevalidate: "onInput",
  });
  const bases = fields.bases.getFieldset() as Record<string, FieldMetadata<Record<string, unknown>>>;
  const categoryOptions = answer.categories.map((c) => ({ value: c.uuid, label: c.name }));
  return (
    <section aria-labelledby="stay-settings-title" className="mb-8 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="stay-settings-title" className="text-lg font-semibold">
        {t("stayRules.settingsTitle")}
      </h2>
      <p className="mb-3 mt-1 text-sm text-slate-700">{t("stayRules.settingsIntro")}</p>
      <AppForm {...getFormProps(form)} action={PAGE} className="space-y-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <fieldset className="grid gap-3 sm:grid-cols-3">
          <legend className="mb-1 text-sm font-medium">{t("stayRules.gapFill")}</legend>
          <div className="sm:col-span-3">
            <CheckboxField field={fields.gap_fill} label={t("stayRules.field.gap_fill")} hint={t("stayRules.hint.gap_fill")} />
          </div>
          <TextField field={fields.gap_max_nights} label={t("stayRules.field.gap_max_nights")} type="number" step={1} inputMode="numeric" required />
          <TextField field={fields.gap_discount_percent} label={t("stayRules.field.gap_discount_percent")} type="number" step={0.5} inputMode="decimal" required />
          <SelectField field={fields.mode} label={t("stayRules.field.mode")} hint={t("stayRules.hint.mode")} options={BRAIN_MODES.map((m) => ({ value: m, label: t(`brain.mode.${m}`) }))} />
        </fieldset>
        {answer.categories.map((c) => {
          const b = bases[c.uuid]?.getFieldset();
          if (!b) return null;
          return (
            <fieldset key={c.uuid} className="grid items-end gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-5">
              <legend className="px-1 text-sm font-medium">{t("stayRules.baseOf", { category: c.name })}</legend>
              {BASE_FIELDS.map((name) => (
                <TextField key={name} field={b[name]} label={t(`stayRules.field.${name}`)} type="number" step={1} inputMode="numeric" required={name === "min_stay"} />
              ))}
              <div className="sm:col-span-5 grid gap-3 sm:grid-cols-2">
                {(["closed_to_arrival", "closed_to_departure"] as const).map((name) => (
                  <WeekdayBoxes key={name} name={b[name].name} selected={asList(b[name].initialValue)} legend={t(`stayRules.field.${name}`)} errors={form.allErrors} />
                ))}
              </div>
            </fieldset>
          );
        })}
        {preview ? <WhatIf preview={preview} categories={answer.categories} /> : null}
        <div className="flex flex-wrap items-end gap-2">
          <SelectField field={fields.category} label={t("stayRules.whatIf.category")} options={categoryOptions} />
          <SubmitButton name="intent" value="preview" variant="secondary">
            {t("brain.whatIf.preview")}
          </SubmitButton>
          <SubmitButton name="intent" value="settings" pendingLabel={t("saving")}>
            {t("stayRules.save")}
          </SubmitButton>
        </div>
      </AppForm>
    </section>
  );
}

/** The what-if over the next 90 nights: stays the new settings open or close, and each gap's fate. */
function WhatIf({ preview, categories }: { preview: StayWhatIfJson; categories: Categories }) {
  const { t, i18n } = useTranslation("pricing");
  const locale = i18n.language;
  const stay = (s: { arrival: string; departure: string }) => `${formatDate(s.arrival, locale)} → ${formatDate(s.departure, locale)}`;
  const sellable = (yes: boolean) => t(yes ? "stayRules.whatIf.sellable" : "stayRules.whatIf.unsellable");
  return (
    <section aria-labelledby="stay-what-if" className="space-y-2 rounded-md border border-sky-200 bg-sky-50 p-3 text-sm" data-testid="what-if">
      <h3 id="stay-what-if" className="font-semibold">
        {t("stayRules.whatIf.title", { category: categories.find((c) => c.uuid === preview.room_category_uuid)?.name ?? "", count: preview.nights })}
      </h3>
      <p>{t("stayRules.whatIf.summary", { opened: preview.opened, closed: preview.closed })}</p>
      {preview.opened_sample.length ? <p>{t("stayRules.whatIf.openedSample", { stays: preview.opened_sample.map(stay).join("; ") })}</p> : null}
      {preview.closed_sample.length ? <p>{t("stayRules.whatIf.closedSample", { stays: preview.closed_sample.map(stay).join("; ") })}</p> : null}
      {preview.gaps.length ? (
        <ul className="list-disc pl-5">
          {preview.gaps.map((g) => (
            <li key={g.first}>
              {t("stayRules.gapNights", { count: g.nights, first: formatDate(g.first, locale), last: formatDate(g.last, locale) })}: {sellable(g.sellable_before)} →{" "}
              {sellable(g.sellable_after)}
            </li>
          ))}
        </ul>
      ) : (
        <p>{t("stayRules.whatIf.noGaps")}</p>
      )}
      <p className="font-medium">{t("brain.whatIf.notSaved")}</p>
    </section>
  );
}

/** A weekday's short name in the user's locale (0 = Sunday; 2023-01-01 was one). */
function useWeekdayName() {
  const { i18n } = useTranslation("pricing");
  const weekday = new Intl.DateTimeFormat(i18n.language, { weekday: "short", timeZone: "UTC" });
  return (d: number) => weekday.format(new Date(Date.UTC(2023, 0, 1 + d)));
}

type RuleWords = Pick<DemandRuleJson, "weekdays" | "applies_to" | "min_stay" | "relaxed_min_stay" | "relax_inside_days" | "relax_below_occupancy_percent">;

/** A demand rule in words: its weekdays, minimum and relaxations. */
function RuleSummary({ rule }: { rule: RuleWords }) {
  const { t } = useTranslation("pricing");
  const day = useWeekdayName();
  return (
    <>
      {rule.weekdays.length ? rule.weekdays.map(day).join(", ") : t("stayRules.everyDay")} · {t(`stayRules.rule.${rule.applies_to}`, { count: rule.min_stay })} ·{" "}
      {t("stayRules.rule.relaxed", { count: rule.relaxed_min_stay, days: rule.relax_inside_days })}
      {rule.relax_below_occupancy_percent !== null ? ` · ${t("stayRules.rule.belowOccupancy", { percent: rule.relax_below_occupancy_percent })}` : ""}
    </>
  );
}

/** Tarifa's suggested rule from the last year, why, and a button that adds it as it stands. */
function Suggestion({ suggestion }: { suggestion: StayRulesJson["suggestion"] }) {
  const { t, i18n } = useTranslation("pricing");
  const day = useWeekdayName();
  const count = new Intl.NumberFormat(i18n.language);
  const { rule } = suggestion;
  return (
    <section aria-labelledby="stay-suggestion" className="mb-4 space-y-2 rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm" data-testid="suggestion">
      <h3 id="stay-suggestion" className="font-semibold">
        {t("stayRules.suggestion.title")}
      </h3>
      {rule ? (
        <>
          <p className="font-medium">
            <RuleSummary rule={rule} />
          </p>
          <p>
            {t("stayRules.suggestion.evidence", {
              days: suggestion.evidence
                .filter((e) => rule.weekdays.length === 0 || rule.weekdays.includes(e.weekday))
                .map((e) => t("stayRules.suggestion.evidenceDay", { weekday: day(e.weekday), soldOut: count.format(e.sold_out), nights: count.format(e.nights) }))
                .join("; "),
            })}
          </p>
          <p>{t("stayRules.suggestion.why", { percent: rule.relax_below_occupancy_percent ?? 100, days: rule.relax_inside_days, count: suggestion.stays, stays: count.format(suggestion.stays) })}</p>
          {suggestion.adopted ? (
            <p className="font-medium">{t("stayRules.suggestion.inUse")}</p>
          ) : (
            <AppForm action={PAGE}>
              <SubmitButton name="intent" value="demand-rule-suggested" pendingLabel={t("saving")}>
                {t("stayRules.suggestion.add")}
              </SubmitButton>
            </AppForm>
          )}
        </>
      ) : (
        <p>{t(`stayRules.suggestion.${suggestion.reason ?? "history"}`)}</p>
      )}
    </section>
  );
}

function DemandRules({ answer, lastResult }: { answer: StayRulesJson; lastResult: Result }) {
  const { t, i18n } = useTranslation("pricing");
  const locale = i18n.language;
  const names = new Map(answer.categories.map((c) => [c.uuid, c.name]));
  const [form, fields] = useForm({
    id: "stay-demand-rule",
    lastResult,
    defaultValue: { applies_to: "arrival", relax_inside_days: "0", relaxed_min_stay: "1" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: demandRuleSchema, error: issueToKey }),
    shouldRevalidate: "onInput",
  });
  return (
    <section aria-labelledby="stay-demand" className="mb-8 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="stay-demand" className="text-lg font-semibold">
        {t("stayRules.demandTitle")}
      </h2>
      <p className="mb-3 mt-1 text-sm text-slate-700">{t("stayRules.demandIntro")}</p>
      <Suggestion suggestion={answer.suggestion} />
      {answer.demand_rules.length ? (
        <ul className="mb-3 divide-y divide-slate-200 text-sm">
          {answer.demand_rules.map((r) => (
            <li key={r.uuid} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                {r.category ? names.get(r.category) : t("brain.allCategories")}
                {r.from || r.to ? ` · ${r.from ? formatDate(r.from, locale) : "…"} – ${r.to ? formatDate(r.to, locale) : "…"}` : ""} · <RuleSummary rule={r} />
                {r.source === "recommendation" ? <span className="ml-2 rounded bg-emerald-100 px-1.5 py-0.5 text-xs font-medium text-emerald-900">{t("stayRules.suggestion.badge")}</span> : null}
              </span>
              <AppForm action={PAGE}>
                <input type="hidden" name="rule" value={r.uuid} />
                <SubmitButton name="intent" value="demand-rule-delete" variant="secondary">
                  {t("brain.remove")}
                </SubmitButton>
              </AppForm>
            </li>
          ))}
        </ul>
      ) : null}
      <AppForm {...getFormProps(form)} action={PAGE} className="grid gap-3 sm:grid-cols-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <SelectField field={fields.category} label={t("brain.category")} options={answer.categories.map((c) => ({ value: c.uuid, label: c.name }))} placeholder={t("brain.allCategories")} />
        <TextField field={fields.from} label={t("brain.from")} type="date" />
        <TextField field={fields.to} label={t("brain.to")} type="date" />
        <SelectField field={fields.applies_to} label={t("stayRules.field.applies_to")} options={(["arrival", "through"] as const).map((v) => ({ value: v, label: t(`stayRules.appliesTo.${v}`) }))} />
        <div className="sm:col-span-4">
          <WeekdayBoxes name={fields.weekdays.name} selected={asList(fields.weekdays.initialValue)} legend={t("stayRules.field.weekdays")} errors={form.allErrors} />
        </div>
        <TextField field={fields.min_stay} label={t("stayRules.field.min_stay")} type="number" step={1} inputMode="numeric" required />
        <TextField field={fields.relax_inside_days} label={t("stayRules.field.relax_inside_days")} type="number" step={1} inputMode="numeric" />
        <TextField field={fields.relaxed_min_stay} label={t("stayRules.field.relaxed_min_stay")} type="number" step={1} inputMode="numeric" />
        <TextField field={fields.relax_below_occupancy_percent} label={t("stayRules.field.relax_below_occupancy_percent")} type="number" step={1} inputMode="decimal" />
        <div className="sm:col-span-4">
          <SubmitButton name="intent" value="demand-rule" pendingLabel={t("saving")}>
            {t("stayRules.addRule")}
          </SubmitButton>
        </div>
      </AppForm>
    </section>
  );
}
