import type { Context } from "hono";
import { Hono } from "hono";
import { eq, sql } from "drizzle-orm";
import { addDays, daysBetween } from "#domain/pricing/dates.ts";
import { demandRuleSchema, GAPS_LIST_NIGHTS, STAY_RULES_MAX_RANGE, stayNightsQuerySchema, stayOverrideSchema, staySettingsSchema, stayWhatIfSchema } from "#domain/schemas/stay-rules.ts";
import { isUuid } from "#domain/text/sanitize.ts";
import { DEFAULT_BASE_RULES, gapOutcome, rulesByNight, stayRulesWhatIf, WHAT_IF_HORIZON, WHAT_IF_MAX_NIGHTS } from "#domain/stay-rules/index.ts";
import type { ApiEnv } from "#api/context.ts";
import type { Database } from "#api/db/client.ts";
import { roomCategories } from "#api/db/schema/index.ts";
import { HttpError, notFound } from "#api/errors.ts";
import { requireBusiness, requireCalendarReader, type BusinessEnv } from "#api/middleware/business.ts";
import { recordActivity, userActor } from "#api/services/activity/record.ts";
import { foreignCategories } from "#api/services/brain/settings.ts";
import { businessToday } from "#api/services/pricing/calendar.ts";
import { pendingStayRuleNights, recomputeStayRuleRecommendations } from "#api/services/brain/stay-rules.ts";
import { loadStayRuleConfig } from "#api/services/stay-rules/config.ts";
import { demandRuleSuggestion, suggestionJson } from "#api/services/stay-rules/suggestion.ts";
import { effectiveRules, rulesInputs } from "#api/services/stay-rules/effective.ts";
import { addDemandRule, demandRuleJson, nightRulesJson, removeDemandRule, rulesChanged, saveStaySettings, staySettingsJson, writeOverrides } from "#api/services/stay-rules/settings.ts";
import { jsonBody, parseWith } from "#api/validate.ts";
import { docs } from "#api/openapi/describe.ts";
import { demandRuleWriteAnswer, overrideWriteAnswer, stayNightsAnswer, stayRulesAnswer, staySettingsWriteAnswer, stayWhatIfAnswer, type GapJson } from "#contract/stay-rules.ts";

const doc = docs("Stay rules");
type C = Context<BusinessEnv>;
const body = <S extends Parameters<typeof jsonBody>[1]>(c: C, schema: S) => jsonBody(c as unknown as Context<ApiEnv>, schema);
const today = (c: C) => businessToday(c.var.deps.now(), c.var.access.business.timezone);
const LABEL = "Stay rules";
const DEFAULT_NIGHTS = 30;

async function checkCategories(c: C, field: string, ids: readonly string[]) {
  const foreign = await foreignCategories(c.var.deps.db, c.var.access.business.id, ids.map((id) => id.toLowerCase()));
  if (foreign.length) throw new HttpError(422, "api.invalid", { [field]: [c.var.t("problem.input.unknownCategory", { ns: "pricing", categoryId: foreign[0] })] });
}

function checkRange(c: C, from: string, to: string, max = STAY_RULES_MAX_RANGE) {
  if (daysBetween(from, to) + 1 > max) throw new HttpError(422, "api.invalid", { to: [c.var.t("validation.rangeTooLong", { ns: "pricing", max })] });
}

const inTx = <T>(c: C, work: (tx: Database) => Promise<T>) => c.var.deps.db.transaction((tx) => work(tx as unknown as Database));

/** Mounted under /api/v1 (signed-in callers only): reading needs the calendar, writing the price settings. */
export const stayRuleRoutes = new Hono<BusinessEnv>()
  .get("/businesses/:id/stay-rules", doc({ response: stayRulesAnswer }), requireBusiness(), async (c) => {
    requireCalendarReader(c);
    const { db } = c.var.deps;
    const business = c.var.access.business;
    const day = today(c);
    const to = addDays(day, GAPS_LIST_NIGHTS - 1);
    const config = await loadStayRuleConfig(db, business.id);
    const [categories, rules, pending, suggestion] = await Promise.all([
      db.select({ uuid: roomCategories.id, name: roomCategories.name }).from(roomCategories).where(eq(roomCategories.businessId, business.id)).orderBy(roomCategories.position, roomCategories.createdAt),
      // One night past the list: a gap's departure date carries its closed-to-departure.
      effectiveRules(db, business.id, { from: day, to: addDays(to, 1), today: day }, config),
      pendingStayRuleNights(db, business.id, { from: day, to }),
      demandRuleSuggestion(db, business, day),
    ]);
    const gaps: GapJson[] = [];
    for (const cat of categories) {
      const r = rules.get(cat.uuid);
      if (!r) continue;
      const byNight = new Map(r.nights.map((n) => [n.night, n]));
      const rulesOf = rulesByNight(r.nights);
      for (const gap of r.gaps) {
        if (gap.first > to) continue;
        const first = byNight.get(gap.first);
        gaps.push({
          room_category_uuid: cat.uuid,
          first: gap.first,
          last: gap.last,
          nights: gap.nights,
          action: gapOutcome(gap, rulesOf, (n) => byNight.get(n), day, (n) => pending.has(`${cat.uuid}|${n}`)),
          min_stay_arrival: first?.minStayArrival ?? 1,
          discount_percent: first?.discountPercent ?? 0,
        });
      }
    }
    gaps.sort((a, b) => a.first.localeCompare(b.first));
    return c.json({ today: day, settings: staySettingsJson(config), categories, demand_rules: config.demandRules.map(demandRuleJson), gaps, suggestion: suggestionJson(suggestion, config.demandRules) });
  })

  .get("/businesses/:id/stay-rules/nights", doc({ query: stayNightsQuerySchema, response: stayNightsAnswer }), requireBusiness(), async (c) => {
    requireCalendarReader(c);
    const q = parseWith(c as unknown as Context<ApiEnv>, stayNightsQuerySchema, c.req.query());
    const day = today(c);
    const from = q.from ?? day;
    const to = q.to ?? addDays(from, DEFAULT_NIGHTS - 1);
    checkRange(c, from, to);
    if (q.category) await checkCategories(c, "category", [q.category]);
    const rules = await effectiveRules(c.var.deps.db, c.var.access.business.id, { from, to, today: day, categoryIds: q.category ? [q.category.toLowerCase()] : undefined });
    const data = [...rules.values()].flatMap((r) => r.nights.map(nightRulesJson)).sort((a, b) => a.night.localeCompare(b.night));
    return c.json({ from, to, today: day, data });
  })

  .post("/businesses/:id/stay-rules/what-if", doc({ body: stayWhatIfSchema, response: stayWhatIfAnswer }), requireBusiness(), async (c) => {
    requireCalendarReader(c);
    const input = await body(c, stayWhatIfSchema);
    await checkCategories(c, "category", [input.category, ...Object.keys(input.bases)]);
    const day = today(c);
    const categoryId = input.category.toLowerCase();
    const to = addDays(day, WHAT_IF_HORIZON + WHAT_IF_MAX_NIGHTS);
    const [current] = await rulesInputs(c.var.deps.db, c.var.access.business.id, { from: day, to, today: day, categoryIds: [categoryId] });
    const b = input.bases[categoryId] ?? input.bases[input.category];
    // After: the rules as they would be, with Tarifa's changes applied (recommend / autopilot: once accepted).
    const w = stayRulesWhatIf(current, {
      held: false,
      gaps: { enabled: input.gap_fill, maxNights: input.gap_max_nights, discountPercent: input.gap_discount_percent },
      ...(b
        ? { base: { ...DEFAULT_BASE_RULES, minStay: b.min_stay, weekendMinStay: b.weekend_min_stay, maxStay: b.max_stay, closedToArrival: b.closed_to_arrival, closedToDeparture: b.closed_to_departure, minAdvanceDays: b.min_advance_days, maxAdvanceDays: b.max_advance_days } }
        : {}),
    });
    return c.json({
      room_category_uuid: categoryId,
      from: day,
      nights: WHAT_IF_HORIZON,
      opened: w.opened,
      closed: w.closed,
      opened_sample: w.openedSample,
      closed_sample: w.closedSample,
      gaps: w.gaps.map((g) => ({ first: g.first, last: g.last, nights: g.nights, sellable_before: g.sellableBefore, sellable_after: g.sellableAfter })),
    });
  })

  .put("/businesses/:id/stay-rules/settings", doc({ body: staySettingsSchema, response: staySettingsWriteAnswer }), requireBusiness("user.price-settings"), async (c) => {
    const input = await body(c, staySettingsSchema);
    await checkCategories(c, "bases", Object.keys(input.bases));
    const business = c.var.access.business;
    const at = c.var.deps.now();
    const settings = await inTx(c, async (tx) => {
      const before = staySettingsJson(await loadStayRuleConfig(tx, business.id));
      await saveStaySettings(tx, business.id, input, at);
      const after = staySettingsJson(await loadStayRuleConfig(tx, business.id));
      await recordActivity(tx, { businessId: business.id, actor: userActor(c.var.user.id), area: "price_settings", entityLabel: LABEL, before: { stay_rules: before }, after: { stay_rules: after } });
      await rulesChanged(tx, business.id, today(c));
      await recomputeStayRuleRecommendations(tx, business.id, { now: c.var.deps.now() });
      return after;
    });
    return c.json({ settings });
  })

  .post("/businesses/:id/stay-rules/demand-rules", doc({ body: demandRuleSchema, response: demandRuleWriteAnswer, status: 201 }), requireBusiness("user.price-settings"), async (c) => {
    const input = await body(c, demandRuleSchema);
    if (input.category) await checkCategories(c, "category", [input.category]);
    const business = c.var.access.business;
    const rule = await inTx(c, async (tx) => {
      const created = await addDemandRule(tx, business.id, input);
      await recordActivity(tx, { businessId: business.id, actor: userActor(c.var.user.id), area: "price_settings", entityId: created.id, entityLabel: LABEL, before: null, after: { demand_rule: demandRuleJson(created) } });
      await rulesChanged(tx, business.id, today(c), created.categoryId);
      await recomputeStayRuleRecommendations(tx, business.id, { now: c.var.deps.now() });
      return created;
    });
    return c.json({ rule: demandRuleJson(rule) }, 201);
  })

  .post("/businesses/:id/stay-rules/demand-rules/suggested", doc({ response: demandRuleWriteAnswer, status: 201 }), requireBusiness("user.price-settings"), async (c) => {
    const business = c.var.access.business;
    const rule = await inTx(c, async (tx) => {
      // Two adoptions at once (a double click, two tabs): the second waits here, then finds the rule in use.
      await tx.execute(sql`select id from businesses where id = ${business.id}::uuid for update`);
      const day = today(c);
      const suggestion = await demandRuleSuggestion(tx, business, day);
      if (!suggestion.rule) throw new HttpError(409, "pricing:stayRules.suggestion.none");
      const config = await loadStayRuleConfig(tx, business.id);
      if (suggestionJson(suggestion, config.demandRules).adopted) throw new HttpError(409, "pricing:stayRules.suggestion.adopted");
      const r = suggestion.rule;
      const input = { category: null, weekdays: [...r.weekdays], from: null, to: null, applies_to: r.appliesTo, min_stay: r.minStay, relax_inside_days: r.relaxInsideDays, relax_below_occupancy_percent: r.relaxBelowOccupancyPercent, relaxed_min_stay: r.relaxedMinStay };
      const created = await addDemandRule(tx, business.id, input, "recommendation");
      await recordActivity(tx, { businessId: business.id, actor: userActor(c.var.user.id), area: "price_settings", entityId: created.id, entityLabel: LABEL, before: null, after: { demand_rule: demandRuleJson(created) } });
      await rulesChanged(tx, business.id, day, null);
      await recomputeStayRuleRecommendations(tx, business.id, { now: c.var.deps.now() });
      return created;
    });
    return c.json({ rule: demandRuleJson(rule) }, 201);
  })

  .delete("/businesses/:id/stay-rules/demand-rules/:ruleId", doc({ status: 204 }), requireBusiness("user.price-settings"), async (c) => {
    const id = c.req.param("ruleId") ?? "";
    if (!isUuid(id)) throw notFound();
    const business = c.var.access.business;
    await inTx(c, async (tx) => {
      const removed = await removeDemandRule(tx, business.id, id.toLowerCase());
      if (!removed) throw notFound();
      await recordActivity(tx, { businessId: business.id, actor: userActor(c.var.user.id), area: "price_settings", entityId: removed.id, entityLabel: LABEL, before: { demand_rule: demandRuleJson(removed) }, after: null });
      await rulesChanged(tx, business.id, today(c), removed.categoryId);
      await recomputeStayRuleRecommendations(tx, business.id, { now: c.var.deps.now() });
    });
    return c.body(null, 204);
  })

  .put("/businesses/:id/stay-rules/overrides", doc({ body: stayOverrideSchema, response: overrideWriteAnswer }), requireBusiness("user.price-settings"), async (c) => {
    const input = await body(c, stayOverrideSchema);
    await checkCategories(c, "category", [input.category]);
    checkRange(c, input.from, input.to);
    const business = c.var.access.business;
    const nights = await inTx(c, async (tx) => {
      const count = await writeOverrides(tx, business.id, input, c.var.deps.now());
      const { category, from, to, ...fields } = input;
      await recordActivity(tx, { businessId: business.id, actor: userActor(c.var.user.id), area: "price_settings", entityId: category.toLowerCase(), entityLabel: LABEL, action: "updated", before: null, after: { override: { from, to, ...fields } } });
      await rulesChanged(tx, business.id, today(c), category.toLowerCase(), { from, to: addDays(to, 1) });
      await recomputeStayRuleRecommendations(tx, business.id, { now: c.var.deps.now() });
      return count;
    });
    return c.json({ nights });
  });
