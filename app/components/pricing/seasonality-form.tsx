import { useTranslation } from "react-i18next";
import type { SeasonalityJson, TariffConfigurationJson } from "#contract/pricing";
import { centsToInput, decimalToInput, formatPercentRange } from "#domain/money";
import type { SeasonDateRange } from "#domain/pricing/types";
import { FormErrors } from "#app/components/ui/field";
import { FieldError, Input, Select, WeekdayBoxes, type ErrorMap } from "./form-bits";

/** Blank date-range rows offered beyond the season's own (no JavaScript needed to add one). */
export const EXTRA_RANGES = 2;

export interface SeasonDraft {
  title?: string;
  color?: string;
  rate?: number;
  is_reference?: boolean;
  min_price?: number | null;
  max_price?: number | null;
  dates?: SeasonDateRange[];
  fluctuation_level_variations?: { fluctuation_level: string | number; price_variation: number; price_variation_type: string }[];
}

/**
 * The fields of a seasonality (create and edit): title, colour, rate, reference flag, floor and
 * ceiling, date ranges with weekdays (the season's own plus blank rows), one variation per
 * occupancy band. The caller wraps it in its <AppForm>.
 */
export function SeasonalityFields({
  tariff,
  season,
  errors,
  formErrors,
  formErrorId,
}: {
  tariff: TariffConfigurationJson;
  season?: SeasonalityJson | SeasonDraft;
  errors: ErrorMap;
  formErrors?: string[];
  formErrorId: string;
}) {
  const { t, i18n } = useTranslation("pricing");
  const locale = i18n.language;
  const dates: (SeasonDateRange | null)[] = [...(season?.dates ?? []), ...Array.from({ length: EXTRA_RANGES }, () => null)];
  const variationOf = (levelId: string, level: number) =>
    season?.fluctuation_level_variations?.find((v) => v.fluctuation_level === levelId || v.fluctuation_level === level);
  return (
    <div className="space-y-5">
      <FormErrors id={formErrorId} errors={formErrors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Input name="title" label={t("season.title")} errors={errors} defaultValue={season?.title ?? ""} required maxLength={255} />
        <div className="grid grid-cols-[5rem_1fr] gap-3">
          <Input name="color" type="color" label={t("season.color")} errors={errors} defaultValue={season?.color ?? "#1C7ED6"} className="[&_input]:h-10 [&_input]:p-1" />
          <Input name="rate" label={t("season.rate")} errors={errors} defaultValue={centsToInput(season?.rate, locale)} inputMode="decimal" required placeholder="250,00" hint={t("season.rateHint")} />
        </div>
        <Input name="min_price" label={t("season.minPrice")} errors={errors} defaultValue={centsToInput(season?.min_price, locale)} inputMode="decimal" hint={t("season.boundHint")} />
        <Input name="max_price" label={t("season.maxPrice")} errors={errors} defaultValue={centsToInput(season?.max_price, locale)} inputMode="decimal" hint={t("season.boundHint")} />
      </div>
      <div className="flex items-start gap-2">
        <input type="checkbox" id="f-is_reference" name="is_reference" defaultChecked={season?.is_reference ?? false} className="mt-1 h-4 w-4 accent-brand-600" aria-describedby="f-is_reference-hint" />
        <div>
          <label htmlFor="f-is_reference" className="text-sm font-medium text-slate-800">
            {t("season.isReference")}
          </label>
          <p id="f-is_reference-hint" className="text-xs text-slate-600">
            {t("season.isReferenceHint")}
          </p>
          <FieldError errors={errors} name="is_reference" />
        </div>
      </div>

      <fieldset className="rounded-md border border-slate-200 p-3">
        <legend className="px-1 text-sm font-semibold">{t("season.dates")}</legend>
        <p className="mb-2 text-xs text-slate-600">{t("season.datesHint")}</p>
        <FieldError errors={errors} name="dates" />
        <div className="space-y-4">
          {dates.map((range, i) => (
            <div key={i} className="grid gap-3 border-t border-slate-100 pt-3 first:border-t-0 first:pt-0 sm:grid-cols-[10rem_10rem_1fr]">
              <Input name={`dates[${i}].starts_at`} type="date" label={t("season.startsAt", { n: i + 1 })} errors={errors} defaultValue={range?.starts_at ?? ""} />
              <Input name={`dates[${i}].ends_at`} type="date" label={t("season.endsAt", { n: i + 1 })} errors={errors} defaultValue={range?.ends_at ?? ""} />
              <WeekdayBoxes name={`dates[${i}].days_of_week`} selected={range?.days_of_week ?? [0, 1, 2, 3, 4, 5, 6]} legend={t("season.weekdays", { n: i + 1 })} errors={errors} />
            </div>
          ))}
        </div>
      </fieldset>

      <fieldset className="rounded-md border border-slate-200 p-3">
        <legend className="px-1 text-sm font-semibold">{t("season.variations")}</legend>
        <p className="mb-2 text-xs text-slate-600">{t("season.variationsHint")}</p>
        {tariff.fluctuation_levels.length === 0 ? <p className="text-sm text-slate-700">{t("season.noBands")}</p> : null}
        <div className="space-y-3">
          {tariff.fluctuation_levels.map((level, i) => {
            const v = variationOf(level.uuid, level.level);
            const type = v?.price_variation_type ?? "percentage";
            const amount = v ? (type === "value" ? centsToInput(v.price_variation, locale) : decimalToInput(v.price_variation, locale)) : "0";
            return (
              <div key={level.uuid} className="grid items-end gap-3 sm:grid-cols-[1fr_10rem_10rem]">
                <input type="hidden" name={`fluctuation_level_variations[${i}].fluctuation_level`} value={level.uuid} />
                <p className="text-sm">
                  <span className="font-medium">{level.name}</span>{" "}
                  <span className="text-slate-600">
                    ({formatPercentRange(level.from_percentage, level.to_percentage, locale)})
                  </span>
                </p>
                <Select name={`fluctuation_level_variations[${i}].price_variation_type`} label={t("season.variationType", { band: level.name })} errors={errors} defaultValue={type}>
                  <option value="percentage">{t("variationType.percentage")}</option>
                  <option value="value">{t("variationType.value")}</option>
                </Select>
                <Input name={`fluctuation_level_variations[${i}].price_variation`} label={t("season.variation", { band: level.name })} errors={errors} defaultValue={amount} inputMode="decimal" />
              </div>
            );
          })}
        </div>
      </fieldset>
    </div>
  );
}
