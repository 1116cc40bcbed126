import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { GUARANTEES } from "#domain/distribution/constants";
import { decimalToInput } from "#domain/money";
import { issueToKey } from "#domain/validation";
import { CheckboxField } from "#app/components/ui/field";
import { PmsPageHeader, PmsSettingsNav } from "#app/components/pms-settings/nav";
import { requireSelectedBusiness } from "#app/lib/business.server";
import { hotelPoliciesForm } from "#app/components/pms-settings/schemas";
import { AppForm } from "#app/components/ui/app-form";
import { SubmitButton } from "#app/components/ui/button";
import { FormErrors, SelectField, TextAreaField, TextField } from "#app/components/ui/field";
import { guard, type RouteHandle } from "#app/lib/guard.server";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import type { Route } from "./+types/hotel-policies";
import { apiRefusal, replyWithApiError } from "#app/lib/api-reply.server";

/** The house rules guests see on the booking page and in their confirmation e-mail. */
export const handle = { permission: "user.pms-settings" } satisfies RouteHandle;

export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

const PAGE = "/pms-settings/hotel-policies";
const FIELDS = [
  "check_in_from",
  "check_in_until",
  "check_out_until",
  "free_cancellation_days",
  "cancellation_policy",
  "no_show_policy",
  "guarantee",
  "deposit_percent",
  "children_allowed",
  "children_policy",
  "pets_allowed",
  "pets_policy",
];

export async function loader({ context }: Route.LoaderArgs) {
  const { api } = getRequestState(context);
  return { policies: await api.distribution.hotelPolicies(requireSelectedBusiness(context).uuid) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { api, session } = getRequestState(context);
  const submission = parseWithZod(await request.formData(), { schema: hotelPoliciesForm, error: issueToKey });
  if (submission.status !== "success") return data(submission.reply(), { status: 422 });
  try {
    await api.distribution.saveHotelPolicies(requireSelectedBusiness(context).uuid, submission.value);
  } catch (error) {
    const refusal = apiRefusal(error);
    return data(replyWithApiError(submission, refusal, { fields: FIELDS }), { status: refusal.status });
  }
  return redirectWithToast(PAGE, { kind: "success", message: "pms:policies.saved" }, { session });
}

export default function HotelPolicies({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("pms");
  const p = loaderData.policies;
  const [form, fields] = useForm({
    id: "hotel-policies",
    lastResult: actionData,
    defaultValue: {
      check_in_from: p.check_in_from,
      check_in_until: p.check_in_until ?? "",
      check_out_until: p.check_out_until,
      free_cancellation_days: p.free_cancellation_days?.toString() ?? "",
      cancellation_policy: p.cancellation_policy ?? "",
      no_show_policy: p.no_show_policy ?? "",
      guarantee: p.guarantee,
      deposit_percent: decimalToInput(p.deposit_percent, i18n.language),
      children_allowed: p.children_allowed ? "on" : "",
      children_policy: p.children_policy ?? "",
      pets_allowed: p.pets_allowed ? "on" : "",
      pets_policy: p.pets_policy ?? "",
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: hotelPoliciesForm, error: issueToKey }),
    shouldRevalidate: "onInput",
  });
  return (
    <div className="mx-auto max-w-3xl">
      <PmsSettingsNav />
      <PmsPageHeader title={t("pages.hotelPolicies.title")} intro={t("policies.intro")} />
      <AppForm {...getFormProps(form)} className="space-y-6 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <FormErrors id={form.errorId} errors={form.errors} />
        <fieldset className="grid gap-4 sm:grid-cols-3">
          <legend className="mb-2 text-base font-semibold">{t("policies.times")}</legend>
          <TextField field={fields.check_in_from} type="time" label={t("policies.checkInFrom")} />
          <TextField field={fields.check_in_until} type="time" label={t("policies.checkInUntil")} />
          <TextField field={fields.check_out_until} type="time" label={t("policies.checkOutUntil")} />
        </fieldset>
        <fieldset className="space-y-4">
          <legend className="mb-2 text-base font-semibold">{t("policies.cancellationHeading")}</legend>
          <TextField field={fields.free_cancellation_days} type="number" min={0} label={t("policies.freeCancellationDays")} hint={t("policies.freeCancellationHint")} />
          <TextAreaField field={fields.cancellation_policy} label={t("policies.cancellationPolicy")} />
          <TextAreaField field={fields.no_show_policy} label={t("policies.noShowPolicy")} />
        </fieldset>
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-base font-semibold">{t("policies.guaranteeHeading")}</legend>
          <SelectField field={fields.guarantee} label={t("policies.guarantee")} options={GUARANTEES.map((g) => ({ value: g, label: t(`guarantee.${g}`) }))} />
          <TextField field={fields.deposit_percent} inputMode="decimal" label={t("policies.depositPercent")} hint={t("policies.depositHint")} />
        </fieldset>
        <fieldset className="space-y-4">
          <legend className="mb-2 text-base font-semibold">{t("policies.guestsHeading")}</legend>
          <CheckboxField field={fields.children_allowed} label={t("policies.childrenAllowed")} />
          <TextAreaField field={fields.children_policy} label={t("policies.childrenPolicy")} />
          <CheckboxField field={fields.pets_allowed} label={t("policies.petsAllowed")} />
          <TextAreaField field={fields.pets_policy} label={t("policies.petsPolicy")} />
        </fieldset>
        <SubmitButton pendingLabel={t("saving")}>{t("save")}</SubmitButton>
      </AppForm>
    </div>
  );
}
