import { and, eq, gte, inArray, lte, sql } from "drizzle-orm";
import type { Actor } from "#domain/activity/index.ts";
import { restorePlan } from "#domain/brain/undo.ts";
import { addDays } from "#domain/pricing/dates.ts";
import { BRAIN_HORIZON_DAYS } from "#domain/schemas/brain.ts";
import { autopilotStayChanges, changeKey, LIMIT_OF_FIELD, STAY_RULE_FIELDS, stayRuleChanges, type BrainStayValue, type RuleStep, type StayRuleChange, type StayRuleField } from "#domain/stay-rules/index.ts";
import type { Database } from "#api/db/client.ts";
import { brainRecommendations, businesses, roomCategories, stayRuleBrainValues, stayRuleChanges as stayRuleHistory } from "#api/db/schema/index.ts";
import { recordActivity } from "#api/services/activity/record.ts";
import { rangesOf } from "#api/services/outbox/nights-changed.ts";
import { upsertRecommendations } from "./store.ts";
import { businessToday } from "#api/services/pricing/calendar.ts";
import { brainValuesOf, loadStayRuleConfig } from "#api/services/stay-rules/config.ts";
import { effectiveRules } from "#api/services/stay-rules/effective.ts";
import { rulesChanged } from "#api/services/stay-rules/settings.ts";

/**
 * Stay-rule changes through the revenue brain (issue 28 point 3, ADR 0050): the same table of
 * recommendations as the prices (field `min_stay_arrival` / `min_stay_through`), the same
 * accept / reject and the same autopilot actor; what is applied is a night's brain value
 * (stay_rule_brain_values), written with a history line (undo), an activity line with the reasons
 * and the nights marked for the channels.
 */
type Source = BrainStayValue["source"];
const FIELDS = [...STAY_RULE_FIELDS];

/** The autopilot's actor (the activity log shows this name), as for the prices. */
const AUTOPILOT: Actor = { kind: "job", label: "Tarifa autopilot" };

/** The reasons in one line for the activity log: each step's id and the minimum it sets. */
const reasonsLine = (reasons: readonly RuleStep[]) =>
  reasons.map((s) => `${s.step} ${s.set.minStayArrival ?? s.set.minStayThrough ?? ""}`.trim()).join("; ");

/**
 * Writes brain values (null: none) of one category's nights, on `tx`: the values, one history line
 * per night and field, one activity line, the nights marked for the channels. Answers the nights written.
 */
async function writeBrainValues(
  tx: Database,
  businessId: string,
  categoryId: string,
  values: readonly { night: string; field: StayRuleField; value: number | null; reasons?: readonly RuleStep[] }[],
  how: { actor: Actor; userId: string | null; source: Source; now: Date; today: string },
): Promise<string[]> {
  if (values.length === 0) return [];
  const nights = [...new Set(values.map((v) => v.night))].sort();
  const current = (await brainValuesOf(tx, businessId, nights[0], nights[nights.length - 1], [categoryId])).get(categoryId) ?? new Map<string, BrainStayValue>();
  const history: (typeof stayRuleHistory.$inferInsert)[] = [];
  const next = new Map<string, { minStayArrival: number | null; minStayThrough: number | null }>();
  const before: Record<string, Record<string, number | null>> = {};
  const after: Record<string, Record<string, number | null>> = {};
  const why: Record<string, string> = {};
  for (const v of values) {
    const limit = LIMIT_OF_FIELD[v.field];
    const row = next.get(v.night) ?? { minStayArrival: current.get(v.night)?.minStayArrival ?? null, minStayThrough: current.get(v.night)?.minStayThrough ?? null };
    if (row[limit] === v.value) continue;
    history.push({ businessId, roomCategoryId: categoryId, night: v.night, field: v.field, before: row[limit], after: v.value, source: how.source, userId: how.userId, createdAt: how.now });
    (before[v.night] ??= {})[v.field] = row[limit];
    (after[v.night] ??= {})[v.field] = v.value;
    if (v.reasons?.length) why[`${v.night} ${v.field}`] = reasonsLine(v.reasons);
    row[limit] = v.value;
    next.set(v.night, row);
  }
  if (history.length === 0) return [];
  const gone = [...next].filter(([, r]) => r.minStayArrival == null && r.minStayThrough == null).map(([night]) => night);
  const kept = [...next].filter(([, r]) => r.minStayArrival != null || r.minStayThrough != null);
  if (kept.length) {
    await tx
      .insert(stayRuleBrainValues)
      .values(kept.map(([night, r]) => ({ businessId, roomCategoryId: categoryId, night, ...r, source: how.source, updatedAt: how.now })))
      .onConflictDoUpdate({
        target: [stayRuleBrainValues.roomCategoryId, stayRuleBrainValues.night],
        set: { minStayArrival: sql`excluded.min_stay_arrival`, minStayThrough: sql`excluded.min_stay_through`, source: sql`excluded.source`, updatedAt: sql`excluded.updated_at` },
      });
  }
  if (gone.length) await tx.delete(stayRuleBrainValues).where(and(eq(stayRuleBrainValues.roomCategoryId, categoryId), inArray(stayRuleBrainValues.night, gone)));
  await tx.insert(stayRuleHistory).values(history);
  const [category] = await tx.select({ name: roomCategories.name }).from(roomCategories).where(eq(roomCategories.id, categoryId));
  await recordActivity(tx, {
    businessId,
    actor: how.actor,
    area: "price_settings",
    action: "updated",
    entityId: categoryId,
    entityLabel: category?.name ?? null,
    before: { stay_rules_brain: before },
    after: { stay_rules_brain: after, ...(Object.keys(why).length ? { reasons: why } : {}) },
  });
  const written = [...next.keys()].sort();
  // A minimum stay on a night changes what the channels sell from it and around it (a gap's departure).
  for (const range of rangesOf(written, categoryId)) await rulesChanged(tx, businessId, how.today, categoryId, { from: range.from, to: addDays(range.to, 1) });
  return written;
}

/** Applies changes (accepted or by the autopilot), category by category. */
export async function applyStayRuleChanges(tx: Database, businessId: string, changes: readonly StayRuleChange[], how: { actor: Actor; userId: string | null; source: Source; now: Date; today: string }) {
  const byCategory = new Map<string, StayRuleChange[]>();
  for (const c of changes) byCategory.set(c.categoryId, [...(byCategory.get(c.categoryId) ?? []), c]);
  for (const [categoryId, list] of byCategory) await writeBrainValues(tx, businessId, categoryId, list, how);
}

type Row = typeof brainRecommendations.$inferSelect;

/**
 * Recomputes the stay-rule recommendations of the next year, on `tx`, from the stay rules' mode:
 * off (manual) leaves none pending; recommend stores each change as pending (a rejected one with
 * the same value stays rejected); autopilot applies those its guardrails allow and leaves the rest
 * pending for the next run. Answers how many are pending and how many were applied.
 */
export async function recomputeStayRuleRecommendations(tx: Database, businessId: string, options: { now: Date }): Promise<{ pending: number; applied: number }> {
  const [business] = await tx.select({ timezone: businesses.timezone }).from(businesses).where(eq(businesses.id, businessId));
  if (!business) return { pending: 0, applied: 0 };
  const config = await loadStayRuleConfig(tx, businessId);
  const today = businessToday(options.now, business.timezone);
  const mine = and(eq(brainRecommendations.businessId, businessId), inArray(brainRecommendations.field, FIELDS));
  if (config.mode === "off") {
    await tx.delete(brainRecommendations).where(and(mine, eq(brainRecommendations.status, "pending")));
    return { pending: 0, applied: 0 };
  }
  const to = addDays(today, BRAIN_HORIZON_DAYS - 1);
  const rules = await effectiveRules(tx, businessId, { from: today, to, today }, config);
  const changes = [...rules.values()].flatMap((r) => stayRuleChanges(r.nights, today));
  const stored = await tx.select().from(brainRecommendations).where(and(mine, gte(brainRecommendations.night, today)));
  const byCell = new Map<string, Row>(stored.map((r) => [`${r.roomCategoryId}|${r.night}|${r.field}`, r]));
  const wanted = changes.filter((c) => {
    const old = byCell.get(changeKey(c));
    return !(old?.status === "rejected" && old.value === c.value);
  });
  let apply: StayRuleChange[] = [];
  if (config.mode === "autopilot") {
    const since = new Date(options.now.getTime() - 24 * 3600_000);
    const recent = await tx
      .select({ categoryId: stayRuleHistory.roomCategoryId, night: stayRuleHistory.night, field: stayRuleHistory.field })
      .from(stayRuleHistory)
      .where(and(eq(stayRuleHistory.businessId, businessId), gte(stayRuleHistory.createdAt, since), eq(stayRuleHistory.source, "autopilot")));
    apply = autopilotStayChanges(wanted, { changedToday: new Set(recent.map(changeKey)) }).apply;
  }
  const applied = new Set(apply.map(changeKey));
  // Pending rows no longer wanted (the change happened or the reason went) are dropped.
  const keep = new Set(changes.map(changeKey));
  const stale = new Map<string, { categoryId: string; field: string; nights: string[] }>();
  for (const r of stored) {
    if (r.status !== "pending" || keep.has(`${r.roomCategoryId}|${r.night}|${r.field}`)) continue;
    const key = `${r.roomCategoryId}|${r.field}`;
    const group = stale.get(key) ?? { categoryId: r.roomCategoryId, field: r.field, nights: [] };
    group.nights.push(r.night);
    stale.set(key, group);
  }
  for (const g of stale.values()) {
    await tx
      .delete(brainRecommendations)
      .where(and(eq(brainRecommendations.roomCategoryId, g.categoryId), eq(brainRecommendations.field, g.field as StayRuleField), inArray(brainRecommendations.night, g.nights), eq(brainRecommendations.status, "pending")));
  }
  // A pending row that says the same already is left as it is (a booking recomputes the whole year).
  const unchanged = (c: StayRuleChange) => {
    const old = byCell.get(changeKey(c));
    return old?.status === "pending" && old.value === c.value && old.current === c.current && !applied.has(changeKey(c));
  };
  const upserts = wanted.filter((c) => !unchanged(c)).map((c) => ({
    businessId,
    roomCategoryId: c.categoryId,
    night: c.night,
    field: c.field,
    current: c.current,
    value: c.value,
    status: applied.has(changeKey(c)) ? ("applied" as const) : ("pending" as const),
    reasons: c.reasons,
    effect: {},
    computedAt: options.now,
    decidedAt: applied.has(changeKey(c)) ? options.now : null,
    decidedBy: null,
  }));
  await upsertRecommendations(tx, upserts);
  if (apply.length) await applyStayRuleChanges(tx, businessId, apply, { actor: AUTOPILOT, userId: null, source: "autopilot", now: options.now, today });
  return { pending: wanted.length - apply.length, applied: apply.length };
}

/** Accepted stay-rule recommendations, as the person's change (the caller recomputed them first). */
export async function acceptStayRuleRows(tx: Database, businessId: string, rows: readonly Row[], how: { userId: string; now: Date; today: string }) {
  const changes: StayRuleChange[] = rows.map((r) => ({ categoryId: r.roomCategoryId, night: r.night, field: r.field as StayRuleField, current: r.current, value: r.value, reasons: r.reasons as RuleStep[] }));
  await applyStayRuleChanges(tx, businessId, changes, { actor: { kind: "user", userId: how.userId }, userId: how.userId, source: "recommendation", now: how.now, today: how.today });
}

/**
 * Undo: puts back the brain values one category had at `moment` on `from..to`, on `tx`, as one
 * write. The stay-rule recommendations of those nights are marked rejected, so neither the page
 * nor the autopilot offers the same change again at once.
 */
export async function undoStayRules(tx: Database, businessId: string, input: { category: string; from: string; to: string; moment: string }, how: { userId: string; now: Date; today: string }): Promise<{ restored: string[] }> {
  const categoryId = input.category.toLowerCase();
  const history = await tx
    .select()
    .from(stayRuleHistory)
    .where(and(eq(stayRuleHistory.businessId, businessId), eq(stayRuleHistory.roomCategoryId, categoryId), gte(stayRuleHistory.night, input.from), lte(stayRuleHistory.night, input.to)));
  const moment = new Date(input.moment).getTime();
  const values: { night: string; field: StayRuleField; value: number | null }[] = [];
  for (const field of FIELDS) {
    const plan = restorePlan(
      history.filter((h) => h.field === field).map((h) => ({ categoryId: h.roomCategoryId, night: h.night, before: h.before, after: h.after, at: h.createdAt.getTime(), seq: h.id })),
      { categoryId, from: input.from, to: input.to, moment },
    );
    for (const [night, value] of plan) values.push({ night, field, value });
  }
  const restored = await writeBrainValues(tx, businessId, categoryId, values, { actor: { kind: "user", userId: how.userId }, userId: how.userId, source: "undo", now: how.now, today: how.today });
  if (restored.length) {
    await tx
      .update(brainRecommendations)
      .set({ status: "rejected", decidedAt: how.now, decidedBy: how.userId })
      .where(and(eq(brainRecommendations.roomCategoryId, categoryId), inArray(brainRecommendations.night, restored), inArray(brainRecommendations.field, FIELDS)));
  }
  return { restored };
}

/** The nights (`category|night`) between `from` and `to` with a stay-rule change waiting for the owner's acceptance. */
export async function pendingStayRuleNights(db: Database, businessId: string, range: { from: string; to: string }): Promise<Set<string>> {
  const rows = await db
    .select({ categoryId: brainRecommendations.roomCategoryId, night: brainRecommendations.night })
    .from(brainRecommendations)
    .innerJoin(roomCategories, eq(roomCategories.id, brainRecommendations.roomCategoryId))
    .where(
      and(
        eq(roomCategories.businessId, businessId),
        inArray(brainRecommendations.field, [...STAY_RULE_FIELDS]),
        eq(brainRecommendations.status, "pending"),
        gte(brainRecommendations.night, range.from),
        lte(brainRecommendations.night, range.to),
      ),
    );
  return new Set(rows.map((r) => `${r.categoryId}|${r.night}`));
}
