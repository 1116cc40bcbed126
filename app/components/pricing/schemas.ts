import { z } from "zod";
import {
  fluctuationLevelsSchema,
  holidayCsvSchema,
  holidayImportSchema,
  holidaySchema,
  leadTimeSchema,
  manualPricesSchema,
  occupancyPricingSchema,
  roomsTariffSchema,
  seasonalitySchema,
} from "#domain/schemas/pricing";
import { parseDecimal, parseMoney } from "#domain/money";

/**
 * What the pricing forms post, turned into the API's payloads and checked with the API's own
 * schemas (domain/schemas/pricing.ts). Money is typed ("250,00") and becomes cents; blank rows
 * of the fixed-size lists (date ranges, bands) are dropped, so the forms work without JavaScript.
 * Field names match the API's paths ("dates[0].ends_at" ↔ "dates.0.ends_at"), so the API's
 * errors land beside the same fields.
 */

const text = z.string().optional();

/** The API schema as the last stage of a form schema (its input type is the form's output, checked at run time). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const into = <S extends z.ZodType>(schema: S) => schema as unknown as z.ZodType<z.output<S>, any>;

/** A typed amount → cents (null when blank). */
export const moneyField = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || !v.trim()) return null;
    const cents = parseMoney(v);
    if (cents === null) {
      ctx.addIssue({ code: "custom", message: "pricing:validation.money" });
      return z.NEVER;
    }
    return cents;
  });

/** A typed decimal (percent) → number (null when blank). */
export const decimalField = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || !v.trim()) return null;
    const n = parseDecimal(v);
    if (n === null) {
      ctx.addIssue({ code: "custom", message: "validation.invalidType" });
      return z.NEVER;
    }
    return n;
  });

const checkbox = z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean());
const list = <T extends z.ZodType>(item: T) => z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(item));
const weekdays = list(z.coerce.number().int());
const variationType = z.enum(["value", "percentage"]).catch("value");

/** A value or a percentage, as typed: cents for `value`, a number for `percentage`. */
function amountOf(type: "value" | "percentage", raw: string | undefined): number | null | "invalid" {
  if (raw === undefined || !raw.trim()) return null;
  const n = type === "percentage" ? parseDecimal(raw) : parseMoney(raw);
  return n === null ? "invalid" : n;
}

export const seasonalityFormSchema = z
  .object({
    title: z.string().default(""),
    color: z.string().default(""),
    rate: moneyField,
    is_reference: checkbox,
    min_price: moneyField,
    max_price: moneyField,
    dates: list(z.object({ starts_at: text, ends_at: text, days_of_week: weekdays.optional() })).default([]),
    fluctuation_level_variations: list(z.object({ fluctuation_level: z.string(), price_variation: text, price_variation_type: variationType })).default([]),
  })
  .transform((v, ctx) => ({
    title: v.title,
    color: v.color,
    rate: v.rate ?? 0,
    is_reference: v.is_reference,
    min_price: v.min_price,
    max_price: v.max_price,
    dates: v.dates
      .filter((d) => d.starts_at || d.ends_at)
      .map((d) => ({ starts_at: d.starts_at ?? "", ends_at: d.ends_at ?? "", days_of_week: d.days_of_week ?? [] })),
    fluctuation_level_variations: v.fluctuation_level_variations.map((f, i) => {
      const amount = amountOf(f.price_variation_type, f.price_variation);
      if (amount === "invalid") ctx.addIssue({ code: "custom", path: ["fluctuation_level_variations", i, "price_variation"], message: "pricing:validation.money" });
      return { fluctuation_level: f.fluctuation_level, price_variation: amount === "invalid" || amount === null ? 0 : amount, price_variation_type: f.price_variation_type };
    }),
  }))
  .pipe(into(seasonalitySchema));

export const roomsTariffFormSchema = z
  .object({
    rate: moneyField,
    categories: list(
      z.object({ uuid: z.string(), price_variation_type: variationType, price_variation_value: text, min_price: moneyField, max_price: moneyField }),
    ).default([]),
  })
  .transform((v, ctx) => ({
    rate: v.rate ?? 0,
    categories: v.categories.map((c, i) => {
      const amount = amountOf(c.price_variation_type, c.price_variation_value);
      if (amount === "invalid") ctx.addIssue({ code: "custom", path: ["categories", i, "price_variation_value"], message: "pricing:validation.money" });
      return {
        uuid: c.uuid,
        price_variation_type: c.price_variation_type,
        price_variation_value: amount === "invalid" || amount === null ? 0 : amount,
        min_price: c.min_price,
        max_price: c.max_price,
      };
    }),
  }))
  .pipe(into(roomsTariffSchema));

export const levelsFormSchema = z
  .object({
    fluctuation_levels: list(z.object({ name: text, from_percentage: decimalField, to_percentage: decimalField })).default([]),
  })
  .transform((v) => ({
    fluctuation_levels: v.fluctuation_levels
      .filter((l) => l.name?.trim() || l.from_percentage !== null || l.to_percentage !== null)
      .map((l) => ({ name: l.name ?? "", from_percentage: l.from_percentage ?? -1, to_percentage: l.to_percentage ?? -1 })),
  }))
  .pipe(into(fluctuationLevelsSchema));

export const occupancyFormSchema = z
  .object({
    price_variation_type: variationType,
    apply_single_rate: checkbox,
    single_rate_variation: text,
    price_increase_per_person: text,
    reference_occupation: z.coerce.number().int().default(2),
    manual_prices_enabled: checkbox,
  })
  .transform((v, ctx) => {
    const single = amountOf(v.price_variation_type, v.single_rate_variation);
    const perPerson = amountOf(v.price_variation_type, v.price_increase_per_person);
    if (single === "invalid") ctx.addIssue({ code: "custom", path: ["single_rate_variation"], message: "pricing:validation.money" });
    if (perPerson === "invalid") ctx.addIssue({ code: "custom", path: ["price_increase_per_person"], message: "pricing:validation.money" });
    return {
      price_variation_type: v.price_variation_type,
      apply_single_rate: v.apply_single_rate,
      single_rate_variation: single === "invalid" || single === null ? 0 : single,
      price_increase_per_person: perPerson === "invalid" || perPerson === null ? 0 : perPerson,
      reference_occupation: v.reference_occupation,
      manual_prices_enabled: v.manual_prices_enabled,
    };
  })
  .pipe(into(occupancyPricingSchema));

/** Lead-time bands: blank rows are dropped; a blank "to" is open-ended. */
export const leadTimeFormSchema = z
  .object({
    lead_time_bands: list(z.object({ from_days: text, to_days: text, percentage: decimalField, max_occupancy: decimalField })).default([]),
  })
  .transform((v) => ({
    lead_time_bands: v.lead_time_bands
      .filter((b) => b.from_days?.trim() || b.to_days?.trim() || b.percentage !== null)
      .map((b) => ({
        from_days: b.from_days?.trim() ? Number(b.from_days) : -1,
        to_days: b.to_days?.trim() ? Number(b.to_days) : null,
        percentage: b.percentage ?? 0,
        max_occupancy: b.max_occupancy,
      })),
  }))
  .pipe(into(leadTimeSchema));

/** The calendar's manual-price forms: one night (`date`) or a range; intent `clear` removes. */
export const manualPriceFormSchema = z
  .object({
    intent: z.enum(["set", "clear"]).default("set"),
    room_category_uuid: z.string(),
    date: text,
    from: text,
    to: text,
    days_of_week: weekdays.optional(),
    price: moneyField,
  })
  .superRefine((v, ctx) => {
    if (v.intent === "set" && v.price === null) ctx.addIssue({ code: "custom", path: ["price"], message: "validation.required" });
  })
  .transform((v) => ({
    room_category_uuid: v.room_category_uuid,
    ...(v.date ? { date: v.date } : { from: v.from, to: v.to }),
    ...(v.days_of_week?.length ? { days_of_week: v.days_of_week } : {}),
    price: v.intent === "clear" ? null : v.price,
  }))
  .pipe(into(manualPricesSchema));

export const holidayFormSchema = z
  .object({ country: z.string().default(""), state: text, date: z.string().default(""), name: z.string().default(""), name_en: text })
  .transform((v) => ({
    country: v.country,
    state: v.state?.trim() ? v.state : null,
    date: v.date,
    name: v.name_en?.trim() ? { "pt-BR": v.name, "en-US": v.name_en } : v.name,
  }))
  .pipe(into(holidaySchema));

export const holidayImportFormSchema = z
  .object({ country: z.string().default(""), state: text, year: z.coerce.number().int() })
  .transform((v) => ({ ...v, state: v.state?.trim() ? v.state : null }))
  .pipe(into(holidayImportSchema));

export const holidayCsvFormSchema = holidayCsvSchema;
