import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Link, useActionData } from "react-router";
import { formatMoney, formatPercent, formatPercentRange } from "#domain/money";
import { issueToKey } from "#domain/validation";
import { Input, PriceSettingsNav, SeasonSwatch } from "#app/components/pricing/form-bits";
import { ApiError, loadTariff, pricingBusiness, pricingMiddleware, type PricingHandle } from "#app/lib/pricing.server";
import { leadTimeFormSchema } from "#app/components/pricing/schemas";
import { AppForm } from "#app/components/ui/app-form";
import { buttonClass, SubmitButton } from "#app/components/ui/button";
import { FormErrors } from "#app/components/ui/field";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import type { Route } from "./+types/price-settings";
import { replyWithApiError } from "#app/lib/api-reply.server";
import { WhatIf, WhatIfButton } from "#app/components/pricing/what-if";

export const handle: PricingHandle = { permission: "user.price-settings" };
export const middleware: Route.MiddlewareFunction[] = pricingMiddleware(handle);

export async function loader({ context }: Route.LoaderArgs) {
  const business = pricingBusiness(context);
  return { business, tariff: await loadTariff(context, business.uuid) };
}

/** Saves the lead-time bands (the one setting edited on this page), or shows their what-if. */
export async function action({ request, context }: Route.ActionArgs) {
  const business = pricingBusiness(context);
  const { api, session } = getRequestState(context);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: leadTimeFormSchema, error: issueToKey });
  if (submission.status !== "success") return data(submission.reply(), { status: 422 });
  try {
    if (formData.has("what_if")) {
      // The what-if: the next 90 nights with these bands; the form comes back as typed, nothing is saved.
      const whatIf = await api.pricing.whatIf(business.uuid, "lead-time", submission.value);
      return { result: submission.reply(), whatIf, draft: submission.value.lead_time_bands };
    }
    await api.pricing.saveLeadTime(business.uuid, submission.value);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return data(replyWithApiError(submission, error), { status: error.status });
  }
  return redirectWithToast("/price-settings", { kind: "success", message: "pricing:wizard.saved" }, { session });
}

/** Blank lead-time rows offered beyond the saved ones. */
const EXTRA_LEAD_ROWS = 2;

/** Price settings at a glance: what each part of the rate model is set to, with a link to change it. */
export default function PriceSettings({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("pricing");
  const { tariff, business } = loaderData;
  const money = (c: number) => formatMoney(c, i18n.language, business.currency, { whole: c % 100 === 0 });
  const rt = tariff.rooms_tariff;
  const op = tariff.occupancy_pricing;
  const amount = (v: number, type: string) => (type === "percentage" ? formatPercent(v, i18n.language) : money(v));
  const configured = rt.rate !== null;
  return (
    <>
      <title>{`${t("settings.title")} · Tarifa`}</title>
      <h1 className="mb-2 text-2xl font-semibold">{t("settings.title")}</h1>
      <PriceSettingsNav />
      {!configured ? (
        <p className="mb-4 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm">
          {t("settings.notConfigured")}{" "}
          <Link to="/price-settings/new-setting" className="text-brand-700 underline">
            {t("settings.startWizard")}
          </Link>
        </p>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-2">
        <Card title={t("settings.rates")} edit="/price-settings/new-setting?step=1">
          <p>{t("settings.referenceRate", { rate: rt.rate === null ? "—" : money(rt.rate) })}</p>
          <ul className="mt-2 space-y-1">
            {rt.categories.map((c) => (
              <li key={c.uuid}>
                <span className="font-medium">{c.name}</span>: {c.price_variation_value === 0 ? t("settings.referenceCategory") : `${c.price_variation_value > 0 ? "+" : ""}${amount(c.price_variation_value, c.price_variation_type)}`}
                {c.min_price !== null ? ` · ${t("settings.floor", { value: money(c.min_price) })}` : ""}
                {c.max_price !== null ? ` · ${t("settings.ceiling", { value: money(c.max_price) })}` : ""}
              </li>
            ))}
          </ul>
        </Card>
        <Card title={t("settings.bands")} edit="/price-settings/new-setting?step=2">
          {tariff.fluctuation_levels.length === 0 ? <p>{t("settings.none")}</p> : null}
          <ul className="space-y-1">
            {tariff.fluctuation_levels.map((l) => (
              <li key={l.uuid}>
                <span className="font-medium">{l.name}</span>: {formatPercentRange(l.from_percentage, l.to_percentage, i18n.language)}
              </li>
            ))}
          </ul>
        </Card>
        <Card title={t("settings.guests")} edit="/price-settings/new-setting?step=3">
          {op ? (
            <ul className="space-y-1">
              <li>{t("settings.included", { count: op.reference_occupation })}</li>
              <li>{t("settings.perPerson", { value: amount(op.price_increase_per_person, op.price_variation_type) })}</li>
              <li>{op.apply_single_rate ? t("settings.single", { value: amount(op.single_rate_variation, op.price_variation_type) }) : t("settings.noSingle")}</li>
              <li>{op.manual_prices_enabled ? t("settings.manualOn") : t("settings.manualOff")}</li>
            </ul>
          ) : (
            <p>{t("settings.none")}</p>
          )}
        </Card>
        <Card title={t("settings.seasons")} edit="/price-settings/seasonalities">
          <ul className="space-y-1">
            {tariff.sazonalities.map((s) => (
              <li key={s.uuid} className="flex items-center gap-2">
                <SeasonSwatch color={s.color} />
                <span className="font-medium">{s.title}</span> · {money(s.rate)}
                {s.is_reference ? <span className="text-xs text-slate-600">({t("season.reference")})</span> : null}
              </li>
            ))}
          </ul>
        </Card>
      </div>
      <LeadTimeForm bands={tariff.lead_time_bands} categories={rt.categories} currency={business.currency} />
      <p className="mt-6 flex flex-wrap gap-2">
        <Link to="/calendar" className={buttonClass("primary")}>
          {t("settings.openCalendar")}
        </Link>
        <Link to="/days-to-update" className={buttonClass("secondary")}>
          {t("settings.openDaysToUpdate")}
        </Link>
      </p>
    </>
  );
}

function Card({ title, edit, children }: { title: string; edit: string; children: React.ReactNode }) {
  const { t } = useTranslation("pricing");
  return (
    <section className="rounded-md border border-slate-200 bg-white p-4 text-sm" aria-label={title}>
      <div className="mb-2 flex items-center justify-between">
        <h2 className="text-base font-semibold">{title}</h2>
        <Link to={edit} className="text-brand-700 underline" aria-label={t("settings.editNamed", { title })}>
          {t("settings.edit")}
        </Link>
      </div>
      {children}
    </section>
  );
}

type LeadBand = { from_days: number; to_days: number | null; percentage: number; max_occupancy?: number | null };

function LeadTimeForm({ bands, categories, currency }: { bands: LeadBand[]; categories: readonly { uuid: string; name: string }[]; currency: string }) {
  const { t } = useTranslation("pricing");
  const actionData = useActionData<typeof action>();
  const lastResult = actionData && "whatIf" in actionData ? actionData.result : actionData;
  const whatIf = actionData && "whatIf" in actionData ? actionData : null;
  const [form] = useForm({ id: "lead-time", lastResult });
  // After a what-if the rows show the bands as typed, not the saved ones.
  const rows = [...(whatIf?.draft ?? bands), ...Array.from({ length: EXTRA_LEAD_ROWS }, () => null)];
  const errors = form.allErrors;
  return (
    <section aria-labelledby="lead-time-heading" className="mt-4 rounded-md border border-slate-200 bg-white p-4 text-sm">
      <h2 id="lead-time-heading" className="text-base font-semibold">
        {t("leadTime.heading")}
      </h2>
      <p className="mb-3 text-slate-700">{t("leadTime.intro")}</p>
      <AppForm {...getFormProps(form)} action="/price-settings" className="space-y-3">
        <FormErrors id={form.errorId} errors={form.errors} />
        {rows.map((b, i) => (
          <div key={i} className="grid gap-3 sm:grid-cols-4">
            <Input name={`lead_time_bands[${i}].from_days`} type="number" min={0} label={t("leadTime.fromDays", { n: i + 1 })} errors={errors} defaultValue={b ? String(b.from_days) : ""} />
            <Input name={`lead_time_bands[${i}].to_days`} type="number" min={0} label={t("leadTime.toDays", { n: i + 1 })} hint={t("leadTime.toDaysHint")} errors={errors} defaultValue={b?.to_days != null ? String(b.to_days) : ""} />
            <Input name={`lead_time_bands[${i}].percentage`} inputMode="decimal" label={t("leadTime.percentage", { n: i + 1 })} errors={errors} defaultValue={b ? String(b.percentage).replace(".", ",") : ""} />
            <Input name={`lead_time_bands[${i}].max_occupancy`} inputMode="decimal" label={t("leadTime.maxOccupancy", { n: i + 1 })} hint={t("leadTime.maxOccupancyHint")} errors={errors} defaultValue={b?.max_occupancy != null ? String(b.max_occupancy) : ""} />
          </div>
        ))}
        {whatIf ? <WhatIf preview={whatIf.whatIf} categories={categories} currency={currency} /> : null}
        <div className="flex flex-wrap gap-2">
          <SubmitButton pendingLabel={t("saving")}>{t("leadTime.save")}</SubmitButton>
          <WhatIfButton />
        </div>
      </AppForm>
    </section>
  );
}
