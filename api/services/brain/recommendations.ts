import { and, eq, gte, inArray, lte } from "drizzle-orm";
import { recommend } from "#domain/brain/recommend.ts";
import { restorePlan } from "#domain/brain/undo.ts";
import type { Actor } from "#domain/activity/index.ts";
import type { BrainStep, Recommendation } from "#domain/brain/types.ts";
import { BRAIN_HORIZON_DAYS, type RecommendationDecision, type UndoInput } from "#domain/schemas/brain.ts";
import { addDays } from "#domain/pricing/index.ts";
import type { Database } from "#api/db/client.ts";
import { brainRecommendations, businesses, occupancyPricing, priceChanges, roomCategories } from "#api/db/schema/index.ts";
import { businessToday } from "#api/services/pricing/calendar.ts";
import { writeManualPrices } from "#api/services/pricing/manual-prices.ts";
import { acceptStayRuleRows, recomputeStayRuleRecommendations } from "./stay-rules.ts";
import { eventsOf, loadBrainConfig, modeOf } from "./settings.ts";
import { recommendInputs, type BrainBusiness } from "./signals.ts";
import { upsertRecommendations } from "./store.ts";

/** The actor of every price the autopilot sets (the activity log shows this name). */
export const AUTOPILOT: Actor = { kind: "job", label: "Tarifa autopilot" };

type Row = typeof brainRecommendations.$inferSelect;

/** The reasons in one line for the activity log: each step's id and amount in cents. */
export function reasonsLine(reasons: readonly BrainStep[]): string {
  return reasons.map((s) => `${s.step} ${s.amount >= 0 ? "+" : ""}${s.amount}`).join("; ");
}

async function brainBusiness(db: Database, businessId: string): Promise<BrainBusiness | null> {
  const [b] = await db.select({ id: businesses.id, timezone: businesses.timezone, country: businesses.country, state: businesses.state }).from(businesses).where(eq(businesses.id, businessId));
  return b ?? null;
}

/**
 * Manual prices carry every price the brain sets; the engine reads them only when the business's
 * occupancy pricing exists and has them switched on (domain/pricing/engine.ts), so neither can the brain.
 */
export async function manualPricesAllowed(db: Database, businessId: string): Promise<boolean> {
  const [row] = await db.select({ enabled: occupancyPricing.manualPricesEnabled }).from(occupancyPricing).where(eq(occupancyPricing.businessId, businessId));
  return row?.enabled ?? false;
}

/** Category → its nights, so a write touches each category once. */
function groupNights(cells: readonly { categoryId: string; night: string }[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const c of cells) {
    const nights = out.get(c.categoryId);
    if (nights) nights.push(c.night);
    else out.set(c.categoryId, [c.night]);
  }
  return out;
}

/** Writes the moves of one category as manual prices (one activity line, one outbox entry). */
async function applyMoves(tx: Database, businessId: string, moves: readonly Recommendation[], how: { actor: Actor; userId: string | null; source: "recommendation" | "autopilot"; now: Date }) {
  const byCategory = new Map<string, Recommendation[]>();
  for (const m of moves) {
    const list = byCategory.get(m.categoryId);
    if (list) list.push(m);
    else byCategory.set(m.categoryId, [m]);
  }
  for (const [categoryId, list] of byCategory) {
    await writeManualPrices(tx, {
      businessId,
      categoryId,
      prices: new Map(list.map((m) => [m.night, m.value])),
      actor: how.actor,
      userId: how.userId,
      source: how.source,
      now: how.now,
      reason: "brain",
      why: new Map(list.map((m) => [m.night, reasonsLine(m.reasons)])),
    });
  }
}

/**
 * Recomputes the recommendations of the nights (the next year, or `nights`) of every category not
 * switched off, on `tx`. A move is stored as pending (a rejected one with the same value stays
 * rejected); in autopilot it is applied at once and stored as applied. A night that no longer
 * moves loses its pending recommendation. Answers how many are pending and how many were applied.
 */
export async function recomputeRecommendations(tx: Database, businessId: string, options: { now: Date; nights?: readonly string[]; locale?: string }): Promise<{ pending: number; applied: number }> {
  const business = await brainBusiness(tx, businessId);
  if (!business) return { pending: 0, applied: 0 };
  const config = await loadBrainConfig(tx, businessId);
  const today = businessToday(options.now, business.timezone);
  const horizonEnd = addDays(today, BRAIN_HORIZON_DAYS - 1);
  const sorted = options.nights ? [...options.nights].filter((n) => n >= today && n <= horizonEnd).sort() : null;
  if (sorted && sorted.length === 0) return { pending: 0, applied: 0 };
  const from = sorted ? sorted[0] : today;
  const to = sorted ? sorted[sorted.length - 1] : horizonEnd;
  const only = sorted ? new Set(sorted) : null;

  const allCategories = (await tx.select({ id: roomCategories.id }).from(roomCategories).where(eq(roomCategories.businessId, businessId))).map((r) => r.id);
  const active = allCategories.filter((id) => modeOf(config, id) !== "off");
  const off = allCategories.filter((id) => modeOf(config, id) === "off");
  if (off.length) {
    await tx.delete(brainRecommendations).where(and(inArray(brainRecommendations.roomCategoryId, off), eq(brainRecommendations.field, "price"), eq(brainRecommendations.status, "pending")));
  }
  if (active.length === 0) return { pending: 0, applied: 0 };

  const events = await eventsOf(tx, businessId, { from, to });
  const inputs = (await recommendInputs(tx, business, { from, to, today, now: options.now, categoryIds: active, events, locale: options.locale })).filter((i) => !only || only.has(i.night));
  const stored = await tx
    .select()
    .from(brainRecommendations)
    .where(
      and(
        eq(brainRecommendations.businessId, businessId),
        eq(brainRecommendations.field, "price"),
        inArray(brainRecommendations.roomCategoryId, active),
        gte(brainRecommendations.night, from),
        lte(brainRecommendations.night, to),
      ),
    );
  const byCell = new Map<string, Row>(stored.map((r) => [`${r.roomCategoryId}|${r.night}`, r]));

  const stale: { categoryId: string; night: string }[] = [];
  const upserts: (typeof brainRecommendations.$inferInsert)[] = [];
  const autopilot: Recommendation[] = [];
  for (const input of inputs) {
    const r = recommend(input, config.guardrails);
    const key = `${r.categoryId}|${r.night}`;
    const old = byCell.get(key);
    if (r.status !== "move") {
      if (old?.status === "pending") stale.push({ categoryId: r.categoryId, night: r.night });
      continue;
    }
    if (old?.status === "rejected" && old.value === r.value) continue;
    const auto = modeOf(config, r.categoryId) === "autopilot";
    if (auto) autopilot.push(r);
    upserts.push({
      businessId,
      roomCategoryId: r.categoryId,
      night: r.night,
      field: r.field,
      current: r.current,
      value: r.value,
      status: auto ? "applied" : "pending",
      reasons: r.reasons,
      effect: r.effect,
      computedAt: options.now,
      decidedAt: auto ? options.now : null,
      decidedBy: null,
    });
  }
  for (const [categoryId, nights] of groupNights(stale)) {
    await tx
      .delete(brainRecommendations)
      .where(and(eq(brainRecommendations.roomCategoryId, categoryId), inArray(brainRecommendations.night, nights), eq(brainRecommendations.field, "price"), eq(brainRecommendations.status, "pending")));
  }
  await upsertRecommendations(tx, upserts);
  if (autopilot.length && (await manualPricesAllowed(tx, businessId))) {
    await applyMoves(tx, businessId, autopilot, { actor: AUTOPILOT, userId: null, source: "autopilot", now: options.now });
  }
  return { pending: upserts.length - autopilot.length, applied: autopilot.length };
}

/** The pending recommendations a decision names, nights from today on. */
function decisionFilter(businessId: string, d: RecommendationDecision, today: string) {
  const conditions = [eq(brainRecommendations.businessId, businessId), eq(brainRecommendations.status, "pending"), gte(brainRecommendations.night, today)];
  if (d.field) conditions.push(eq(brainRecommendations.field, d.field));
  if (d.category) conditions.push(eq(brainRecommendations.roomCategoryId, d.category.toLowerCase()));
  if (!d.all) {
    if (d.night) conditions.push(eq(brainRecommendations.night, d.night));
    else conditions.push(gte(brainRecommendations.night, d.from!), lte(brainRecommendations.night, d.to!));
  }
  return and(...conditions);
}

/**
 * Accepts or rejects pending recommendations, on `tx`. Accepting first recomputes them, so the
 * value written is the one the guardrails allow now, then writes the prices as the person's manual
 * prices and the stay rules as the person's brain values (api/services/brain/stay-rules.ts).
 * Answers the nights decided.
 */
export async function decideRecommendations(
  tx: Database,
  businessId: string,
  d: RecommendationDecision,
  how: { accept: boolean; userId: string; now: Date; locale?: string },
): Promise<{ decided: number; nights: string[] }> {
  const business = await brainBusiness(tx, businessId);
  if (!business) return { decided: 0, nights: [] };
  const today = businessToday(how.now, business.timezone);
  const named = await tx.select().from(brainRecommendations).where(decisionFilter(businessId, d, today));
  if (named.length === 0) return { decided: 0, nights: [] };
  if (how.accept) {
    const priceNights = [...new Set(named.filter((r) => r.field === "price").map((r) => r.night))];
    if (priceNights.length) await recomputeRecommendations(tx, businessId, { now: how.now, nights: priceNights, locale: how.locale });
    if (named.some((r) => r.field !== "price")) await recomputeStayRuleRecommendations(tx, businessId, { now: how.now });
  }
  const rows = how.accept ? await tx.select().from(brainRecommendations).where(decisionFilter(businessId, d, today)) : named;
  if (rows.length === 0) return { decided: 0, nights: [] };
  if (how.accept) {
    const moves: Recommendation[] = rows
      .filter((r) => r.field === "price")
      .map((r) => ({
        field: "price",
        categoryId: r.roomCategoryId,
        night: r.night,
        current: r.current,
        value: r.value,
        status: "move",
        reasons: r.reasons as BrainStep[],
        effect: r.effect as Recommendation["effect"],
      }));
    if (moves.length) await applyMoves(tx, businessId, moves, { actor: { kind: "user", userId: how.userId }, userId: how.userId, source: "recommendation", now: how.now });
    const stayRows = rows.filter((r) => r.field !== "price");
    if (stayRows.length) await acceptStayRuleRows(tx, businessId, stayRows, { userId: how.userId, now: how.now, today });
  }
  for (const field of new Set(rows.map((r) => r.field))) {
    for (const [categoryId, nights] of groupNights(rows.filter((r) => r.field === field).map((r) => ({ categoryId: r.roomCategoryId, night: r.night })))) {
      await tx
        .update(brainRecommendations)
        .set({ status: how.accept ? "accepted" : "rejected", decidedAt: how.now, decidedBy: how.userId })
        .where(and(eq(brainRecommendations.roomCategoryId, categoryId), inArray(brainRecommendations.night, nights), eq(brainRecommendations.field, field), eq(brainRecommendations.status, "pending")));
    }
  }
  return { decided: rows.length, nights: [...new Set(rows.map((r) => r.night))].sort() };
}

/**
 * Undo: puts back the manual prices one category had at `moment` on `from..to`, on `tx`, as one
 * write (history, activity line, outbox). The brain's recommendations of those nights are marked
 * rejected, so neither the page nor the autopilot offers the same prices again at once.
 */
export async function undoPrices(tx: Database, businessId: string, input: UndoInput, how: { userId: string; now: Date }): Promise<{ restored: string[] }> {
  const categoryId = input.category.toLowerCase();
  const history = await tx
    .select()
    .from(priceChanges)
    .where(and(eq(priceChanges.businessId, businessId), eq(priceChanges.roomCategoryId, categoryId), gte(priceChanges.night, input.from), lte(priceChanges.night, input.to)));
  const plan = restorePlan(
    history.map((h) => ({ categoryId: h.roomCategoryId, night: h.night, before: h.before, after: h.after, at: h.createdAt.getTime(), seq: h.id })),
    { categoryId, from: input.from, to: input.to, moment: new Date(input.moment).getTime() },
  );
  const restored = await writeManualPrices(tx, {
    businessId,
    categoryId,
    prices: plan,
    actor: { kind: "user", userId: how.userId },
    userId: how.userId,
    source: "undo",
    now: how.now,
    reason: "manual_price",
  });
  if (restored.length) {
    await tx
      .update(brainRecommendations)
      .set({ status: "rejected", decidedAt: how.now, decidedBy: how.userId })
      .where(and(eq(brainRecommendations.roomCategoryId, categoryId), inArray(brainRecommendations.night, restored), eq(brainRecommendations.field, "price")));
  }
  return { restored };
}

/**
 * For the bookings area (api/services/bookings/hooks.ts): a booking, cancellation or change moved
 * these nights, so their recommendations are recomputed and the autopilot acts, in one transaction.
 */
export async function recommendAfterBooking(db: Database, businessId: string, nights: readonly string[], now: Date): Promise<void> {
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    await recomputeRecommendations(tx, businessId, { now, nights });
    // A booking or a cancellation opens and closes orphan gaps: the stay rules' changes move too.
    await recomputeStayRuleRecommendations(tx, businessId, { now });
  });
}
