import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";
import { CANCELLATION_SOURCES, MEAL_PLANS, RATE_PLAN_KINDS } from "#domain/distribution/constants";
import { centsToInput, decimalToInput } from "#domain/money";
import { isUuid } from "#domain/text/sanitize";
import { issueToKey } from "#domain/validation";
import { CheckboxField } from "#app/components/ui/field";
import { PmsPageHeader, PmsSettingsNav } from "#app/components/pms-settings/nav";
import { requireSelectedBusiness } from "#app/lib/business.server";
import { pageNotFound } from "#app/lib/guard.server";
import { ratePlanForm } from "#app/components/pms-settings/schemas";
import { AppForm } from "#app/components/ui/app-form";
import { buttonClass, SubmitButton } from "#app/components/ui/button";
import { CheckboxGroup } from "#app/components/ui/choice-group";
import { FormErrors, SelectField, TextAreaField, TextField } from "#app/components/ui/field";
import { ApiError } from "#app/lib/api.server";
import { guard, type RouteHandle } from "#app/lib/guard.server";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import type { Route } from "./+types/rate-plan-form";
import { weekdayName } from "#app/lib/format-date";
import { apiRefusal, replyWithApiError } from "#app/lib/api-reply.server";

/** Create a rate plan (/rate-plans/create) or edit one (/rate-plans/{id}/edit). */
export const handle = { permission: "user.pms-settings" } satisfies RouteHandle;

export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

const FIELDS = [
  "name",
  "code",
  "kind",
  "adjustment_percent",
  "amount_per_guest",
  "long_stay_min_nights",
  "meal_plan",
  "cancellation_source",
  "cancellation_text",
  "min_stay",
  "max_stay",
  "closed_to_arrival",
  "closed_to_departure",
  "active",
];

export async function loader({ params, context }: Route.LoaderArgs) {
  if (params.planId === undefined) return { plan: null };
  if (!isUuid(params.planId)) pageNotFound();
  const { api } = getRequestState(context);
  try {
    return { plan: await api.distribution.ratePlan(requireSelectedBusiness(context).uuid, params.planId) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) pageNotFound();
    throw error;
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { api, session } = getRequestState(context);
  const editing = params.planId !== undefined;
  if (editing && !isUuid(params.planId)) pageNotFound();
  const submission = parseWithZod(await request.formData(), { schema: ratePlanForm, error: issueToKey });
  if (submission.status !== "success") return data(submission.reply(), { status: 422 });
  const businessUuid = requireSelectedBusiness(context).uuid;
  try {
    if (editing) await api.distribution.updateRatePlan(businessUuid, params.planId, submission.value);
    else await api.distribution.createRatePlan(businessUuid, submission.value);
  } catch (error) {
    const refusal = apiRefusal(error);
    if (refusal.status === 404) pageNotFound();
    return data(replyWithApiError(submission, refusal, { fields: FIELDS }), { status: refusal.status });
  }
  return redirectWithToast("/pms-settings/rate-plans", { kind: "success", message: editing ? "pms:plans.updated" : "pms:plans.created" }, { session });
}

export default function RatePlanForm({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("pms");
  const { plan } = loaderData;
  const locale = i18n.language;
  const [form, fields] = useForm({
    id: plan ? `plan-${plan.uuid}` : "plan-new",
    lastResult: actionData,
    defaultValue: plan
      ? {
          name: plan.name,
          code: plan.code,
          kind: plan.kind,
          adjustment_percent: decimalToInput(plan.adjustment_percent, locale),
          amount_per_guest: plan.amount_per_guest ? centsToInput(plan.amount_per_guest, locale) : "",
          long_stay_min_nights: plan.long_stay_min_nights?.toString() ?? "",
          meal_plan: plan.meal_plan,
          cancellation_source: plan.cancellation_source,
          cancellation_text: plan.cancellation_text ?? "",
          min_stay: plan.min_stay?.toString() ?? "",
          max_stay: plan.max_stay?.toString() ?? "",
          closed_to_arrival: plan.closed_to_arrival.map(String),
          closed_to_departure: plan.closed_to_departure.map(String),
          active: plan.active ? "on" : "",
        }
      : { kind: "standard", meal_plan: "room_only", cancellation_source: "hotel", active: "on" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ratePlanForm, error: issueToKey }),
    shouldRevalidate: "onInput",
  });
  // Sunday first, like the engine's 0.
  const weekdays = [0, 1, 2, 3, 4, 5, 6].map((d) => ({ value: String(d), label: weekdayName(d, locale) }));
  return (
    <div className="mx-auto max-w-3xl">
      <PmsSettingsNav />
      <PmsPageHeader title={plan ? t("plans.editTitle", { name: plan.name }) : t("plans.createTitle")} intro={t("plans.formIntro")} />
      <AppForm {...getFormProps(form)} className="space-y-6 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField field={fields.name} label={t("plans.name")} />
          <TextField field={fields.code} label={t("plans.code")} hint={t("plans.codeHint")} autoComplete="off" />
        </div>
        <fieldset className="space-y-4">
          <legend className="text-base font-semibold">{t("plans.ruleHeading")}</legend>
          <SelectField field={fields.kind} label={t("plans.kind")} options={RATE_PLAN_KINDS.map((k) => ({ value: k, label: t(`plans.kinds.${k}`) }))} />
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField field={fields.adjustment_percent} inputMode="decimal" label={t("plans.adjustment")} hint={t("plans.adjustmentHint")} />
            <TextField field={fields.amount_per_guest} inputMode="decimal" label={t("plans.amountPerGuest")} hint={t("plans.amountPerGuestHint")} />
            <TextField field={fields.long_stay_min_nights} type="number" min={2} label={t("plans.longStayNights")} hint={t("plans.longStayNightsHint")} />
          </div>
        </fieldset>
        <fieldset className="space-y-4">
          <legend className="text-base font-semibold">{t("plans.conditionsHeading")}</legend>
          <SelectField field={fields.meal_plan} label={t("plans.mealPlan")} options={MEAL_PLANS.map((m) => ({ value: m, label: t(`mealPlan.${m}`) }))} />
          <SelectField
            field={fields.cancellation_source}
            label={t("plans.cancellation")}
            options={CANCELLATION_SOURCES.map((c) => ({ value: c, label: t(`cancellation.${c}`) }))}
          />
          <TextAreaField field={fields.cancellation_text} label={t("plans.cancellationText")} />
        </fieldset>
        <fieldset className="space-y-4">
          <legend className="text-base font-semibold">{t("plans.restrictionsHeading")}</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField field={fields.min_stay} type="number" min={1} label={t("plans.minStay")} />
            <TextField field={fields.max_stay} type="number" min={1} label={t("plans.maxStay")} />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <CheckboxGroup field={fields.closed_to_arrival} legend={t("plans.closedToArrival")} options={weekdays} />
            <CheckboxGroup field={fields.closed_to_departure} legend={t("plans.closedToDeparture")} options={weekdays} />
          </div>
        </fieldset>
        <CheckboxField field={fields.active} label={t("plans.activeLabel")} />
        <div className="flex flex-wrap items-center gap-4">
          <SubmitButton pendingLabel={t("saving")}>{plan ? t("save") : t("plans.create")}</SubmitButton>
          <Link to="/pms-settings/rate-plans" className={buttonClass("link", "text-sm")}>
            {t("cancel")}
          </Link>
        </div>
      </AppForm>
    </div>
  );
}
