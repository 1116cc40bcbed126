import { getFormProps, useForm } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { Link, redirect, useActionData } from "react-router";
import type { Suggestion } from "#contract/pricing";
import { centsToInput, decimalToInput, formatMoney } from "#domain/money";
import { Input, PriceSettingsNav, SeasonSwatch, Select } from "#app/components/pricing/form-bits";
import { loadTariff, pricingBusiness, pricingMiddleware, type PricingHandle } from "#app/lib/pricing.server";
import { levelsFormSchema, occupancyFormSchema, roomsTariffFormSchema } from "#app/components/pricing/schemas";
import { LayoutContainer, StepContent, StepWrapper, stepNumber, WIZARD_STEPS } from "#app/components/pricing/wizard";
import { AppForm } from "#app/components/ui/app-form";
import { buttonClass, SubmitButton } from "#app/components/ui/button";
import { FormErrors } from "#app/components/ui/field";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import type { Route } from "./+types/price-settings.new-setting";
import { sendForm, sendIntentForm } from "#app/lib/api-reply.server";
import { WhatIf, WhatIfButton } from "#app/components/pricing/what-if";

export const handle: PricingHandle = { permission: "user.price-settings" };
export const middleware: Route.MiddlewareFunction[] = pricingMiddleware(handle);

const PAGE = "/price-settings/new-setting";
/** Blank band rows beyond the existing ones, so a band can be added without JavaScript. */
const EXTRA_BANDS = 2;
const DEFAULT_BANDS = [
  { name: "", from_percentage: 0, to_percentage: 40 },
  { name: "", from_percentage: 40, to_percentage: 70 },
  { name: "", from_percentage: 70, to_percentage: 100 },
];

export async function loader({ context, request }: Route.LoaderArgs) {
  const business = pricingBusiness(context);
  const step = stepNumber(new URL(request.url).searchParams.get("step"));
  const tariff = await loadTariff(context, business.uuid);
  let suggestions: Suggestion[] = [];
  if (WIZARD_STEPS[step - 1] === "seasons") {
    const { api } = getRequestState(context);
    suggestions = await api.pricing.suggestions(business.uuid);
  }
  return { business, step, tariff, suggestions };
}

export async function action({ request, context }: Route.ActionArgs) {
  const business = pricingBusiness(context);
  const { api, session } = getRequestState(context);
  const formData = await request.formData();
  const step = stepNumber(String(formData.get("step") ?? "1"));
  const next = step < WIZARD_STEPS.length ? `${PAGE}?step=${step + 1}` : "/price-settings";
  const name = WIZARD_STEPS[step - 1];

  if (name === "seasons") {
    const keys = formData.getAll("suggestion").map(String);
    if (keys.length) {
      const suggestions = await api.pricing.suggestions(business.uuid);
      for (const s of suggestions.filter((x) => keys.includes(x.key))) {
        await api.pricing.createSeason(business.uuid, {
          title: s.title,
          color: s.color,
          rate: s.rate,
          is_reference: false,
          dates: s.dates,
          fluctuation_level_variations: s.fluctuation_level_variations,
        });
      }
    }
    return redirectWithToast(next, { kind: "success", message: "pricing:wizard.done", values: { count: keys.length } }, { session });
  }

  if (formData.has("what_if")) {
    // The what-if: the next 90 nights with the step as typed; the form comes back as typed (without JavaScript too).
    const tariff = await loadTariff(context, business.uuid);
    const sent =
      name === "rates"
        ? await sendIntentForm("what-if", formData, roomsTariffFormSchema, async (value) => ({
            whatIf: await api.pricing.whatIf(business.uuid, "rooms-tariff", value),
            tariff: {
              ...tariff,
              rooms_tariff: { ...tariff.rooms_tariff, rate: value.rate, categories: tariff.rooms_tariff.categories.map((c) => ({ ...c, ...value.categories.find((d) => d.uuid === c.uuid) })) },
            },
          }))
        : name === "bands"
          ? await sendIntentForm("what-if", formData, levelsFormSchema, async (value) => ({
              whatIf: await api.pricing.whatIf(business.uuid, "fluctuation-levels", value),
              tariff: { ...tariff, fluctuation_levels: value.fluctuation_levels.map((l, i) => ({ name: l.name, from_percentage: l.from_percentage, to_percentage: l.to_percentage, room_count: null, uuid: tariff.fluctuation_levels[i]?.uuid ?? `draft-${i}`, level: i })) },
            }))
          : await sendIntentForm("what-if", formData, occupancyFormSchema, async (value) => ({
              whatIf: await api.pricing.whatIf(business.uuid, "occupancy-pricing", value),
              tariff: { ...tariff, occupancy_pricing: { ...tariff.occupancy_pricing, ...value } },
            }));
    return "refused" in sent ? sent.refused : { result: sent.reply, ...sent.answer };
  }

  const refused =
    name === "rates"
      ? await sendForm(formData, roomsTariffFormSchema, (value) => api.pricing.saveRoomsTariff(business.uuid, value))
      : name === "bands"
        ? await sendForm(formData, levelsFormSchema, (value) => api.pricing.saveLevels(business.uuid, value))
        : await sendForm(formData, occupancyFormSchema, (value) => api.pricing.saveOccupancy(business.uuid, value));
  if (refused) return refused;
  if (formData.get("intent") === "stay") return redirectWithToast(`${PAGE}?step=${step}`, { kind: "success", message: "pricing:wizard.saved" }, { session });
  return redirect(next);
}

export default function NewSetting({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("pricing");
  const { step } = loaderData;
  const actionData = useActionData<typeof action>();
  const lastResult = actionData && "result" in actionData ? actionData.result : actionData;
  const whatIf = actionData && "whatIf" in actionData ? actionData : null;
  // After a what-if the steps show the values as typed, not the saved ones.
  const data = whatIf ? { ...loaderData, tariff: whatIf.tariff } : loaderData;
  const [form] = useForm({ id: `wizard-${step}`, lastResult });
  const name = WIZARD_STEPS[step - 1];
  return (
    <>
      <title>{`${t("wizard.title")} · Tarifa`}</title>
      <h1 className="mb-2 text-2xl font-semibold">{t("wizard.title")}</h1>
      <PriceSettingsNav />
      <LayoutContainer>
        <StepWrapper step={step}>
          <StepContent>
            <AppForm {...getFormProps(form)} action={`${PAGE}?step=${step}`} className="space-y-4">
              <input type="hidden" name="step" value={step} />
              <FormErrors id={form.errorId} errors={form.errors} />
              {name === "rates" ? <RatesStep data={data} errors={form.allErrors} /> : null}
              {name === "bands" ? <BandsStep data={data} errors={form.allErrors} /> : null}
              {name === "guests" ? <GuestsStep data={data} errors={form.allErrors} /> : null}
              {whatIf ? <WhatIf preview={whatIf.whatIf} categories={loaderData.tariff.rooms_tariff.categories} currency={loaderData.business.currency} /> : null}
              {name === "seasons" ? <SeasonsStep data={loaderData} /> : null}
              <div className="flex flex-wrap gap-2 border-t border-slate-200 pt-3">
                {step > 1 ? (
                  <Link to={`${PAGE}?step=${step - 1}`} className={buttonClass("secondary")}>
                    {t("wizard.back")}
                  </Link>
                ) : null}
                <SubmitButton name="intent" value="next" pendingLabel={t("saving")}>
                  {step < WIZARD_STEPS.length ? t("wizard.saveAndNext") : t("wizard.finish")}
                </SubmitButton>
                {name !== "seasons" ? (
                  <>
                    <SubmitButton name="intent" value="stay" variant="secondary">
                      {t("wizard.save")}
                    </SubmitButton>
                    <WhatIfButton />
                  </>
                ) : null}
              </div>
            </AppForm>
          </StepContent>
        </StepWrapper>
      </LayoutContainer>
    </>
  );
}

type StepData = Route.ComponentProps["loaderData"];
type Errors = Record<string, string[] | undefined>;

function RatesStep({ data: { tariff }, errors }: { data: StepData; errors: Errors }) {
  const { t, i18n } = useTranslation("pricing");
  const locale = i18n.language;
  const rt = tariff.rooms_tariff;
  return (
    <>
      <Input name="rate" label={t("wizard.rate")} hint={t("wizard.rateHint")} errors={errors} defaultValue={centsToInput(rt.rate ?? 25_000, locale)} inputMode="decimal" required />
      {rt.categories.length === 0 ? <p className="text-sm">{t("wizard.noCategories")}</p> : null}
      {rt.categories.map((c, i) => (
        <fieldset key={c.uuid} className="rounded-md border border-slate-200 p-3">
          <legend className="px-1 text-sm font-semibold">{c.name}</legend>
          <input type="hidden" name={`categories[${i}].uuid`} value={c.uuid} />
          <div className="grid gap-3 sm:grid-cols-4">
            <Select name={`categories[${i}].price_variation_type`} label={t("wizard.variationType")} errors={errors} defaultValue={c.price_variation_type}>
              <option value="value">{t("variationType.value")}</option>
              <option value="percentage">{t("variationType.percentage")}</option>
            </Select>
            <Input
              name={`categories[${i}].price_variation_value`}
              label={t("wizard.variation")}
              errors={errors}
              inputMode="decimal"
              defaultValue={c.price_variation_type === "value" ? centsToInput(c.price_variation_value, locale) : decimalToInput(c.price_variation_value, locale)}
            />
            <Input name={`categories[${i}].min_price`} label={t("wizard.minPrice")} errors={errors} inputMode="decimal" defaultValue={centsToInput(c.min_price, locale)} />
            <Input name={`categories[${i}].max_price`} label={t("wizard.maxPrice")} errors={errors} inputMode="decimal" defaultValue={centsToInput(c.max_price, locale)} />
          </div>
        </fieldset>
      ))}
    </>
  );
}

function BandsStep({ data: { tariff }, errors }: { data: StepData; errors: Errors }) {
  const { t } = useTranslation("pricing");
  const existing = tariff.fluctuation_levels.length
    ? tariff.fluctuation_levels
    : DEFAULT_BANDS.map((b, i) => ({ ...b, name: t(`wizard.defaultBand.${i}`) }));
  const rows = [...existing, ...Array.from({ length: EXTRA_BANDS }, () => null)];
  return (
    <>
      <FieldErrorsFor errors={errors} name="fluctuation_levels" />
      {rows.map((band, i) => (
        <div key={i} className="grid gap-3 sm:grid-cols-3">
          <Input name={`fluctuation_levels[${i}].name`} label={t("wizard.bandName", { n: i + 1 })} errors={errors} defaultValue={band?.name ?? ""} />
          <Input name={`fluctuation_levels[${i}].from_percentage`} label={t("wizard.bandFrom", { n: i + 1 })} errors={errors} inputMode="decimal" defaultValue={band ? String(band.from_percentage) : ""} />
          <Input name={`fluctuation_levels[${i}].to_percentage`} label={t("wizard.bandTo", { n: i + 1 })} errors={errors} inputMode="decimal" defaultValue={band ? String(band.to_percentage) : ""} />
        </div>
      ))}
    </>
  );
}

function FieldErrorsFor({ errors, name }: { errors: Errors; name: string }) {
  const list = errors[name];
  return list?.length ? <FormErrors id={`err-${name}`} errors={list} /> : null;
}

function GuestsStep({ data: { tariff }, errors }: { data: StepData; errors: Errors }) {
  const { t, i18n } = useTranslation("pricing");
  const op = tariff.occupancy_pricing;
  const type = op?.price_variation_type ?? "value";
  const amount = (v: number | undefined, fallback: number) =>
    type === "value" ? centsToInput(v ?? fallback, i18n.language) : decimalToInput(v ?? 0, i18n.language);
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2">
        <Select name="price_variation_type" label={t("wizard.guestsUnit")} errors={errors} defaultValue={type}>
          <option value="value">{t("variationType.value")}</option>
          <option value="percentage">{t("variationType.percentage")}</option>
        </Select>
        <Input name="reference_occupation" type="number" min={1} max={50} label={t("wizard.referenceOccupation")} errors={errors} defaultValue={String(op?.reference_occupation ?? 2)} />
        <Input name="price_increase_per_person" label={t("wizard.perPerson")} errors={errors} inputMode="decimal" defaultValue={amount(op?.price_increase_per_person, 5_000)} />
        <Input name="single_rate_variation" label={t("wizard.singleRate")} errors={errors} inputMode="decimal" defaultValue={amount(op?.single_rate_variation, 0)} />
      </div>
      <p className="flex items-center gap-2">
        <input type="checkbox" id="apply_single_rate" name="apply_single_rate" defaultChecked={op?.apply_single_rate ?? false} className="h-4 w-4 accent-brand-600" />
        <label htmlFor="apply_single_rate" className="text-sm">
          {t("wizard.applySingleRate")}
        </label>
      </p>
      <p className="flex items-center gap-2">
        <input type="checkbox" id="manual_prices_enabled" name="manual_prices_enabled" defaultChecked={op?.manual_prices_enabled ?? true} className="h-4 w-4 accent-brand-600" />
        <label htmlFor="manual_prices_enabled" className="text-sm">
          {t("wizard.manualPrices")}
        </label>
      </p>
    </>
  );
}

function SeasonsStep({ data: { suggestions, business, tariff } }: { data: StepData }) {
  const { t, i18n } = useTranslation("pricing");
  const existing = new Set(tariff.sazonalities.map((s) => s.title));
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold">{t("wizard.pickSuggestions")}</legend>
      <ul className="space-y-2">
        {suggestions.map((s) => (
          <li key={s.key} className="flex items-start gap-2">
            <input type="checkbox" id={`s-${s.key}`} name="suggestion" value={s.key} disabled={existing.has(s.title)} className="mt-1 h-4 w-4 accent-brand-600" />
            <label htmlFor={`s-${s.key}`} className="text-sm">
              <span className="flex items-center gap-2 font-medium">
                <SeasonSwatch color={s.color} />
                {s.title} · {formatMoney(s.rate, i18n.language, business.currency, { whole: true })}
                {existing.has(s.title) ? <span className="text-xs text-slate-600">({t("wizard.alreadyThere")})</span> : null}
              </span>
              <span className="block text-slate-600">{s.rationale}</span>
            </label>
          </li>
        ))}
      </ul>
      <p className="mt-3 text-sm">
        <Link to="/price-settings/seasonalities" className="text-brand-700 underline">
          {t("wizard.ownSeasons")}
        </Link>
      </p>
    </fieldset>
  );
}
