import { z } from "zod";
import type { FluctuationLevelVariation, SeasonDateRange, Step } from "#domain/pricing/index.ts";
import { cents, currency, day, timestamp, uuid } from "./primitives.ts";

/**
 * The JSON answers of the pricing routes (price calendar, tariff configuration, manual prices,
 * days to update, occupation logs, suggested seasons): doc({ response }), ADR 0022.
 */

export const variationType = z.enum(["value", "percentage"]);
const seasonDates = z.object({ days_of_week: z.array(z.int().min(0).max(6)), starts_at: day, ends_at: day }).strict();

/** A season as the API answers it (spec section 3 field names). */
export const seasonalityAnswer = z
  .object({
    uuid,
    color: z.string(),
    title: z.string(),
    rate: cents,
    is_reference: z.boolean(),
    min_price: cents.nullable(),
    max_price: cents.nullable(),
    dates: z.array(seasonDates),
    fluctuation_level_variations: z.array(
      z
        .object({
          uuid: uuid.nullable(),
          fluctuation_level: z.union([z.string(), z.number()]),
          price_variation: z.number(),
          price_variation_type: variationType,
          rate: cents,
        })
        .strict(),
    ),
    created_at: timestamp.nullable(),
  })
  .strict();
export type SeasonalityJson = z.infer<typeof seasonalityAnswer>;

/** The `tariff_configuration` of a business's JSON (also GET /tariff-configuration). */
export const tariffConfigurationAnswer = z
  .object({
    rooms_tariff: z
      .object({
        rate: cents.nullable(),
        reference_sazonality_uuid: uuid.nullable(),
        categories: z.array(
          z
            .object({ uuid, name: z.string(), price_variation_type: variationType, price_variation_value: z.number(), min_price: cents.nullable(), max_price: cents.nullable() })
            .strict(),
        ),
      })
      .strict(),
    fluctuation_levels: z.array(
      z.object({ uuid, level: z.int(), room_count: z.int().nullable(), name: z.string(), from_percentage: z.number(), to_percentage: z.number() }).strict(),
    ),
    sazonalities: z.array(seasonalityAnswer),
    occupancy_pricing: z
      .object({
        uuid: uuid.optional(),
        price_variation_type: variationType,
        apply_single_rate: z.boolean(),
        single_rate_variation: z.number(),
        price_increase_per_person: z.number(),
        reference_occupation: z.int(),
        manual_prices_enabled: z.boolean(),
      })
      .strict()
      .nullable(),
    lead_time_bands: z.array(
      z.object({ from_days: z.int(), to_days: z.int().nullable(), percentage: z.number(), max_occupancy: z.number().nullable().optional() }).strict(),
    ),
  })
  .strict();
export type TariffConfigurationJson = z.infer<typeof tariffConfigurationAnswer>;

/** A warning or problem of a settings write (the season overlaps another…): saved anyway. */
export const problemAnswer = z
  .object({ code: z.string(), path: z.string(), message: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])).optional() })
  .strict();

/** One step of a rate's explanation (GET /calendar?explain=true), in the engine's order. */
const amount = { amount: cents };
export const explanationStep = z.discriminatedUnion("step", [
  z.object({ step: z.literal("season"), ...amount, detail: z.object({ seasonId: z.string(), title: z.string(), rate: cents, reference: z.boolean() }).strict() }).strict(),
  z
    .object({
      step: z.literal("level"),
      ...amount,
      detail: z.object({ levelId: z.string(), levelName: z.string(), occupancy: z.number(), type: variationType, variation: z.number() }).strict(),
    })
    .strict(),
  z
    .object({
      step: z.literal("leadTime"),
      ...amount,
      detail: z
        .object({ daysToArrival: z.int(), fromDays: z.int(), toDays: z.int().nullable(), percentage: z.number(), maxOccupancy: z.number().nullable() })
        .strict(),
    })
    .strict(),
  z.object({ step: z.literal("category"), ...amount, detail: z.object({ categoryId: z.string(), type: variationType, variation: z.number() }).strict() }).strict(),
  z
    .object({
      step: z.literal("guests"),
      ...amount,
      detail: z
        .object({ guests: z.int(), referenceOccupation: z.int(), extraGuests: z.int(), type: variationType, perPerson: z.number() })
        .strict(),
    })
    .strict(),
  z.object({ step: z.literal("singleRate"), ...amount, detail: z.object({ type: variationType, variation: z.number() }).strict() }).strict(),
  z
    .object({
      step: z.literal("gapDiscount"),
      ...amount,
      detail: z.object({ percentage: z.number(), first: day, last: day, nights: z.int() }).strict(),
    })
    .strict(),
  z.object({ step: z.literal("manual"), ...amount, detail: z.object({ price: cents }).strict() }).strict(),
  z
    .object({
      step: z.literal("bounds"),
      ...amount,
      detail: z
        .object({ min: cents.nullable(), max: cents.nullable(), bound: z.enum(["min", "max"]), source: z.enum(["category", "season", "nonNegative"]) })
        .strict(),
    })
    .strict(),
  z.object({ step: z.literal("rounding"), ...amount, detail: z.object({ unit: cents }).strict() }).strict(),
]);

const calendarCell = z
  .object({
    room_category_uuid: uuid,
    rate: cents,
    guests: z.int(),
    manual: z.boolean(),
    /** Only with `explain=true`. */
    explanation: z.array(explanationStep).optional(),
  })
  .strict();

const calendarDay = z
  .object({
    date: day,
    weekday: z.int().min(0).max(6),
    occupancy: z.number(),
    level: z.object({ uuid, name: z.string() }).strict().nullable(),
    season: z.object({ uuid, title: z.string(), color: z.string(), is_reference: z.boolean() }).strict(),
    holidays: z.array(z.object({ uuid, name: z.string() }).strict()),
    rates: z.array(calendarCell),
  })
  .strict();

/** A day of `format=compact` (api/services/pricing/calendar.ts compactCalendarDays): cells `[rate, guests, manual(, explanation)]` in the order of `categories`. */
const compactCalendarDay = z
  .object({
    date: day,
    weekday: z.int().min(0).max(6),
    occupancy: z.number(),
    level: uuid.nullable(),
    season: uuid,
    holidays: z.array(uuid),
    rates: z.array(z.union([z.tuple([cents, z.int(), z.boolean()]), z.tuple([cents, z.int(), z.boolean(), z.array(explanationStep)])])),
  })
  .strict();

export const holidayAnswer = z.object({ uuid, date: day, name: z.string(), country: z.string(), state: z.string().nullable() }).strict();

/** GET /calendar: the price calendar of a range (spec section 4). */
export const calendarAnswer = z
  .object({
    from: day,
    to: day,
    today: day,
    currency,
    /** False until the business has a reference season and categories: `days` is then empty. */
    configured: z.boolean(),
    manual_prices_enabled: z.boolean(),
    categories: z.array(z.object({ uuid, name: z.string(), room_count: z.int().nullable(), min_price: cents.nullable(), max_price: cents.nullable() }).strict()),
    fluctuation_levels: z.array(z.object({ uuid, level: z.int(), name: z.string(), from_percentage: z.number(), to_percentage: z.number() }).strict()),
    sazonalities: z.array(z.object({ uuid, title: z.string(), color: z.string(), is_reference: z.boolean() }).strict()),
    holidays: z.array(holidayAnswer),
    /** `format=full` (default): each day in full; `format=compact`: levels, seasons and holidays by UUID, cells as tuples. */
    days: z.union([z.array(calendarDay), z.array(compactCalendarDay)]),
  })
  .strict();

/** POST /tariff-configuration/sazonalities/preview: how the next days would change with a draft season. */
export const seasonalityPreviewAnswer = z
  .object({
    category: z.object({ uuid, name: z.string() }).strict().nullable(),
    days: z.array(z.object({ date: day, before: cents, after: cents, season: z.string() }).strict()),
    changed: z.int().min(0),
    warnings: z.array(problemAnswer),
  })
  .strict();

/** PUT /manual-prices. */
export const manualPricesAnswer = z.object({ updated: z.int().min(0), dates: z.array(day), price: cents.nullable() }).strict();

const dayToUpdate = z
  .object({
    date: day,
    season: z.object({ uuid, title: z.string(), color: z.string() }).strict(),
    categories: z.array(z.object({ room_category_uuid: uuid, name: z.string(), published_rate: cents.nullable(), recommended_rate: cents }).strict()),
  })
  .strict();

/** GET /days-to-update: `days` and `data` are the same list (`data` for list clients). */
export const daysToUpdateAnswer = z.object({ from: day, to: day, today: day, days: z.array(dayToUpdate), data: z.array(dayToUpdate) }).strict();

/** POST /days-to-update/publish. */
export const publishAnswer = z.object({ published: z.int().min(0), remaining: z.int().min(0) }).strict();

/** GET /occupation-logs: what changed a night's occupancy or rate, newest first. */
export const occupationLogsAnswer = z
  .object({
    data: z.array(
      z
        .object({
          id: z.int(),
          date: day,
          kind: z.enum(["occupancy", "rate"]),
          room_category_uuid: uuid.nullable(),
          room_category_name: z.string().nullable(),
          from: z.number().nullable(),
          to: z.number().nullable(),
          reason: z.enum(["settings", "manual_price", "booking", "daily"]),
          user: z.object({ uuid, name: z.string() }).strict().nullable(),
          created_at: timestamp,
        })
        .strict(),
    ),
  })
  .strict();

/** GET /ai/content/{id}/seasonalities: seasons suggested from the calendar and holidays. */
export const suggestionsAnswer = z
  .object({
    data: z.array(
      z
        .object({
          key: z.string(),
          kind: z.enum(["weekend", "summer", "schoolHolidays", "newYear", "carnival", "easter", "longWeekend"]),
          title: z.string(),
          color: z.string(),
          rate: cents,
          uplift: z.number(),
          is_reference: z.literal(false),
          dates: z.array(seasonDates),
          fluctuation_level_variations: z.array(
            z.object({ fluctuation_level: z.union([z.string(), z.number()]), price_variation: z.number(), price_variation_type: variationType }).strict(),
          ),
          rationale: z.string(),
        })
        .strict(),
    ),
  })
  .strict();

/** GET /tariff-configuration. */
export const tariffConfigurationOnly = z.object({ tariff_configuration: tariffConfigurationAnswer }).strict();

/** GET /calendar in the default `format=full`: each day in full (a cell's `explanation` only with `explain=true`). */
export type CalendarJson = Omit<z.infer<typeof calendarAnswer>, "days"> & { days: z.infer<typeof calendarDay>[] };
/** GET /calendar with `format=compact`: levels, seasons and holidays by UUID, each cell a tuple (api/services/pricing/calendar.ts compactCalendarDays). */
export type CompactCalendarJson = Omit<z.infer<typeof calendarAnswer>, "days"> & { days: z.infer<typeof compactCalendarDay>[] };
export type SeasonalityPreviewJson = z.infer<typeof seasonalityPreviewAnswer>;
export type ManualPricesJson = z.infer<typeof manualPricesAnswer>;
export type DaysToUpdateJson = z.infer<typeof daysToUpdateAnswer>;
export type PublishJson = z.infer<typeof publishAnswer>;
export type OccupationLogJson = z.infer<typeof occupationLogsAnswer>["data"][number];

// ── The same answers' parts as the services build them, with the domain's own types. ──

export interface HolidayJson {
  uuid: string;
  date: string;
  name: string;
  country: string;
  state: string | null;
}

export interface CalendarCell {
  room_category_uuid: string;
  rate: number;
  guests: number;
  manual: boolean;
  explanation: Step[];
}

export interface CalendarDay {
  date: string;
  weekday: number;
  occupancy: number;
  level: { uuid: string; name: string } | null;
  season: { uuid: string; title: string; color: string; is_reference: boolean };
  holidays: { uuid: string; name: string }[];
  rates: CalendarCell[];
}

/** One night of GET /days-to-update. */
export interface DayToUpdate {
  date: string;
  season: { uuid: string; title: string; color: string };
  categories: { room_category_uuid: string; name: string; published_rate: number | null; recommended_rate: number }[];
}

export type SuggestionKind = "weekend" | "summer" | "schoolHolidays" | "newYear" | "carnival" | "easter" | "longWeekend";

export interface Suggestion {
  key: string;
  kind: SuggestionKind;
  title: string;
  color: string;
  rate: number;
  /** Percent over the reference rate. */
  uplift: number;
  is_reference: false;
  dates: SeasonDateRange[];
  fluctuation_level_variations: Omit<FluctuationLevelVariation, "uuid" | "rate">[];
  rationale: string;
}

/** One night of the seasonality preview. */
export interface PreviewDay {
  date: string;
  before: number;
  after: number;
  season: string;
}
