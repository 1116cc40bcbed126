import { and, eq, inArray, ne } from "drizzle-orm";
import type { TFunction } from "i18next";
import {
  validateFluctuationLevels,
  validateLeadTimeBands,
  validateOccupancyPricing,
  validateRoomCategories,
  validateSeasonalities,
  type FluctuationLevel,
  type PricingConfig,
  type PricingProblem,
  type Seasonality,
} from "#domain/pricing/index.ts";
import type {
  FluctuationLevelsInput,
  LeadTimeInput,
  OccupancyPricingInput,
  RoomsTariffInput,
  SeasonalityInput,
} from "#domain/schemas/pricing.ts";
import type { Database } from "#api/db/client.ts";
import {
  fluctuationLevels,
  leadTimeBands,
  occupancyPricing,
  roomCategories,
  seasonalities,
  seasonalityDates,
  seasonalityLevelVariations,
} from "#api/db/schema/index.ts";
import { HttpError } from "#api/errors.ts";

/** Default colour of the reference season the rooms tariff creates. */
export const REFERENCE_COLOR = "#4F7CAC";

export interface ProblemJson {
  code: string;
  path: string;
  message: string;
  params?: Record<string, string | number>;
}

/** A validator problem in the caller's language (`pricing.season.overlap` → pricing:problem.season.overlap). */
export function problemJson(t: TFunction, p: PricingProblem, path: (string | number)[] = p.path): ProblemJson {
  return {
    code: p.code,
    path: path.map(String).join("."),
    message: t(`problem.${p.code.replace(/^pricing\./, "")}`, { ns: "pricing", defaultValue: p.code, ...(p.params ?? {}) }),
    ...(p.params ? { params: p.params } : {}),
  };
}

/** 422 with the errors beside their fields; `field` maps a problem to its field path (null: the form). */
export function refuse(t: TFunction, problems: PricingProblem[], field: (p: PricingProblem) => string | null): never {
  const errors: Record<string, string[]> = {};
  for (const p of problems) {
    const key = field(p) ?? "_form";
    (errors[key] ??= []).push(problemJson(t, p).message);
  }
  throw new HttpError(422, "api.invalid", errors);
}

const errorsOf = (problems: PricingProblem[]) => problems.filter((p) => p.severity === "error");

/** Resolves a variation's band (uuid or level number) to the band's uuid; 422 when unknown. */
function resolveVariationLevels(t: TFunction, input: SeasonalityInput, levels: FluctuationLevel[]) {
  const errors: Record<string, string[]> = {};
  const resolved = input.fluctuation_level_variations.map((v, k) => {
    const level = levels.find((l) => (typeof v.fluctuation_level === "number" ? l.level === v.fluctuation_level : l.uuid === v.fluctuation_level));
    if (!level) {
      errors[`fluctuation_level_variations.${k}.fluctuation_level`] = [
        t("problem.season.unknownLevel", { ns: "pricing", value: String(v.fluctuation_level) }),
      ];
    }
    return { ...v, fluctuation_level: level?.uuid ?? "" };
  });
  if (Object.keys(errors).length) throw new HttpError(422, "api.invalid", errors);
  const seen = new Set<string>();
  resolved.forEach((v, k) => {
    if (seen.has(v.fluctuation_level)) {
      errors[`fluctuation_level_variations.${k}.fluctuation_level`] = [t("problem.season.duplicateVariation", { ns: "pricing", level: v.fluctuation_level })];
    }
    seen.add(v.fluctuation_level);
  });
  if (Object.keys(errors).length) throw new HttpError(422, "api.invalid", errors);
  return resolved;
}

/**
 * Checks a created (id null) or edited season against the others: field errors → 422;
 * warnings that concern it (overlaps, rules that never apply) are returned for the answer.
 * Setting `is_reference` moves the reference to this season; unsetting it on the reference is
 * refused (there must be exactly one).
 */
export function checkSeasonality(t: TFunction, config: PricingConfig, id: string | null, input: SeasonalityInput): ProblemJson[] {
  const variations = resolveVariationLevels(t, input, config.fluctuation_levels);
  const candidate: Seasonality = {
    uuid: id ?? "__new__",
    title: input.title,
    color: input.color,
    rate: input.rate,
    is_reference: input.is_reference,
    min_price: input.min_price,
    max_price: input.max_price,
    dates: input.dates,
    fluctuation_level_variations: variations,
    created_at: new Date(8.64e15).toISOString(),
  };
  const list = config.seasonalities
    .filter((s) => s.uuid !== id)
    .map((s) => (input.is_reference ? { ...s, is_reference: false } : s));
  list.push(candidate);
  const index = list.length - 1;
  const problems = validateSeasonalities(list, config.fluctuation_levels);
  const mine = errorsOf(problems).filter((p) => p.path[0] === index || p.code === "pricing.season.noReference");
  if (mine.length) {
    refuse(t, mine, (p) => (p.code === "pricing.season.noReference" ? "is_reference" : p.path.slice(1).map(String).join(".") || null));
  }
  return problems
    .filter((p) => p.severity === "warning" && (p.path[0] === index || p.params?.otherIndex === index))
    .map((p) => problemJson(t, p, p.path[0] === index ? p.path.slice(1) : ["dates"]));
}

/** Writes a season (insert when `id` is null) with its rules and variations; moves the reference flag when asked. */
export async function saveSeasonality(tx: Database, businessId: string, id: string | null, input: SeasonalityInput, config: PricingConfig, now: Date): Promise<string> {
  const variations = input.fluctuation_level_variations.map((v) => {
    const level = config.fluctuation_levels.find((l) => (typeof v.fluctuation_level === "number" ? l.level === v.fluctuation_level : l.uuid === v.fluctuation_level))!;
    return { fluctuationLevelId: level.uuid, priceVariation: v.price_variation, priceVariationType: v.price_variation_type };
  });
  if (input.is_reference) {
    const others = id ? and(eq(seasonalities.businessId, businessId), ne(seasonalities.id, id)) : eq(seasonalities.businessId, businessId);
    await tx.update(seasonalities).set({ isReference: false, updatedAt: now }).where(and(others, eq(seasonalities.isReference, true)));
  }
  const values = {
    title: input.title,
    color: input.color.toUpperCase(),
    rate: input.rate,
    isReference: input.is_reference,
    minPrice: input.min_price,
    maxPrice: input.max_price,
    updatedAt: now,
  };
  let seasonId = id;
  if (seasonId) {
    await tx.update(seasonalities).set(values).where(eq(seasonalities.id, seasonId));
    await tx.delete(seasonalityDates).where(eq(seasonalityDates.seasonalityId, seasonId));
    await tx.delete(seasonalityLevelVariations).where(eq(seasonalityLevelVariations.seasonalityId, seasonId));
  } else {
    const [row] = await tx.insert(seasonalities).values({ ...values, businessId, createdAt: now }).returning({ id: seasonalities.id });
    seasonId = row.id;
  }
  if (input.dates.length) {
    await tx.insert(seasonalityDates).values(
      input.dates.map((d, position) => ({ seasonalityId: seasonId!, startsAt: d.starts_at, endsAt: d.ends_at, daysOfWeek: d.days_of_week, position })),
    );
  }
  if (variations.length) {
    await tx.insert(seasonalityLevelVariations).values(variations.map((v) => ({ ...v, seasonalityId: seasonId! })));
  }
  return seasonId!;
}

/** Checks and writes the rooms tariff: the reference season's rate (created when missing) and the categories' variations and bounds. */
export async function saveRoomsTariff(t: TFunction, tx: Database, businessId: string, input: RoomsTariffInput, config: PricingConfig, now: Date): Promise<ProblemJson[]> {
  const known = new Map(config.room_categories.map((c) => [c.uuid, c]));
  const unknown: Record<string, string[]> = {};
  input.categories.forEach((c, i) => {
    if (!known.has(c.uuid)) unknown[`categories.${i}.uuid`] = [t("problem.input.unknownCategory", { ns: "pricing", categoryId: c.uuid })];
  });
  if (Object.keys(unknown).length) throw new HttpError(422, "api.invalid", unknown);
  const edited = new Map(input.categories.map((c, i) => [c.uuid, i]));
  const merged = config.room_categories.map((c) => {
    const i = edited.get(c.uuid);
    if (i === undefined) return c;
    const e = input.categories[i];
    return { ...c, price_variation_type: e.price_variation_type, price_variation_value: e.price_variation_value, min_price: e.min_price, max_price: e.max_price };
  });
  const problems = validateRoomCategories(merged);
  const editedIndexes = new Map(merged.map((c, index) => [index, edited.get(c.uuid)]));
  const errors = errorsOf(problems).filter((p) => p.code !== "pricing.category.empty" && editedIndexes.get(p.path[0] as number) !== undefined);
  if (errors.length) refuse(t, errors, (p) => `categories.${editedIndexes.get(p.path[0] as number)}.${p.path.slice(1).join(".")}`);

  const reference = config.seasonalities.find((s) => s.is_reference);
  if (reference) {
    await tx.update(seasonalities).set({ rate: input.rate, updatedAt: now }).where(eq(seasonalities.id, reference.uuid));
  } else {
    const [row] = await tx
      .insert(seasonalities)
      .values({
        businessId,
        title: input.title ?? t("defaults.referenceSeason", { ns: "pricing" }),
        color: (input.color ?? REFERENCE_COLOR).toUpperCase(),
        rate: input.rate,
        isReference: true,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: seasonalities.id });
    if (config.fluctuation_levels.length) {
      await tx.insert(seasonalityLevelVariations).values(
        config.fluctuation_levels.map((l) => ({ seasonalityId: row.id, fluctuationLevelId: l.uuid, priceVariation: 0, priceVariationType: "percentage" as const })),
      );
    }
  }
  for (const c of input.categories) {
    await tx
      .update(roomCategories)
      .set({ priceVariationType: c.price_variation_type, priceVariationValue: c.price_variation_value, minPrice: c.min_price, maxPrice: c.max_price })
      .where(and(eq(roomCategories.id, c.uuid), eq(roomCategories.businessId, businessId)));
  }
  return problems.filter((p) => p.severity === "warning").map((p) => problemJson(t, p, ["categories", ...p.path]));
}

/**
 * Replaces the bands. Bands keep their identity by level number (1 = the lowest), so the
 * seasons' variations for them survive an edit; bands beyond the new count go, with their variations.
 */
export async function saveFluctuationLevels(t: TFunction, tx: Database, businessId: string, input: FluctuationLevelsInput, config: PricingConfig, now: Date) {
  const sorted = input.fluctuation_levels.map((l, i) => ({ ...l, i })).sort((a, b) => a.from_percentage - b.from_percentage);
  const candidate: FluctuationLevel[] = sorted.map((l, k) => ({
    uuid: `level-${k + 1}`,
    level: k + 1,
    name: l.name,
    from_percentage: l.from_percentage,
    to_percentage: l.to_percentage,
    room_count: l.room_count ?? null,
  }));
  const problems = validateFluctuationLevels(candidate);
  const errors = errorsOf(problems);
  if (errors.length) {
    refuse(t, errors, (p) => (typeof p.path[0] === "number" ? `fluctuation_levels.${sorted[p.path[0]].i}.${p.path.slice(1).join(".")}` : "fluctuation_levels"));
  }
  const existing = new Map(config.fluctuation_levels.map((l) => [l.level, l]));
  for (const band of candidate) {
    const old = existing.get(band.level);
    const values = { name: band.name, fromPercentage: band.from_percentage, toPercentage: band.to_percentage, roomCount: band.room_count ?? null };
    if (old) await tx.update(fluctuationLevels).set(values).where(eq(fluctuationLevels.id, old.uuid));
    else {
      const [row] = await tx.insert(fluctuationLevels).values({ ...values, businessId, level: band.level, createdAt: now }).returning({ id: fluctuationLevels.id });
      // Every season gets a neutral variation for the new band, so the form shows it.
      if (config.seasonalities.length) {
        await tx.insert(seasonalityLevelVariations).values(
          config.seasonalities.map((s) => ({ seasonalityId: s.uuid, fluctuationLevelId: row.id, priceVariation: 0, priceVariationType: "percentage" as const })),
        );
      }
    }
  }
  const gone = config.fluctuation_levels.filter((l) => l.level > candidate.length).map((l) => l.uuid);
  if (gone.length) await tx.delete(fluctuationLevels).where(inArray(fluctuationLevels.id, gone));
}

export async function saveOccupancyPricing(t: TFunction, tx: Database, businessId: string, input: OccupancyPricingInput, now: Date) {
  const errors = errorsOf(validateOccupancyPricing(input));
  if (errors.length) refuse(t, errors, (p) => p.path.join(".") || null);
  const values = {
    priceVariationType: input.price_variation_type,
    applySingleRate: input.apply_single_rate,
    singleRateVariation: input.single_rate_variation,
    priceIncreasePerPerson: input.price_increase_per_person,
    referenceOccupation: input.reference_occupation,
    manualPricesEnabled: input.manual_prices_enabled,
    updatedAt: now,
  };
  await tx.insert(occupancyPricing).values({ ...values, businessId }).onConflictDoUpdate({ target: occupancyPricing.businessId, set: values });
}

export async function saveLeadTime(t: TFunction, tx: Database, businessId: string, input: LeadTimeInput): Promise<ProblemJson[]> {
  const problems = validateLeadTimeBands(input.lead_time_bands);
  const errors = errorsOf(problems);
  if (errors.length) refuse(t, errors, (p) => `lead_time_bands.${p.path.join(".")}`);
  await tx.delete(leadTimeBands).where(eq(leadTimeBands.businessId, businessId));
  if (input.lead_time_bands.length) {
    await tx.insert(leadTimeBands).values(
      input.lead_time_bands.map((b, position) => ({
        businessId,
        fromDays: b.from_days,
        toDays: b.to_days,
        percentage: b.percentage,
        maxOccupancy: b.max_occupancy,
        position,
      })),
    );
  }
  return problems.filter((p) => p.severity === "warning").map((p) => problemJson(t, p, ["lead_time_bands", ...p.path]));
}
