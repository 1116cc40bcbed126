import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Link, redirect, useActionData, useLoaderData } from "react-router";
import { issueToKey } from "#domain/validation";
import { countryOptions } from "#app/components/business/countries";
import { EasyLiteOffer } from "#app/components/business/easy-lite-offer";
import { BusinessTypeIcon } from "#app/components/business/icons";
import { pageForStatus } from "#app/components/business/next-step";
import { resumeStep, stepToShow, type OnboardingStep } from "#app/components/business/onboarding-steps";
import { choosePlan, findDraft, selectDraft, startEasyLite } from "#app/routes/onboarding/onboarding.server";
import {
  ACCOMMODATION_PURPOSES,
  businessTypeSchema,
  onboardingDetailsSchema,
  planChoiceSchema,
  roomsSchema,
} from "#app/components/business/schemas";
import { OnboardingStepper } from "#app/components/business/onboarding-stepper";
import { categoriesOf, translated, type BusinessJson } from "#app/components/business/types";
import { AppForm } from "#app/components/ui/app-form";
import { buttonClass, SubmitButton } from "#app/components/ui/button";
import { ChoiceGroup } from "#app/components/ui/choice-group";
import { FieldErrors, FormErrors, SelectField, TextField } from "#app/components/ui/field";
import { guard, type RouteHandle } from "#app/lib/guard.server";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import type { Route } from "./+types/index";
import { apiRefusal, replyWithApiError } from "#app/lib/api-reply.server";

/**
 * The onboarding wizard (spec section 2): the hotel's name and place, its type and purpose, its
 * rooms and categories, then the plan. Each step is saved on the server as soon as it is sent, so
 * the owner can leave and come back to the first step not done; an unfinished business is
 * continued, never duplicated. Every step is a plain form; the categories list grows and shrinks
 * with Conform's list intents, which the server answers too when JavaScript is off.
 */
export const handle = { permission: "user.businesses", skipOnboarding: true, skipSubscribedMiddleware: true } satisfies RouteHandle;

export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

const PAGE = "/onboarding";
/** Rows offered when no category exists yet, so the form is usable without JavaScript. */
const BLANK_ROWS = 3;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, locale } = getRequestState(context);
  const { draft } = findDraft(context);
  const step = stepToShow(draft, new URL(request.url).searchParams.get("step"));
  const types =
    step === "type"
      ? (await api.business.types()).map((type) => ({
          uuid: type.uuid,
          title: translated(type.title, locale),
          description: translated(type.description, locale),
          icon: type.icon,
        }))
      : [];
  return { step, reached: resumeStep(draft), business: draft ? formValues(draft) : null, types, locale };
}

function formValues(business: BusinessJson) {
  return {
    uuid: business.uuid,
    status: business.status,
    company_name: business.company_name,
    country: business.country ?? "BR",
    state: business.state ?? "",
    city: business.city ?? "",
    zip_code: business.zip_code ?? "",
    address: business.address ?? "",
    business_type_uuid: business.business_type_uuid ?? business.business_type?.uuid ?? "",
    accommodation_purpose: business.accommodation_purpose ?? "",
    categories: categoriesOf(business).map((c) => ({ uuid: c.uuid, name: c.name, room_count: String(c.room_count) })),
  };
}

type StepResult = { step: OnboardingStep; result: SubmissionResult<string[]> } | { step: "easylite"; errors: string[] };

export async function action({ request, context }: Route.ActionArgs) {
  const { api, session } = getRequestState(context);
  const formData = await request.formData();
  const { draft, selectedUuid } = findDraft(context);
  const intent = formData.get("intent");

  // The Easy Lite offer (plan step once Easy Lite was chosen).
  if (intent === "easylite-start" || intent === "subscribe") {
    if (!draft) return redirect(PAGE);
    try {
      await selectDraft(api, draft, selectedUuid);
      const status = intent === "subscribe" ? await choosePlan(api, draft, "subscribe") : await startEasyLite(api, draft);
      return redirectWithToast(
        pageForStatus(status),
        { kind: "success", message: intent === "subscribe" ? "onboarding:plan.subscribeChosen" : "onboarding:easylite.started" },
        { session },
      );
    } catch (error) {
      const refusal = apiRefusal(error);
      return data<StepResult>({ step: "easylite", errors: [refusal.message] }, { status: refusal.status });
    }
  }

  const step = formData.get("step");
  if (step === "details") {
    const submission = parseWithZod(formData, { schema: onboardingDetailsSchema, error: issueToKey });
    if (submission.status !== "success") return data<StepResult>({ step, result: submission.reply() }, { status: 422 });
    try {
      if (draft) {
        await selectDraft(api, draft, selectedUuid);
        await api.business.saveDetails(draft.uuid, submission.value);
      } else {
        const { business } = await api.business.create(submission.value);
        await selectDraft(api, business, selectedUuid);
      }
    } catch (error) {
      const refusal = apiRefusal(error);
      const result = replyWithApiError(submission, refusal, { fields: Object.keys(onboardingDetailsSchema.shape) });
      return data<StepResult>({ step, result }, { status: refusal.status });
    }
    return redirect(`${PAGE}?step=type`);
  }

  if (!draft) return redirect(PAGE);
  await selectDraft(api, draft, selectedUuid);

  if (step === "type") {
    const submission = parseWithZod(formData, { schema: businessTypeSchema, error: issueToKey });
    if (submission.status !== "success") return data<StepResult>({ step, result: submission.reply() }, { status: 422 });
    try {
      await api.business.saveType(draft.uuid, submission.value);
    } catch (error) {
      const refusal = apiRefusal(error);
      const result = replyWithApiError(submission, refusal, { fields: ["business_type_uuid", "accommodation_purpose"] });
      return data<StepResult>({ step, result }, { status: refusal.status });
    }
    return redirect(`${PAGE}?step=rooms`);
  }

  if (step === "rooms") {
    const submission = parseWithZod(formData, { schema: roomsSchema, error: issueToKey });
    // "Add another" / "Remove" (list intents) come back here without JavaScript: re-render the list.
    if (submission.status === undefined) return data<StepResult>({ step, result: submission.reply() });
    if (submission.status !== "success") return data<StepResult>({ step, result: submission.reply() }, { status: 422 });
    try {
      await api.business.saveRooms(draft.uuid, { room_setup: { categories: withStoredFields(draft, submission.value.categories) } });
    } catch (error) {
      const refusal = apiRefusal(error);
      const result = replyWithApiError(submission, refusal, { fields: ["categories", "categories[].name", "categories[].room_count"], stripPrefix: "room_setup." });
      return data<StepResult>({ step, result }, { status: refusal.status });
    }
    return redirect(`${PAGE}?step=plan`);
  }

  if (step === "plan") {
    const submission = parseWithZod(formData, { schema: planChoiceSchema, error: issueToKey });
    if (submission.status !== "success") return data<StepResult>({ step, result: submission.reply() }, { status: 422 });
    try {
      const status = await choosePlan(api, draft, submission.value.choice);
      if (submission.value.choice === "subscribe") {
        return redirectWithToast(pageForStatus(status), { kind: "success", message: "onboarding:plan.subscribeChosen" }, { session });
      }
      return redirect(pageForStatus(status));
    } catch (error) {
      const refusal = apiRefusal(error);
      return data<StepResult>({ step, result: replyWithApiError(submission, refusal, { fields: [] }) }, { status: refusal.status });
    }
  }

  return redirect(PAGE);
}

/**
 * PUT …/rooms replaces the whole set, so each category must be complete: a category kept from
 * before keeps its occupancy, price variation and commission; a new one starts with the defaults.
 */
function withStoredFields(business: BusinessJson, rows: { uuid?: string; name: string; room_count: number }[]) {
  const stored = new Map(categoriesOf(business).map((c) => [c.uuid, c]));
  return rows.map(({ uuid, name, room_count }) => {
    const before = uuid ? stored.get(uuid) : undefined;
    if (before) return { ...before, name, room_count };
    return { name, room_count, min_occupation: 1, max_occupation: 2, price_variation_type: "value" as const, price_variation_value: 0, commission: 0 };
  });
}

export default function Onboarding({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("onboarding");
  const { step, reached, business } = loaderData;
  return (
    <div className="mx-auto max-w-3xl">
      <title>{`${t(`steps.${step}`)} · ${t("title")} · Tarifa`}</title>
      <h1 className="mb-1 text-2xl font-semibold">{business ? t("headingResume", { name: business.company_name }) : t("heading")}</h1>
      <p className="mb-4 text-slate-700">{t("intro")}</p>
      <OnboardingStepper current={step} reached={reached} />
      <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        {step === "details" ? <DetailsStep /> : null}
        {step === "type" ? <TypeStep /> : null}
        {step === "rooms" ? <RoomsStep /> : null}
        {step === "plan" ? <PlanStep /> : null}
      </div>
    </div>
  );
}

type LoaderData = Route.ComponentProps["loaderData"];

function useStepResult(step: OnboardingStep): SubmissionResult<string[]> | undefined {
  const actionData = useActionData<typeof action>() as StepResult | undefined;
  return actionData && actionData.step === step && "result" in actionData ? actionData.result : undefined;
}

function useEasyLiteErrors(): string[] | undefined {
  const actionData = useActionData<typeof action>() as StepResult | undefined;
  return actionData && "errors" in actionData ? actionData.errors : undefined;
}

function BackLink({ to }: { to: OnboardingStep }) {
  const { t } = useTranslation("onboarding");
  return (
    <Link to={`${PAGE}?step=${to}`} className={buttonClass("link", "text-sm")}>
      {t("back")}
    </Link>
  );
}

function StepHeading({ step }: { step: OnboardingStep }) {
  const { t } = useTranslation("onboarding");
  return (
    <>
      <h2 className="text-xl font-semibold">{t(`${step}.heading`)}</h2>
      <p className="mb-4 text-sm text-slate-700">{t(`${step}.intro`)}</p>
    </>
  );
}

function DetailsStep() {
  const { t } = useTranslation("onboarding");
  const { business, locale } = useLoader();
  const lastResult = useStepResult("details");
  const [form, fields] = useForm({
    id: "onboarding-details",
    lastResult,
    defaultValue: business ?? { country: "BR" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: onboardingDetailsSchema, error: issueToKey }),
    shouldRevalidate: "onInput",
  });
  return (
    <AppForm {...getFormProps(form)} action={`${PAGE}?step=details`} className="space-y-4">
      <StepHeading step="details" />
      <input type="hidden" name="step" value="details" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <TextField field={fields.company_name} label={t("details.companyName")} autoComplete="organization" required />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField field={fields.country} label={t("details.country")} options={countryOptions(locale, business?.country)} autoComplete="country" />
        <TextField field={fields.state} label={t("details.state")} autoComplete="address-level1" />
        <TextField field={fields.city} label={t("details.city")} autoComplete="address-level2" />
        <TextField field={fields.zip_code} label={t("details.zipCode")} autoComplete="postal-code" />
      </div>
      <TextField field={fields.address} label={t("details.address")} autoComplete="street-address" />
      <div className="flex items-center gap-4">
        <SubmitButton pendingLabel={t("saving")}>{t("saveAndContinue")}</SubmitButton>
      </div>
    </AppForm>
  );
}

function TypeStep() {
  const { t } = useTranslation("onboarding");
  const { business, types } = useLoader();
  const lastResult = useStepResult("type");
  const [form, fields] = useForm({
    id: "onboarding-type",
    lastResult,
    defaultValue: { business_type_uuid: business?.business_type_uuid ?? "", accommodation_purpose: business?.accommodation_purpose ?? "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: businessTypeSchema, error: issueToKey }),
    shouldRevalidate: "onInput",
  });
  return (
    <AppForm {...getFormProps(form)} action={`${PAGE}?step=type`} className="space-y-6">
      <StepHeading step="type" />
      <input type="hidden" name="step" value="type" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <ChoiceGroup
        field={fields.business_type_uuid}
        legend={t("type.typeLegend")}
        type="radio"
        columns={2}
        required
        options={types.map((type) => ({ value: type.uuid, label: type.title, description: type.description, icon: <BusinessTypeIcon name={type.icon} /> }))}
      />
      <ChoiceGroup
        field={fields.accommodation_purpose}
        legend={t("type.purposeLegend")}
        type="radio"
        columns={3}
        required
        options={ACCOMMODATION_PURPOSES.map((purpose) => ({
          value: purpose,
          label: t(`purpose.${purpose}`, { ns: "business" }),
          description: t(`purpose.${purpose}Hint`, { ns: "business" }),
        }))}
      />
      <div className="flex items-center gap-4">
        <SubmitButton pendingLabel={t("saving")}>{t("saveAndContinue")}</SubmitButton>
        <BackLink to="details" />
      </div>
    </AppForm>
  );
}

function RoomsStep() {
  const { t } = useTranslation("onboarding");
  const { business } = useLoader();
  const lastResult = useStepResult("rooms");
  const existing = business?.categories ?? [];
  const [form, fields] = useForm({
    id: "onboarding-rooms",
    lastResult,
    defaultValue: { categories: existing.length ? existing : Array.from({ length: BLANK_ROWS }, () => ({ name: "", room_count: "" })) },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: roomsSchema, error: issueToKey }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const rows = fields.categories.getFieldList();
  const values = (form.value?.categories ?? []) as ({ room_count?: string } | undefined)[];
  const total = values.reduce((sum, row) => sum + (Number(row?.room_count) > 0 ? Math.floor(Number(row?.room_count)) : 0), 0);
  return (
    <AppForm {...getFormProps(form)} action={`${PAGE}?step=rooms`} className="space-y-4">
      <StepHeading step="rooms" />
      <input type="hidden" name="step" value="rooms" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <fieldset aria-describedby={fields.categories.errors ? fields.categories.errorId : undefined}>
        <legend className="text-sm font-medium text-slate-800">{t("rooms.legend")}</legend>
        <ol className="mt-2 space-y-3">
          {rows.map((row, index) => {
            const category = row.getFieldset();
            return (
              <li key={row.key} className="grid items-end gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-[1fr_10rem_auto]">
                <input {...getInputProps(category.uuid, { type: "hidden" })} />
                <TextField field={category.name} label={t("rooms.name", { number: index + 1 })} placeholder={t("rooms.namePlaceholder")} />
                <TextField field={category.room_count} label={t("rooms.count", { number: index + 1 })} type="number" min={1} inputMode="numeric" />
                <button
                  {...form.remove.getButtonProps({ name: fields.categories.name, index })}
                  className={buttonClass("link", "mb-2 text-sm")}
                  disabled={rows.length <= 1}
                >
                  {t("rooms.remove")}
                  <span className="sr-only"> {t("rooms.rowLabel", { number: index + 1 })}</span>
                </button>
              </li>
            );
          })}
        </ol>
        <FieldErrors id={fields.categories.errorId} errors={fields.categories.errors} />
      </fieldset>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <button
          {...form.insert.getButtonProps({ name: fields.categories.name, defaultValue: { name: "", room_count: "" } })}
          className={buttonClass("secondary")}
        >
          {t("rooms.add")}
        </button>
        <p className="text-sm text-slate-700" aria-live="polite">
          {t("rooms.total", { count: total })}
        </p>
      </div>
      <div className="flex items-center gap-4">
        <SubmitButton pendingLabel={t("saving")}>{t("saveAndContinue")}</SubmitButton>
        <BackLink to="type" />
      </div>
    </AppForm>
  );
}

function PlanStep() {
  const { t } = useTranslation("onboarding");
  const { business } = useLoader();
  const lastResult = useStepResult("plan");
  const easyLiteErrors = useEasyLiteErrors();
  if (business?.status === "ONBOARDING_EASY_LITE") return <EasyLiteOffer action={PAGE} errors={easyLiteErrors} />;
  const errors = lastResult?.error ? Object.values(lastResult.error).flatMap((messages) => messages ?? []) : undefined;
  return (
    <AppForm action={`${PAGE}?step=plan`} className="space-y-4">
      <StepHeading step="plan" />
      <input type="hidden" name="step" value="plan" />
      <FormErrors id="plan-errors" errors={errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <section aria-labelledby="plan-subscribe" className="flex flex-col rounded-lg border border-brand-300 p-4">
          <h3 id="plan-subscribe" className="text-lg font-semibold">
            {t("plan.subscribeTitle")}
          </h3>
          <p className="mb-4 flex-1 text-sm text-slate-700">{t("plan.subscribeText")}</p>
          <SubmitButton name="choice" value="subscribe" pendingLabel={t("plan.pending")}>
            {t("plan.subscribe")}
          </SubmitButton>
        </section>
        <section aria-labelledby="plan-easylite" className="flex flex-col rounded-lg border border-slate-300 p-4">
          <h3 id="plan-easylite" className="text-lg font-semibold">
            {t("plan.easyLiteTitle")}
          </h3>
          <p className="mb-4 flex-1 text-sm text-slate-700">{t("plan.easyLiteText")}</p>
          <SubmitButton name="choice" value="easylite" variant="secondary" pendingLabel={t("plan.pending")}>
            {t("plan.easyLite")}
          </SubmitButton>
        </section>
      </div>
      <BackLink to="rooms" />
    </AppForm>
  );
}

function useLoader(): LoaderData {
  return useLoaderData<typeof loader>();
}
