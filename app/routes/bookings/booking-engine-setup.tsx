import { getFormProps, getInputProps, useForm, type FieldMetadata } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, useActionData } from "react-router";
import { embedSnippet } from "#domain/booking-engine/rules";
import { bookingEngineSettingsSchema } from "#domain/schemas/booking-engine";
import { LOCALES } from "#domain/locale";
import { issueToKey } from "#domain/validation";
import { CheckboxGroup } from "#app/components/ui/choice-group";
import { FormErrors, TextAreaField, TextField } from "#app/components/ui/field";
import { ApiError, bookingBusiness } from "#app/lib/bookings.server";
import { AppForm } from "#app/components/ui/app-form";
import { buttonClass, SubmitButton } from "#app/components/ui/button";
import { guard, type RouteHandle } from "#app/lib/guard.server";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import type { Route } from "./+types/booking-engine-setup";
import { replyWithApiError } from "#app/lib/api-reply.server";

export const handle: RouteHandle = { permission: "user.businesses", plan: "motor" };

export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

export async function loader({ context, request }: Route.LoaderArgs) {
  const business = bookingBusiness(context);
  const { api } = getRequestState(context);
  const answer = await api.bookingEngine.settings(business.uuid);
  return { settings: answer.data, categories: answer.categories, origin: new URL(request.url).origin, businessName: business.name };
}

const FIELDS = [
  "slug",
  "enabled",
  "accent_color",
  "contact_email",
  "contact_phone",
  "category_ids",
  "min_nights",
  "max_nights",
  "max_advance_days",
  "check_in_time",
  "check_out_time",
  "auto_confirm",
  ...LOCALES.flatMap((l) => [`headline.${l}`, `description.${l}`, `policies.${l}`]),
];

/** Saves every setting at once (an unticked box is not sent, so it means "off"). */
export async function action({ request, context }: Route.ActionArgs) {
  const business = bookingBusiness(context);
  const { api, session } = getRequestState(context);
  const submission = parseWithZod(await request.formData(), { schema: bookingEngineSettingsSchema, error: issueToKey });
  if (submission.status !== "success") return data(submission.reply(), { status: 422 });
  try {
    await api.bookingEngine.saveSettings(business.uuid, submission.value);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return data(replyWithApiError(submission, error, { fields: FIELDS }), { status: error.status });
  }
  return redirectWithToast("/booking-engine/setup", { kind: "success", message: "bookingEngine:setup.saved" }, { session });
}

function Checkbox({ field, label, hint }: { field: FieldMetadata<unknown>; label: string; hint: string }) {
  const hintId = `${field.id}-hint`;
  return (
    <div className="flex items-start gap-3">
      <input {...getInputProps(field as FieldMetadata<boolean>, { type: "checkbox" })} aria-describedby={hintId} className="mt-1 h-4 w-4 accent-brand-600" />
      <div>
        <label htmlFor={field.id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      </div>
    </div>
  );
}

export default function BookingEngineSetup({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("bookingEngine");
  const { settings, categories, origin } = loaderData;
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: `booking-engine-${settings.slug}`,
    lastResult,
    defaultValue: { ...settings, contact_email: settings.contact_email ?? "", contact_phone: settings.contact_phone ?? "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: bookingEngineSettingsSchema, error: issueToKey }),
    shouldValidate: "onBlur",
  });
  const pageUrl = `${origin}/p/${settings.slug}`;
  const headline = fields.headline.getFieldset();
  const description = fields.description.getFieldset();
  const policies = fields.policies.getFieldset();
  const snippet = embedSnippet(pageUrl, t("setup.snippetLabel"), settings.accent_color);
  return (
    <>
      <title>{`${t("setup.title")} · Tarifa`}</title>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <div>
          <h1 className="text-2xl font-semibold">{t("setup.heading")}</h1>
          <p className="text-sm text-slate-700">{t("setup.intro")}</p>
        </div>
        {settings.saved ? (
          <a href={`/p/${settings.slug}`} target="_blank" rel="noopener" className={buttonClass("secondary")}>
            {t("setup.preview")}
          </a>
        ) : null}
      </div>
      <p className="mb-4 text-sm">
        <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ${settings.saved && settings.enabled ? "bg-emerald-100 text-emerald-900" : "bg-slate-200 text-slate-800"}`}>
          {settings.saved && settings.enabled ? t("setup.statusOn") : t("setup.statusOff")}
        </span>{" "}
        {settings.saved ? <span className="break-all text-slate-700">{pageUrl}</span> : <span className="text-slate-700">{t("setup.notSaved")}</span>}
      </p>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <AppForm {...getFormProps(form)} action="/booking-engine/setup" className="space-y-6">
          <FormErrors id={form.errorId} errors={form.errors} />
          <fieldset className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
            <legend className="px-1 text-base font-semibold">{t("setup.page")}</legend>
            <Checkbox field={fields.enabled} label={t("setup.enabled")} hint={t("setup.enabledHint")} />
            <TextField field={fields.slug} label={t("setup.slug")} hint={t("setup.slugHint", { url: `${origin}/p/…` })} autoComplete="off" spellCheck={false} />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                type="color"
                field={fields.accent_color}
                label={t("setup.accentColor")}
                hint={t("setup.accentColorHint")}
                className="mt-1 block h-10 w-20 cursor-pointer rounded-md border border-slate-300 bg-white p-1"
              />
              <TextField field={fields.contact_email} label={t("setup.contactEmail")} type="email" hint={t("setup.contactEmailHint")} autoComplete="email" />
              <TextField field={fields.contact_phone} label={t("setup.contactPhone")} type="tel" autoComplete="tel" />
            </div>
          </fieldset>

          <fieldset className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
            <legend className="px-1 text-base font-semibold">{t("setup.texts")}</legend>
            <p className="text-sm text-slate-600">{t("setup.textsHint")}</p>
            {LOCALES.map((locale) => (
              <details key={locale} open={locale === "pt-BR"} className="rounded-md border border-slate-200 p-3">
                <summary className="cursor-pointer text-sm font-semibold" lang={locale}>
                  {t(`language.names.${locale}`, { ns: "common" })}
                </summary>
                <div className="mt-3 space-y-3" lang={locale}>
                  <TextField field={headline[locale]} label={t("setup.headline")} />
                  <TextAreaField field={description[locale]} label={t("setup.description")} rows={3} />
                  <TextAreaField field={policies[locale]} label={t("setup.policies")} rows={3} />
                </div>
              </details>
            ))}
          </fieldset>

          <fieldset className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
            <legend className="px-1 text-base font-semibold">{t("setup.rules")}</legend>
            {categories.length ? (
              <CheckboxGroup
                field={fields.category_ids}
                legend={t("setup.categories")}
                options={categories.map((c) => ({ value: c.uuid, label: c.name, hint: t("setup.categoryHint", { rooms: c.room_count, min: c.min_occupation, max: c.max_occupation }) }))}
              />
            ) : (
              <p className="text-sm text-amber-900">{t("setup.noCategories")}</p>
            )}
            <p className="text-sm text-slate-600">{t("setup.categoriesHint")}</p>
            <div className="grid gap-4 sm:grid-cols-3">
              <TextField field={fields.min_nights} label={t("setup.minNights")} type="number" min={1} max={90} inputMode="numeric" />
              <TextField field={fields.max_nights} label={t("setup.maxNights")} type="number" min={1} max={90} inputMode="numeric" />
              <TextField field={fields.max_advance_days} label={t("setup.maxAdvanceDays")} type="number" min={1} max={730} inputMode="numeric" />
              <TextField field={fields.check_in_time} label={t("setup.checkIn")} type="text" placeholder="14:00" inputMode="numeric" />
              <TextField field={fields.check_out_time} label={t("setup.checkOut")} type="text" placeholder="12:00" inputMode="numeric" />
            </div>
            <Checkbox field={fields.auto_confirm} label={t("setup.autoConfirm")} hint={t("setup.autoConfirmHint")} />
          </fieldset>
          <SubmitButton pendingLabel={t("setup.saving")}>{t("setup.save")}</SubmitButton>
        </AppForm>

        <aside className="space-y-3">
          <h2 className="text-base font-semibold">{t("setup.snippet")}</h2>
          <p className="text-sm text-slate-700">{t("setup.snippetHint")}</p>
          <label htmlFor="booking-engine-snippet" className="sr-only">
            {t("setup.snippet")}
          </label>
          <textarea id="booking-engine-snippet" readOnly rows={7} value={snippet} className="block w-full rounded-md border border-slate-300 bg-slate-50 p-2 font-mono text-xs" />
        </aside>
      </div>
    </>
  );
}
