import { and, eq, gte, lte, sql } from "drizzle-orm";
import { stayNights } from "#domain/bookings/stay.ts";
import { addDays } from "#domain/pricing/dates.ts";
import type { DemandRuleInput, StayOverrideInput, StaySettingsInput } from "#domain/schemas/stay-rules.ts";
import type { BaseRules, NightRules } from "#domain/stay-rules/types.ts";
import type { Database } from "#api/db/client.ts";
import { stayDemandRules, stayRuleBases, stayRuleOverrides, stayRuleSettings } from "#api/db/schema/index.ts";
import { markNightsChanged } from "#api/services/outbox/nights-changed.ts";
import type { DemandRuleJson, NightRulesJson, StaySettingsJson } from "#contract/stay-rules.ts";
import { demandRuleColumns, type StayRuleConfig, type StoredDemandRule } from "./config.ts";

const baseJson = (b: BaseRules) => ({
  min_stay: b.minStay,
  weekend_min_stay: b.weekendMinStay,
  max_stay: b.maxStay,
  closed_to_arrival: [...b.closedToArrival],
  closed_to_departure: [...b.closedToDeparture],
  min_advance_days: b.minAdvanceDays,
  max_advance_days: b.maxAdvanceDays,
});

export function staySettingsJson(config: StayRuleConfig): StaySettingsJson {
  return {
    gap_fill: config.gaps.enabled,
    gap_max_nights: config.gaps.maxNights,
    gap_discount_percent: config.gaps.discountPercent,
    mode: config.mode,
    bases: Object.fromEntries([...config.bases].map(([id, b]) => [id, baseJson(b)])),
  };
}

export const demandRuleJson = (r: StoredDemandRule): DemandRuleJson => ({
  uuid: r.id,
  category: r.categoryId,
  weekdays: [...r.weekdays],
  from: r.from,
  to: r.to,
  applies_to: r.appliesTo,
  min_stay: r.minStay,
  relax_inside_days: r.relaxInsideDays,
  relax_below_occupancy_percent: r.relaxBelowOccupancyPercent,
  relaxed_min_stay: r.relaxedMinStay,
  source: r.source,
});

export const nightRulesJson = (n: NightRules): NightRulesJson => ({
  room_category_uuid: n.categoryId,
  night: n.night,
  min_stay_arrival: n.minStayArrival,
  min_stay_through: n.minStayThrough,
  max_stay: n.maxStay,
  closed_to_arrival: n.closedToArrival,
  closed_to_departure: n.closedToDeparture,
  min_advance_days: n.minAdvanceDays,
  max_advance_days: n.maxAdvanceDays,
  discount_percent: n.discountPercent,
  in_gap: n.inGap,
  steps: n.steps,
});

/** Every rule change may move any night's restrictions: the channels get the nights that changed (the push compares). */
export async function rulesChanged(tx: Database, businessId: string, today: string, categoryId: string | null = null, range?: { from: string; to: string }) {
  await markNightsChanged(tx, businessId, [{ categoryId, from: range?.from ?? addDays(today, -1), to: range?.to ?? addDays(today, 500) }], "stay_rules");
}

/** Saves the settings and the bases named (the caller checked the categories). */
export async function saveStaySettings(tx: Database, businessId: string, input: StaySettingsInput, now: Date): Promise<void> {
  const values = { gapFill: input.gap_fill, gapMaxNights: input.gap_max_nights, gapDiscountPercent: input.gap_discount_percent, mode: input.mode, updatedAt: now };
  await tx.insert(stayRuleSettings).values({ businessId, ...values }).onConflictDoUpdate({ target: stayRuleSettings.businessId, set: values });
  for (const [id, b] of Object.entries(input.bases)) {
    const base = {
      minStay: b.min_stay,
      weekendMinStay: b.weekend_min_stay,
      maxStay: b.max_stay,
      closedToArrival: [...new Set(b.closed_to_arrival)].sort(),
      closedToDeparture: [...new Set(b.closed_to_departure)].sort(),
      minAdvanceDays: b.min_advance_days,
      maxAdvanceDays: b.max_advance_days,
    };
    await tx.insert(stayRuleBases).values({ roomCategoryId: id.toLowerCase(), businessId, ...base }).onConflictDoUpdate({ target: stayRuleBases.roomCategoryId, set: base });
  }
}

export async function addDemandRule(tx: Database, businessId: string, input: DemandRuleInput, source: StoredDemandRule["source"] = "owner"): Promise<StoredDemandRule> {
  const [row] = await tx
    .insert(stayDemandRules)
    .values({
      businessId,
      roomCategoryId: input.category?.toLowerCase() ?? null,
      weekdays: [...new Set(input.weekdays)].sort(),
      startsAt: input.from,
      endsAt: input.to,
      appliesTo: input.applies_to,
      minStay: input.min_stay,
      relaxInsideDays: input.relax_inside_days,
      relaxBelowOccupancyPercent: input.relax_below_occupancy_percent,
      relaxedMinStay: input.relaxed_min_stay,
      source,
    })
    .returning(demandRuleColumns);
  return row;
}

export async function removeDemandRule(tx: Database, businessId: string, id: string): Promise<StoredDemandRule | null> {
  const [row] = await tx.delete(stayDemandRules).where(and(eq(stayDemandRules.businessId, businessId), eq(stayDemandRules.id, id))).returning(demandRuleColumns);
  return row ?? null;
}

/** Writes (or clears) the override of each night `from … to` of a category; answers the nights touched. */
export async function writeOverrides(tx: Database, businessId: string, input: StayOverrideInput, now: Date): Promise<number> {
  const categoryId = input.category.toLowerCase();
  const range = and(eq(stayRuleOverrides.roomCategoryId, categoryId), gte(stayRuleOverrides.night, input.from), lte(stayRuleOverrides.night, input.to));
  if (input.clear) {
    const gone = await tx.delete(stayRuleOverrides).where(range).returning({ night: stayRuleOverrides.night });
    return gone.length;
  }
  const fields = {
    ...(input.min_stay_arrival !== undefined ? { minStayArrival: input.min_stay_arrival } : {}),
    ...(input.min_stay_through !== undefined ? { minStayThrough: input.min_stay_through } : {}),
    ...(input.max_stay !== undefined ? { maxStay: input.max_stay } : {}),
    ...(input.closed_to_arrival !== undefined ? { closedToArrival: input.closed_to_arrival } : {}),
    ...(input.closed_to_departure !== undefined ? { closedToDeparture: input.closed_to_departure } : {}),
  };
  const nights = stayNights(input.from, addDays(input.to, 1));
  if (Object.keys(fields).length === 0) return 0;
  await tx
    .insert(stayRuleOverrides)
    .values(nights.map((night) => ({ businessId, roomCategoryId: categoryId, night, ...fields, updatedAt: now })))
    .onConflictDoUpdate({ target: [stayRuleOverrides.roomCategoryId, stayRuleOverrides.night], set: { ...fields, updatedAt: now } });
  // A night whose every field is cleared again has no override left.
  await tx.delete(stayRuleOverrides).where(
    and(
      range,
      sql`${stayRuleOverrides.minStayArrival} is null and ${stayRuleOverrides.minStayThrough} is null and ${stayRuleOverrides.maxStay} is null and ${stayRuleOverrides.closedToArrival} is null and ${stayRuleOverrides.closedToDeparture} is null`,
    ),
  );
  return nights.length;
}
