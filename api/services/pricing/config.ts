import { sql } from "drizzle-orm";
import type {
  FluctuationLevel,
  LeadTimeBand,
  ManualPrice,
  OccupancyPricing,
  PricingConfig,
  RoomCategory,
  Seasonality,
} from "#domain/pricing/index.ts";
import type { Database } from "#api/db/client.ts";
import { perReadOnlyRequest } from "#api/observability/request-context.ts";
import type { SeasonalityJson, TariffConfigurationJson } from "#contract/pricing.ts";

interface Row {
  categories: {
    id: string;
    name: string;
    room_count: number;
    min_occupation: number;
    max_occupation: number;
    price_variation_type: "value" | "percentage";
    price_variation_value: number;
    commission: number | string;
    min_price: number | null;
    max_price: number | null;
  }[];
  levels: { id: string; level: number; name: string; room_count: number | null; from_percentage: number | string; to_percentage: number | string }[];
  seasons: {
    id: string;
    title: string;
    color: string;
    rate: number;
    is_reference: boolean;
    min_price: number | null;
    max_price: number | null;
    created_at: string;
    dates: { days_of_week: number[]; starts_at: string; ends_at: string }[];
    variations: { uuid: string; fluctuation_level: string; price_variation: number | string; price_variation_type: "value" | "percentage" }[];
  }[];
  op: {
    id: string;
    price_variation_type: "value" | "percentage";
    apply_single_rate: boolean;
    single_rate_variation: number | string;
    price_increase_per_person: number | string;
    reference_occupation: number;
    manual_prices_enabled: boolean;
  } | null;
  bands: { from_days: number; to_days: number | null; percentage: number | string; max_occupancy: number | string | null }[];
  manual: ManualPrice[];
  holidays: { id: string; date: string; name: Record<string, string>; country: string; state: string | null }[] | null;
}

const num = (v: number | string) => (typeof v === "number" ? v : Number(v));
const numOrNull = (v: number | string | null) => (v === null || v === undefined ? null : num(v));

/** Holidays of a place, read with the configuration (the calendar shows them). */
export interface HolidayRow {
  id: string;
  date: string;
  name: Record<string, string>;
  country: string;
  state: string | null;
}

/**
 * loadPricingConfig for the nights `range`, read once by all of a read-only request's callers (the
 * dashboard prices the month ahead for its days to publish and for its market bands: ADR 0032's
 * shared reads). Callers must not change it.
 */
export function sharedPricingConfig(db: Database, businessId: string, range: { from: string; to: string }): Promise<PricingConfig> {
  return perReadOnlyRequest(`pricing-config:${businessId}:${range.from}:${range.to}`, () => loadPricingConfig(db, businessId, range));
}

/**
 * Reads a business's tariff configuration into the engine's input shape (domain/pricing/types.ts),
 * which is also the spec's wire shape, in one round trip to the database (the calendar is read
 * often and PGlite answers queries one at a time). Manual prices are read only for
 * `range` (the calendar needs a window of them, never all); with `holidaysOf`, the holidays of
 * that place in `range` come along.
 */
export async function loadPricingConfig(
  db: Database,
  businessId: string,
  range?: { from: string; to: string },
  holidaysOf?: { country: string; state: string | null },
): Promise<PricingConfig & { holidays?: HolidayRow[] }> {
  const manual = range
    ? sql`(select coalesce(json_agg(json_build_object('date', m.date, 'room_category_uuid', m.room_category_id, 'price', m.price)), '[]'::json)
           from manual_prices m where m.business_id = ${businessId} and m.date between ${range.from} and ${range.to})`
    : sql`'[]'::json`;
  const country = holidaysOf?.country.toUpperCase() ?? "";
  const state = holidaysOf?.state?.toUpperCase() ?? null;
  const holidayList =
    range && holidaysOf
      ? sql`(select coalesce(json_agg(json_build_object('id', h.id, 'date', h.date, 'name', h.name, 'country', h.country, 'state', h.state) order by h.date), '[]'::json)
             from holidays h where h.country = ${country} and h.date between ${range.from} and ${range.to}
             and (h.state is null or h.state = ${state}))`
      : sql`null::json`;
  const result = await db.execute(sql`
    select
      (select coalesce(json_agg(c order by c.position, c.created_at), '[]'::json) from
        (select id, name, room_count, min_occupation, max_occupation, price_variation_type, price_variation_value, commission, min_price, max_price, position, created_at
         from room_categories where business_id = ${businessId}) c) as categories,
      (select coalesce(json_agg(l order by l.from_percentage), '[]'::json) from
        (select id, level, name, room_count, from_percentage, to_percentage from fluctuation_levels where business_id = ${businessId}) l) as levels,
      (select coalesce(json_agg(s order by s.created_at, s.id), '[]'::json) from
        (select s.id, s.title, s.color, s.rate, s.is_reference, s.min_price, s.max_price, s.created_at,
           (select coalesce(json_agg(json_build_object('days_of_week', d.days_of_week, 'starts_at', d.starts_at, 'ends_at', d.ends_at) order by d.position), '[]'::json)
              from seasonality_dates d where d.seasonality_id = s.id) as dates,
           (select coalesce(json_agg(json_build_object('uuid', v.id, 'fluctuation_level', v.fluctuation_level_id, 'price_variation', v.price_variation, 'price_variation_type', v.price_variation_type)), '[]'::json)
              from seasonality_level_variations v where v.seasonality_id = s.id) as variations
         from seasonalities s where s.business_id = ${businessId}) s) as seasons,
      (select row_to_json(o) from occupancy_pricing o where o.business_id = ${businessId}) as op,
      (select coalesce(json_agg(b order by b.from_days, b.position), '[]'::json) from lead_time_bands b where b.business_id = ${businessId}) as bands,
      ${manual} as manual,
      ${holidayList} as holidays
  `);
  const row = (result as unknown as { rows: Row[] }).rows[0];
  const parse = <T>(v: T | string): T => (typeof v === "string" ? (JSON.parse(v) as T) : v);
  const categories = parse(row.categories);
  const levels = parse(row.levels);
  const seasons = parse(row.seasons);
  const op = parse(row.op);
  const bands = parse(row.bands);

  const room_categories: RoomCategory[] = categories.map((c) => ({
    uuid: c.id,
    name: c.name,
    room_count: c.room_count,
    min_occupation: c.min_occupation,
    max_occupation: c.max_occupation,
    price_variation_type: c.price_variation_type,
    price_variation_value: c.price_variation_value,
    commission: num(c.commission),
    min_price: c.min_price,
    max_price: c.max_price,
  }));
  const fluctuation_levels: FluctuationLevel[] = levels.map((l) => ({
    uuid: l.id,
    level: l.level,
    name: l.name,
    room_count: l.room_count,
    from_percentage: num(l.from_percentage),
    to_percentage: num(l.to_percentage),
  }));
  const seasonalitiesOut: Seasonality[] = seasons.map((s) => ({
    uuid: s.id,
    title: s.title,
    color: s.color,
    rate: s.rate,
    is_reference: s.is_reference,
    min_price: s.min_price,
    max_price: s.max_price,
    created_at: new Date(s.created_at).toISOString(),
    dates: s.dates,
    fluctuation_level_variations: s.variations.map((v) => ({
      uuid: v.uuid,
      fluctuation_level: v.fluctuation_level,
      price_variation: num(v.price_variation),
      price_variation_type: v.price_variation_type,
    })),
  }));
  const occupancy_pricing: OccupancyPricing | null = op
    ? {
        uuid: op.id,
        price_variation_type: op.price_variation_type,
        apply_single_rate: op.apply_single_rate,
        single_rate_variation: num(op.single_rate_variation),
        price_increase_per_person: num(op.price_increase_per_person),
        reference_occupation: op.reference_occupation,
        manual_prices_enabled: op.manual_prices_enabled,
      }
    : null;
  const lead_time_bands: LeadTimeBand[] = bands.map((b) => ({
    from_days: b.from_days,
    to_days: b.to_days,
    percentage: num(b.percentage),
    max_occupancy: numOrNull(b.max_occupancy),
  }));
  const config: PricingConfig & { holidays?: HolidayRow[] } = {
    seasonalities: seasonalitiesOut,
    fluctuation_levels,
    room_categories,
    occupancy_pricing,
    lead_time_bands,
    manual_prices: parse(row.manual),
  };
  const holidayRows = parse(row.holidays);
  if (holidayRows) config.holidays = holidayRows;
  return config;
}

/** The season rate after one band's variation, for display (the engine recomputes it). */
function variedRate(rate: number, v: { price_variation: number; price_variation_type: string }): number {
  return v.price_variation_type === "percentage" ? rate + Math.round((rate * v.price_variation) / 100) : rate + Math.round(v.price_variation);
}

/** A season as the API answers it (spec section 3 field names). */
export function seasonalityJson(s: Seasonality): SeasonalityJson {
  return {
    uuid: s.uuid,
    color: s.color,
    title: s.title,
    rate: s.rate,
    is_reference: s.is_reference,
    min_price: s.min_price ?? null,
    max_price: s.max_price ?? null,
    dates: s.dates,
    fluctuation_level_variations: s.fluctuation_level_variations.map((v) => ({
      uuid: v.uuid ?? null,
      fluctuation_level: v.fluctuation_level,
      price_variation: v.price_variation,
      price_variation_type: v.price_variation_type,
      rate: variedRate(s.rate, v),
    })),
    created_at: s.created_at ?? null,
  };
}

export type { SeasonalityJson };

/** The `tariff_configuration` of a business's JSON. */
export function tariffConfigurationFrom(config: PricingConfig): TariffConfigurationJson {
  const reference = config.seasonalities.find((s) => s.is_reference) ?? null;
  return {
    rooms_tariff: {
      rate: reference?.rate ?? null,
      reference_sazonality_uuid: reference?.uuid ?? null,
      categories: config.room_categories.map((c) => ({
        uuid: c.uuid,
        name: c.name,
        price_variation_type: c.price_variation_type ?? "value",
        price_variation_value: c.price_variation_value,
        min_price: c.min_price ?? null,
        max_price: c.max_price ?? null,
      })),
    },
    fluctuation_levels: config.fluctuation_levels.map((l) => ({
      uuid: l.uuid,
      level: l.level,
      room_count: l.room_count ?? null,
      name: l.name,
      from_percentage: l.from_percentage,
      to_percentage: l.to_percentage,
    })),
    sazonalities: config.seasonalities.map(seasonalityJson),
    occupancy_pricing: config.occupancy_pricing ?? null,
    lead_time_bands: config.lead_time_bands ?? [],
  };
}

export type { TariffConfigurationJson };

/**
 * `tariff_configuration: { rooms_tariff, fluctuation_levels, sazonalities, occupancy_pricing,
 * lead_time_bands }` for the business JSON; the businesses routes call this.
 */
export async function tariffConfigurationJson(db: Database, businessId: string): Promise<TariffConfigurationJson> {
  return tariffConfigurationFrom(await loadPricingConfig(db, businessId));
}
