import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { TFunction } from "i18next";
import type { RatePlanInput } from "#domain/schemas/distribution.ts";
import { applyRatePlan, effectiveMinStay, planNightRate, type PlanRate, type RatePlanRule } from "#domain/pricing/rate-plans.ts";
import type { DailyRate } from "#domain/pricing/index.ts";
import type { Database } from "#api/db/client.ts";
import { ratePlans } from "#api/db/schema/index.ts";
import { isUniqueViolation } from "#api/services/accounts.ts";
import { fieldError } from "#api/services/businesses.ts";
import { currentRates } from "#api/services/pricing/rates.ts";
import { markAllNightsChanged } from "#api/services/outbox/nights-changed.ts";
import type { RatePlanJson } from "#contract/distribution.ts";

export type RatePlan = typeof ratePlans.$inferSelect;

/** A business's rate plans in the owner's order (position, then name). */
export async function listRatePlans(db: Database, businessId: string, options: { activeOnly?: boolean } = {}): Promise<RatePlan[]> {
  const where = options.activeOnly ? and(eq(ratePlans.businessId, businessId), eq(ratePlans.active, true)) : eq(ratePlans.businessId, businessId);
  return db.select().from(ratePlans).where(where).orderBy(asc(ratePlans.position), asc(ratePlans.name));
}

export async function ratePlanById(db: Database, businessId: string, id: string): Promise<RatePlan | null> {
  const [row] = await db
    .select()
    .from(ratePlans)
    .where(and(eq(ratePlans.businessId, businessId), eq(ratePlans.id, id)));
  return row ?? null;
}

/** The pricing rule of a stored plan (domain/pricing/rate-plans.ts). */
export function ratePlanRule(p: RatePlan): RatePlanRule {
  return {
    uuid: p.id,
    code: p.code,
    name: p.name,
    kind: p.kind,
    adjustment_percent: Number(p.adjustmentPercent),
    amount_per_guest: p.amountPerGuest,
    long_stay_min_nights: p.longStayMinNights,
    min_stay: p.minStay,
    max_stay: p.maxStay,
    closed_to_arrival: p.closedToArrival,
    closed_to_departure: p.closedToDeparture,
  };
}

/** Every engine rate × every plan, date-major, then category, then plan in the plans' order. */
export function planRatesOf(rates: readonly DailyRate[], plans: readonly RatePlanRule[]): PlanRate[] {
  const out: PlanRate[] = [];
  for (const r of rates) for (const p of plans) out.push(applyRatePlan(r, p));
  return out;
}

/** A stay's engine-priced nights under a plan (what the booking engine offers and books). */
export function planNights<N extends { date: string; rate: number }>(nights: readonly N[], guests: number, plan: RatePlan): N[] {
  const rule = ratePlanRule(plan);
  return nights.map((n) => ({ ...n, rate: planNightRate(n.rate, guests, rule) }));
}

/**
 * Per-plan nightly rates of the active plans for `from..to` (inclusive) and every category (or
 * `categoryIds`): what the calendar and the booking engine show and what the channels push.
 * Empty when the business cannot be priced yet or has no active plan.
 */
export async function ratePlanRates(
  db: Database,
  businessId: string,
  range: { from: string; to: string; today: string; categoryIds?: readonly string[]; planIds?: readonly string[] },
): Promise<{ plans: RatePlan[]; rates: PlanRate[] }> {
  let plans = await listRatePlans(db, businessId, { activeOnly: true });
  if (range.planIds) plans = plans.filter((p) => range.planIds!.includes(p.id));
  if (plans.length === 0) return { plans, rates: [] };
  let rates = await currentRates(db, businessId, range.from, range.to, range.today);
  if (range.categoryIds) rates = rates.filter((r) => range.categoryIds!.includes(r.categoryId));
  return { plans, rates: planRatesOf(rates, plans.map(ratePlanRule)) };
}

export function ratePlanJson(p: RatePlan): RatePlanJson {
  return {
    uuid: p.id,
    name: p.name,
    code: p.code,
    kind: p.kind,
    adjustment_percent: Number(p.adjustmentPercent),
    amount_per_guest: p.amountPerGuest,
    long_stay_min_nights: p.longStayMinNights,
    meal_plan: p.mealPlan,
    cancellation_source: p.cancellationSource,
    cancellation_text: p.cancellationText,
    min_stay: p.minStay,
    max_stay: p.maxStay,
    effective_min_stay: effectiveMinStay(ratePlanRule(p)),
    closed_to_arrival: p.closedToArrival,
    closed_to_departure: p.closedToDeparture,
    active: p.active,
    position: p.position,
  };
}
export type { RatePlanJson };

function ratePlanValues(input: RatePlanInput) {
  return {
    name: input.name,
    code: input.code,
    kind: input.kind,
    adjustmentPercent: input.kind === "percent" || input.kind === "long_stay" ? input.adjustment_percent : 0,
    amountPerGuest: input.kind === "per_guest" ? input.amount_per_guest : 0,
    longStayMinNights: input.kind === "long_stay" ? (input.long_stay_min_nights ?? null) : null,
    mealPlan: input.meal_plan,
    cancellationSource: input.cancellation_source,
    cancellationText: input.cancellation_source === "custom" ? input.cancellation_text : null,
    minStay: input.min_stay ?? null,
    maxStay: input.max_stay ?? null,
    closedToArrival: [...new Set(input.closed_to_arrival)].sort(),
    closedToDeparture: [...new Set(input.closed_to_departure)].sort(),
    active: input.active,
  };
}

/** Creates (id null) or replaces a plan; a code used by another plan of the business is a 422 beside `code`. */
export async function saveRatePlan(db: Database, t: TFunction, businessId: string, id: string | null, input: RatePlanInput, now: Date): Promise<RatePlan | null> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Database;
    const [clash] = await tx
      .select({ id: ratePlans.id })
      .from(ratePlans)
      .where(and(eq(ratePlans.businessId, businessId), eq(ratePlans.code, input.code), id ? ne(ratePlans.id, id) : undefined));
    if (clash) throw fieldError(t, "code", "pms:validation.codeTaken");
    // The plan's rule and restrictions move the rates pushed through Channex for it.
    await markAllNightsChanged(tx, businessId, "rate_plan", now.toISOString().slice(0, 10));
    try {
      if (id) {
        const [row] = await tx
          .update(ratePlans)
          .set({ ...ratePlanValues(input), updatedAt: now })
          .where(and(eq(ratePlans.businessId, businessId), eq(ratePlans.id, id)))
          .returning();
        return row ?? null;
      }
      const [{ next }] = await tx
        .select({ next: sql<number>`coalesce(max(${ratePlans.position}) + 1, 0)::int` })
        .from(ratePlans)
        .where(eq(ratePlans.businessId, businessId));
      const [row] = await tx
        .insert(ratePlans)
        .values({ businessId, ...ratePlanValues(input), position: next, createdAt: now, updatedAt: now })
        .returning();
      return row;
    } catch (error) {
      if (isUniqueViolation(error)) throw fieldError(t, "code", "pms:validation.codeTaken");
      throw error;
    }
  });
}

/** Deletes a plan (its channel mappings go with it); false when the business has no such plan. */
export async function deleteRatePlan(db: Database, businessId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(ratePlans)
    .where(and(eq(ratePlans.businessId, businessId), eq(ratePlans.id, id)))
    .returning({ id: ratePlans.id });
  return rows.length > 0;
}
