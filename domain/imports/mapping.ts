import { z } from "zod";

/**
 * How the columns of a hotel's booking file become reservations (issue #25). A mapping names,
 * for each thing Tarifa needs, the file's column (or columns) holding it, plus how the file
 * writes dates and decimals and which of its room-type and channel values mean which of the
 * business's room categories and sales channels. Nothing is guessed silently: a room type
 * with no category is a skipped row with its reason.
 */

/** The file's columns feeding each field; several columns are summed (nights) or combined (arrival parts). */
export const mappingSchema = z.object({
  /** The PMS's own booking id; without it a stable key is built from the row (domain/imports/rows.ts). */
  external_id: z.string().optional(),
  status: z.string().optional(),
  /** A 0/1 column meaning "cancelled" when there is no status column (or beside it). */
  cancelled_flag: z.string().optional(),
  booked_at: z.string().optional(),
  /** Days between booking and arrival, when the file has no booking date. */
  lead_time: z.string().optional(),
  cancelled_at: z.string().optional(),
  arrival: z.string().optional(),
  /** The arrival in three columns (year, month as a number or an English/Portuguese name, day). */
  arrival_year: z.string().optional(),
  arrival_month: z.string().optional(),
  arrival_day: z.string().optional(),
  departure: z.string().optional(),
  /** Summed: one column, or several (weekend nights + week nights). */
  nights: z.array(z.string()).optional(),
  room_type: z.string(),
  adults: z.string().optional(),
  /** Summed (children + babies). */
  children: z.array(z.string()).optional(),
  /** The stay's lodging revenue. */
  revenue: z.string().optional(),
  /** The average rate per night (revenue = rate × nights). */
  nightly_rate: z.string().optional(),
  currency: z.string().optional(),
  channel: z.string().optional(),
  rate_plan: z.string().optional(),
  meal_plan: z.string().optional(),
  country: z.string().optional(),
  guest_name: z.string().optional(),
  date_order: z.enum(["ymd", "dmy", "mdy"]).default("ymd"),
  decimal: z.enum([".", ","]).default("."),
  /** File room-type value → room category id. */
  room_types: z.record(z.string(), z.string()).default({}),
  /** File channel value → sales channel code; unmapped values become "other". */
  channels: z.record(z.string(), z.string()).default({}),
});
export type ImportMapping = z.output<typeof mappingSchema>;
/** PUT /imports/{id}/mapping: the mapping to try (a dry run), saved as a preset when named. */
export const dryRunSchema = z.object({ mapping: mappingSchema, preset_name: z.string().max(80).optional() }).strict();
/** GET /imports/{id}/values: the distinct values of one column. */
export const columnValuesQuerySchema = z.object({ column: z.string().min(1).max(200) });
export type ImportMappingInput = z.input<typeof mappingSchema>;

/** Built-in presets: the shared "Hotel booking demand" file (H1, CC BY 4.0) and Tarifa's own reservations export. */
export const BUILT_IN_PRESETS: Record<string, Omit<ImportMappingInput, "room_types" | "channels">> = {
  "hotel-booking-demand": {
    status: "reservation_status",
    cancelled_flag: "is_canceled",
    lead_time: "lead_time",
    cancelled_at: "reservation_status_date",
    arrival_year: "arrival_date_year",
    arrival_month: "arrival_date_month",
    arrival_day: "arrival_date_day_of_month",
    nights: ["stays_in_weekend_nights", "stays_in_week_nights"],
    room_type: "reserved_room_type",
    adults: "adults",
    children: ["children", "babies"],
    nightly_rate: "adr",
    channel: "market_segment",
    meal_plan: "meal",
    country: "country",
    date_order: "mdy",
    decimal: ".",
  },
  "tarifa-export": {
    external_id: "code",
    status: "status",
    booked_at: "created_at",
    cancelled_at: "cancelled_at",
    arrival: "arrival",
    departure: "departure",
    room_type: "category",
    adults: "adults",
    children: ["children"],
    revenue: "total",
    currency: "currency",
    channel: "channel",
    guest_name: "guest",
    date_order: "ymd",
    decimal: ".",
  },
};

/** Every column a mapping reads, so a file missing one is refused before anything is imported. */
export function mappedColumns(mapping: ImportMapping): string[] {
  const single = [
    mapping.external_id,
    mapping.status,
    mapping.cancelled_flag,
    mapping.booked_at,
    mapping.lead_time,
    mapping.cancelled_at,
    mapping.arrival,
    mapping.arrival_year,
    mapping.arrival_month,
    mapping.arrival_day,
    mapping.departure,
    mapping.room_type,
    mapping.adults,
    mapping.revenue,
    mapping.nightly_rate,
    mapping.currency,
    mapping.channel,
    mapping.rate_plan,
    mapping.meal_plan,
    mapping.country,
    mapping.guest_name,
  ];
  return [...new Set([...single, ...(mapping.nights ?? []), ...(mapping.children ?? [])].filter((c): c is string => Boolean(c)))];
}

export type MappingProblem = "arrival" | "stayEnd" | "bookedAt" | "revenue";

/** What a mapping lacks to describe a stay at all (each a field error before any dry run). */
export function mappingProblems(mapping: ImportMapping): MappingProblem[] {
  const problems: MappingProblem[] = [];
  if (!mapping.arrival && !(mapping.arrival_year && mapping.arrival_month && mapping.arrival_day)) problems.push("arrival");
  if (!mapping.departure && !mapping.nights?.length) problems.push("stayEnd");
  if (!mapping.booked_at && !mapping.lead_time) problems.push("bookedAt");
  if (!mapping.revenue && !mapping.nightly_rate) problems.push("revenue");
  return problems;
}

/** The columns of `mapping` the file's header does not have. */
export function missingColumns(mapping: ImportMapping, header: readonly string[]): string[] {
  const present = new Set(header);
  return mappedColumns(mapping).filter((c) => !present.has(c));
}
