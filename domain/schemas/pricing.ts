import { z } from "zod";
import { isIsoDate } from "#domain/pricing/dates.ts";
import { int32, isoDate } from "#domain/validation.ts";
import { MAX_PERCENTAGE, MIN_PERCENTAGE } from "#domain/pricing/validate.ts";
import { sanitizeText } from "#domain/text/sanitize.ts";

/**
 * Wire shapes of the pricing calls (spec section 7, issue 5), shared by the API and the web's
 * forms. Money is integer cents, percentages plain numbers (10 = 10 %), dates `YYYY-MM-DD`.
 * Messages are keys: `validation.*` (generic) or `pricing:validation.*` (these rules). The
 * semantic checks over a whole configuration (one reference season, bands partitioning 0–100 %,
 * overlaps) are the engine's validators in domain/pricing/validate.ts, run by the API.
 */

/** The largest rate the product accepts: R$ 1.000.000,00 a night. */
export const MAX_RATE_CENTS = 100_000_000;
/** The calendar answers at most this many nights per call. */
export const MAX_CALENDAR_DAYS = 366;

export { isoDate };
export const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, "pricing:validation.color");
export const cents = z.number().int("validation.integer").min(0).max(MAX_RATE_CENTS);
export const positiveCents = z.number().int("validation.integer").min(1, "pricing:validation.ratePositive").max(MAX_RATE_CENTS);
export const variationType = z.enum(["value", "percentage"]);
export const percentage = z.number().min(MIN_PERCENTAGE).max(MAX_PERCENTAGE);
/** Trimmed, cut to 255, without < > " ' & (spec section 5); required. */
export const sanitizedTitle = z
  .string()
  .transform((v) => sanitizeText(v))
  .pipe(z.string().min(1, "validation.required"));

const nullableCents = cents.nullish().transform((v) => v ?? null);

export const seasonDateRangeSchema = z
  .object({
    days_of_week: z.array(z.number().int().min(0).max(6)).min(1, "pricing:validation.weekdays").max(7),
    starts_at: isoDate,
    ends_at: isoDate,
  })
  .refine((r) => !isIsoDate(r.starts_at) || !isIsoDate(r.ends_at) || r.starts_at <= r.ends_at, {
    message: "pricing:validation.rangeReversed",
    path: ["ends_at"],
  })
  .transform((r) => ({ ...r, days_of_week: [...new Set(r.days_of_week)].sort((a, b) => a - b) }));

export const levelVariationSchema = z.object({
  /** The band's uuid (or its level number). */
  fluctuation_level: z.union([z.uuid(), int32().min(1)]),
  price_variation: z.number().min(-MAX_RATE_CENTS).max(MAX_RATE_CENTS),
  price_variation_type: variationType.default("percentage"),
});

/** POST and PUT …/tariff-configuration/sazonalities. */
export const seasonalitySchema = z.object({
  title: sanitizedTitle,
  color: hexColor,
  rate: positiveCents,
  is_reference: z.boolean().default(false),
  min_price: nullableCents,
  max_price: nullableCents,
  dates: z.array(seasonDateRangeSchema).max(100).default([]),
  fluctuation_level_variations: z.array(levelVariationSchema).max(20).default([]),
});
export type SeasonalityInput = z.output<typeof seasonalitySchema>;

/** POST …/sazonalities/preview: a draft season, and the season it edits (none: a new one). */
export const seasonalityPreviewSchema = seasonalitySchema.extend({ uuid: z.uuid().nullish() });

/** POST …/tariff-configuration/rooms-tariff: the reference season's rate and each category's place relative to it. */
export const roomsTariffSchema = z.object({
  rate: positiveCents,
  /** Title of the reference season when none exists yet. */
  title: sanitizedTitle.optional(),
  color: hexColor.optional(),
  categories: z
    .array(
      z.object({
        uuid: z.uuid(),
        price_variation_type: variationType.default("value"),
        price_variation_value: z.number().int("validation.integer").min(-MAX_RATE_CENTS).max(MAX_RATE_CENTS),
        min_price: nullableCents,
        max_price: nullableCents,
      }),
    )
    .max(100)
    .default([]),
});
export type RoomsTariffInput = z.output<typeof roomsTariffSchema>;

/** POST …/tariff-configuration/fluctuation-levels: the whole set of bands, replacing the old one. */
export const fluctuationLevelsSchema = z.object({
  fluctuation_levels: z
    .array(
      z.object({
        name: sanitizedTitle,
        from_percentage: z.number().min(0).max(100),
        to_percentage: z.number().min(0).max(100),
        room_count: int32().min(0).nullish(),
      }),
    )
    .min(1)
    .max(10),
});
export type FluctuationLevelsInput = z.output<typeof fluctuationLevelsSchema>;

/** PUT …/tariff-configuration/occupancy-pricing. */
export const occupancyPricingSchema = z.object({
  price_variation_type: variationType.default("value"),
  apply_single_rate: z.boolean().default(false),
  single_rate_variation: z.number().min(0).max(MAX_RATE_CENTS).default(0),
  price_increase_per_person: z.number().min(0).max(MAX_RATE_CENTS).default(0),
  reference_occupation: z.number().int().min(1).max(50).default(2),
  manual_prices_enabled: z.boolean().default(true),
});
export type OccupancyPricingInput = z.output<typeof occupancyPricingSchema>;

/** PUT …/tariff-configuration/lead-time: the whole set of bands (may be empty). */
export const leadTimeSchema = z.object({
  lead_time_bands: z
    .array(
      z.object({
        from_days: z.number().int().min(0).max(3650),
        to_days: z.number().int().min(0).max(3650).nullish().transform((v) => v ?? null),
        percentage,
        max_occupancy: z.number().min(0).max(100).nullish().transform((v) => v ?? null),
      }),
    )
    .max(20),
});
export type LeadTimeInput = z.output<typeof leadTimeSchema>;

/** PUT /businesses/{id}/manual-prices: one night (`date`) or a range (`from`–`to`, optionally some weekdays); `price: null` clears. */
export const manualPricesSchema = z
  .object({
    room_category_uuid: z.uuid(),
    date: isoDate.optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
    days_of_week: z.array(z.number().int().min(0).max(6)).max(7).optional(),
    price: cents.nullable(),
  })
  .superRefine((v, ctx) => {
    if (v.date === undefined && (v.from === undefined || v.to === undefined)) {
      ctx.addIssue({ code: "custom", path: ["date"], message: "pricing:validation.dateOrRange" });
    }
    if (v.from !== undefined && v.to !== undefined && isIsoDate(v.from) && isIsoDate(v.to) && v.from > v.to) {
      ctx.addIssue({ code: "custom", path: ["to"], message: "pricing:validation.rangeReversed" });
    }
  });
export type ManualPricesInput = z.output<typeof manualPricesSchema>;

/** GET /businesses/{id}/calendar query. */
export const calendarQuerySchema = z
  .object({
    from: isoDate,
    to: isoDate,
    category: z.uuid().optional(),
    // "false" leaves each cell's `explanation` out (docs/api/calendar.md): a year's grid without them is a fraction of the size.
    explain: z.enum(["true", "false"]).default("true"),
    // "compact": each day names its level, season and holidays by UUID and each cell is an array (docs/api/calendar.md).
    format: z.enum(["full", "compact"]).default("full"),
  })
  .refine((q) => !isIsoDate(q.from) || !isIsoDate(q.to) || q.from <= q.to, { message: "pricing:validation.rangeReversed", path: ["to"] });

/** GET /businesses/{id}/occupation-logs and days-to-update query: optional night range. */
export const nightRangeQuerySchema = z.object({ from: isoDate.optional(), to: isoDate.optional() });

/** POST /businesses/{id}/days-to-update/publish. */
export const publishSchema = z.union([
  z.object({ all: z.literal(true) }),
  z.object({ dates: z.array(isoDate).min(1).max(800) }),
]);

/** A holiday as admins write it. */
export const holidaySchema = z.object({
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, "pricing:validation.country")
    .transform((v) => v.toUpperCase()),
  state: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{1,3}$/, "pricing:validation.state")
    .transform((v) => v.toUpperCase())
    .nullish()
    .or(z.literal("").transform(() => null))
    .transform((v) => v ?? null),
  date: isoDate,
  /** One name for every locale, or names per locale ({ "pt-BR": "Natal", "en-US": "Christmas" }). */
  name: z.union([sanitizedTitle, z.record(z.string(), sanitizedTitle).refine((r) => Object.keys(r).length > 0, "validation.required")]),
});
export type HolidayInput = z.output<typeof holidaySchema>;

export const holidayImportSchema = z.object({
  country: holidaySchema.shape.country,
  state: holidaySchema.shape.state,
  year: z.number().int().min(1970).max(2100),
});

export const holidayCsvSchema = z.object({
  csv: z.string().min(1).max(500_000),
  /** Used for rows without a country column. */
  country: holidaySchema.shape.country.optional(),
});

/** GET /admin/holidays: the filters; a value outside its pattern is ignored (no filter). */
export const holidayListQuerySchema = z.object({
  year: z.string().optional().describe("1970–2100"),
  country: z.string().optional().describe("ISO 3166-1 alpha-2, e.g. BR"),
  state: z.string().optional().describe("A state code (e.g. SP), or `-` for national holidays only"),
});

export const holidayBulkDeleteSchema = z.object({ ids: z.array(z.uuid()).min(1).max(1000) });
