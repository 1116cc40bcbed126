import { and, asc, eq, gte, inArray, lte } from "drizzle-orm";
import type {
  FluctuationLevel,
  LeadTimeBand,
  ManualPrice,
  OccupancyPricing,
  PricingConfig,
  RoomCategory,
  Seasonality,
} from "../../../domain/pricing/index.ts";
import type { Database } from "../../db/client.ts";
import {
  fluctuationLevels,
  leadTimeBands,
  manualPrices,
  occupancyPricing,
  roomCategories,
  seasonalities,
  seasonalityDates,
  seasonalityLevelVariations,
} from "../../db/schema/index.ts";

/**
 * Reads a business's tariff configuration into the engine's input shape (domain/pricing/types.ts),
 * which is also the spec's wire shape. Manual prices are read only for `manualRange` (the
 * calendar needs a window of them, never all).
 */
export async function loadPricingConfig(
  db: Database,
  businessId: string,
  manualRange?: { from: string; to: string },
): Promise<PricingConfig> {
  const [categories, levels, seasons, op, bands, manual] = await Promise.all([
    db.select().from(roomCategories).where(eq(roomCategories.businessId, businessId)).orderBy(asc(roomCategories.position), asc(roomCategories.createdAt)),
    db.select().from(fluctuationLevels).where(eq(fluctuationLevels.businessId, businessId)).orderBy(asc(fluctuationLevels.fromPercentage)),
    db.select().from(seasonalities).where(eq(seasonalities.businessId, businessId)).orderBy(asc(seasonalities.createdAt)),
    db.select().from(occupancyPricing).where(eq(occupancyPricing.businessId, businessId)),
    db.select().from(leadTimeBands).where(eq(leadTimeBands.businessId, businessId)).orderBy(asc(leadTimeBands.fromDays)),
    manualRange
      ? db
          .select({ date: manualPrices.date, room_category_uuid: manualPrices.roomCategoryId, price: manualPrices.price })
          .from(manualPrices)
          .where(and(eq(manualPrices.businessId, businessId), gte(manualPrices.date, manualRange.from), lte(manualPrices.date, manualRange.to)))
      : Promise.resolve([] as ManualPrice[]),
  ]);
  const seasonIds = seasons.map((s) => s.id);
  const [dates, variations] = seasonIds.length
    ? await Promise.all([
        db.select().from(seasonalityDates).where(inArray(seasonalityDates.seasonalityId, seasonIds)).orderBy(asc(seasonalityDates.position)),
        db.select().from(seasonalityLevelVariations).where(inArray(seasonalityLevelVariations.seasonalityId, seasonIds)),
      ])
    : [[], []];

  const room_categories: RoomCategory[] = categories.map((c) => ({
    uuid: c.id,
    name: c.name,
    room_count: c.roomCount,
    min_occupation: c.minOccupation,
    max_occupation: c.maxOccupation,
    price_variation_type: c.priceVariationType,
    price_variation_value: c.priceVariationValue,
    commission: c.commission,
    min_price: c.minPrice,
    max_price: c.maxPrice,
  }));
  const fluctuation_levels: FluctuationLevel[] = levels.map((l) => ({
    uuid: l.id,
    level: l.level,
    name: l.name,
    room_count: l.roomCount,
    from_percentage: l.fromPercentage,
    to_percentage: l.toPercentage,
  }));
  const seasonalitiesOut: Seasonality[] = seasons.map((s) => ({
    uuid: s.id,
    title: s.title,
    color: s.color,
    rate: s.rate,
    is_reference: s.isReference,
    min_price: s.minPrice,
    max_price: s.maxPrice,
    created_at: s.createdAt.toISOString(),
    dates: dates
      .filter((d) => d.seasonalityId === s.id)
      .map((d) => ({ days_of_week: d.daysOfWeek, starts_at: d.startsAt, ends_at: d.endsAt })),
    fluctuation_level_variations: variations
      .filter((v) => v.seasonalityId === s.id)
      .map((v) => ({
        uuid: v.id,
        fluctuation_level: v.fluctuationLevelId,
        price_variation: v.priceVariation,
        price_variation_type: v.priceVariationType,
      })),
  }));
  const occupancy_pricing: OccupancyPricing | null = op[0]
    ? {
        uuid: op[0].id,
        price_variation_type: op[0].priceVariationType,
        apply_single_rate: op[0].applySingleRate,
        single_rate_variation: op[0].singleRateVariation,
        price_increase_per_person: op[0].priceIncreasePerPerson,
        reference_occupation: op[0].referenceOccupation,
        manual_prices_enabled: op[0].manualPricesEnabled,
      }
    : null;
  const lead_time_bands: LeadTimeBand[] = bands.map((b) => ({
    from_days: b.fromDays,
    to_days: b.toDays,
    percentage: b.percentage,
    max_occupancy: b.maxOccupancy,
  }));
  return { seasonalities: seasonalitiesOut, fluctuation_levels, room_categories, occupancy_pricing, lead_time_bands, manual_prices: manual };
}

/** The season rate after one band's variation, for display (the engine recomputes it). */
function variedRate(rate: number, v: { price_variation: number; price_variation_type: string }): number {
  return v.price_variation_type === "percentage" ? rate + Math.round((rate * v.price_variation) / 100) : rate + Math.round(v.price_variation);
}

/** A season as the API answers it (spec section 3 field names). */
export function seasonalityJson(s: Seasonality) {
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

export type SeasonalityJson = ReturnType<typeof seasonalityJson>;

/** The `tariff_configuration` of a business's JSON. */
export function tariffConfigurationFrom(config: PricingConfig) {
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

export type TariffConfigurationJson = ReturnType<typeof tariffConfigurationFrom>;

/**
 * `tariff_configuration: { rooms_tariff, fluctuation_levels, sazonalities, occupancy_pricing,
 * lead_time_bands }` for the business JSON; the businesses routes call this.
 */
export async function tariffConfigurationJson(db: Database, businessId: string): Promise<TariffConfigurationJson> {
  return tariffConfigurationFrom(await loadPricingConfig(db, businessId));
}
