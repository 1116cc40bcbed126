import { and, eq, gte, inArray, lte, sql } from "drizzle-orm";
import type { BrainMode } from "#domain/brain/types.ts";
import { DEFAULT_BASE_RULES, DEFAULT_GAP_SETTINGS, type BaseRules, type BrainStayValue, type DemandRule, type GapSettings, type NightOverride } from "#domain/stay-rules/types.ts";
import type { Database } from "#api/db/client.ts";
import { perReadOnlyRequest } from "#api/observability/request-context.ts";
import { jsonObject } from "#api/db/query.ts";
import { businesses, stayDemandRules, stayRuleBases, stayRuleBrainValues, stayRuleOverrides, stayRuleSettings } from "#api/db/schema/index.ts";

/** The business's stored stay rules (domain/stay-rules), defaults when never saved. */
export interface StayRuleConfig {
  gaps: GapSettings;
  mode: BrainMode;
  /** Category → its base (absent: DEFAULT_BASE_RULES). */
  bases: Map<string, BaseRules>;
  demandRules: StoredDemandRule[];
}

export interface StoredDemandRule extends DemandRule {
  source: "owner" | "recommendation" | "autopilot";
}

/** A demand rule's columns, keyed as StoredDemandRule names them: read as JSON here, returned so by its writes (settings.ts). */
export const demandRuleColumns = {
  id: stayDemandRules.id,
  categoryId: stayDemandRules.roomCategoryId,
  weekdays: stayDemandRules.weekdays,
  from: stayDemandRules.startsAt,
  to: stayDemandRules.endsAt,
  appliesTo: stayDemandRules.appliesTo,
  minStay: stayDemandRules.minStay,
  relaxInsideDays: stayDemandRules.relaxInsideDays,
  relaxBelowOccupancyPercent: stayDemandRules.relaxBelowOccupancyPercent,
  relaxedMinStay: stayDemandRules.relaxedMinStay,
  source: stayDemandRules.source,
};

/**
 * The business's stay-rule settings, category bases and demand rules in one statement (issue 29:
 * every calendar and stay-rule read asks this first; it was three of a calendar page's 13 statements).
 */
export async function loadStayRuleConfig(db: Database, businessId: string): Promise<StayRuleConfig> {
  const b = stayRuleBases;
  const r = stayDemandRules;
  const [row] = await db
    .select({
      settings: stayRuleSettings,
      bases: sql<(BaseRules & { categoryId: string })[]>`(select coalesce(json_agg(${jsonObject({
        categoryId: b.roomCategoryId,
        minStay: b.minStay,
        weekendMinStay: b.weekendMinStay,
        maxStay: b.maxStay,
        closedToArrival: b.closedToArrival,
        closedToDeparture: b.closedToDeparture,
        minAdvanceDays: b.minAdvanceDays,
        maxAdvanceDays: b.maxAdvanceDays,
      })}), '[]'::json) from ${b} where ${b.businessId} = ${businesses.id})`,
      rules: sql<StoredDemandRule[]>`(select coalesce(json_agg(${jsonObject(demandRuleColumns)} order by ${r.createdAt}, ${r.id}), '[]'::json) from ${r} where ${r.businessId} = ${businesses.id})`,
    })
    .from(businesses)
    .leftJoin(stayRuleSettings, eq(stayRuleSettings.businessId, businesses.id))
    .where(eq(businesses.id, businessId));
  const settings = row?.settings;
  return {
    gaps: settings ? { enabled: settings.gapFill, maxNights: settings.gapMaxNights, discountPercent: settings.gapDiscountPercent } : { ...DEFAULT_GAP_SETTINGS },
    mode: settings?.mode ?? "off",
    bases: new Map((row?.bases ?? []).map(({ categoryId, ...base }) => [categoryId, base])),
    demandRules: row?.rules ?? [],
  };
}

/**
 * loadStayRuleConfig, read once by all of a page's read-only API calls (the calendar's prices and
 * its stay-rule badges each need it: ADR 0032's shared reads). Callers must not change it.
 */
export function sharedStayRuleConfig(db: Database, businessId: string): Promise<StayRuleConfig> {
  return perReadOnlyRequest(`stay-rules:${businessId}`, () => loadStayRuleConfig(db, businessId));
}

export const baseOf = (config: StayRuleConfig, categoryId: string): BaseRules => config.bases.get(categoryId) ?? DEFAULT_BASE_RULES;

/** Category → night → the owner's override, for the nights `from … to`. */
export async function overridesOf(db: Database, businessId: string, from: string, to: string, categoryIds?: readonly string[]): Promise<Map<string, Map<string, NightOverride>>> {
  const rows = await db
    .select()
    .from(stayRuleOverrides)
    .where(
      and(
        eq(stayRuleOverrides.businessId, businessId),
        gte(stayRuleOverrides.night, from),
        lte(stayRuleOverrides.night, to),
        ...(categoryIds ? [inArray(stayRuleOverrides.roomCategoryId, [...categoryIds])] : []),
      ),
    );
  const out = new Map<string, Map<string, NightOverride>>();
  for (const r of rows) {
    const o: NightOverride = {};
    if (r.minStayArrival != null) o.minStayArrival = r.minStayArrival;
    if (r.minStayThrough != null) o.minStayThrough = r.minStayThrough;
    if (r.maxStay != null) o.maxStay = r.maxStay;
    if (r.closedToArrival != null) o.closedToArrival = r.closedToArrival;
    if (r.closedToDeparture != null) o.closedToDeparture = r.closedToDeparture;
    if (!out.has(r.roomCategoryId)) out.set(r.roomCategoryId, new Map());
    out.get(r.roomCategoryId)!.set(r.night, o);
  }
  return out;
}

/** Category → night → the brain's values, for the nights `from … to`. */
export async function brainValuesOf(db: Database, businessId: string, from: string, to: string, categoryIds?: readonly string[]): Promise<Map<string, Map<string, BrainStayValue>>> {
  const rows = await db
    .select()
    .from(stayRuleBrainValues)
    .where(
      and(
        eq(stayRuleBrainValues.businessId, businessId),
        gte(stayRuleBrainValues.night, from),
        lte(stayRuleBrainValues.night, to),
        ...(categoryIds ? [inArray(stayRuleBrainValues.roomCategoryId, [...categoryIds])] : []),
      ),
    );
  const out = new Map<string, Map<string, BrainStayValue>>();
  for (const r of rows) {
    if (!out.has(r.roomCategoryId)) out.set(r.roomCategoryId, new Map());
    out.get(r.roomCategoryId)!.set(r.night, { minStayArrival: r.minStayArrival, minStayThrough: r.minStayThrough, source: r.source });
  }
  return out;
}
