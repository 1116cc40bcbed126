import type { Context } from "hono";
import { Hono } from "hono";
import { and, desc, eq, gte, lte, sql } from "drizzle-orm";
import type { BrainStep, ExpectedEffect } from "#domain/brain/types.ts";
import type { RuleStep } from "#domain/stay-rules/types.ts";
import { addDays, daysBetween } from "#domain/pricing/index.ts";
import {
  BRAIN_HORIZON_DAYS,
  brainEventSchema,
  brainSettingsSchema,
  recommendationDecisionSchema,
  recommendationsQuerySchema,
  undoSchema,
} from "#domain/schemas/brain.ts";
import { isUuid } from "#domain/text/sanitize.ts";
import { stayNights } from "#domain/bookings/stay.ts";
import type { ApiEnv } from "#api/context.ts";
import type { Database } from "#api/db/client.ts";
import { brainRecommendations, priceChanges, roomCategories, stayRuleChanges, users } from "#api/db/schema/index.ts";
import { HttpError, notFound } from "#api/errors.ts";
import { requireBusiness, requireCalendarReader, type BusinessEnv } from "#api/middleware/business.ts";
import { recordActivity, userActor } from "#api/services/activity/record.ts";
import { decideRecommendations, manualPricesAllowed, recomputeRecommendations, undoPrices } from "#api/services/brain/recommendations.ts";
import { addEvent, brainSettingsJson, eventJson, eventsOf, foreignCategories, loadBrainConfig, modeOf, removeEvent, saveBrainSettings } from "#api/services/brain/settings.ts";
import { previewBrainSettings, proposedConfig, whatIfJson } from "#api/services/brain/what-if.ts";
import { guestsAnswer } from "#api/services/brain/quotes.ts";
import { businessToday } from "#api/services/pricing/calendar.ts";
import { recomputeStayRuleRecommendations, undoStayRules } from "#api/services/brain/stay-rules.ts";
import { jsonBody, parseWith } from "#api/validate.ts";
import { docs } from "#api/openapi/describe.ts";
import {
  brainEventWriteAnswer,
  brainPreviewAnswer,
  brainSettingsWriteAnswer,
  decisionAnswer,
  recommendationsAnswer,
  undoAnswer,
  type PriceChangeMomentJson,
  type RecommendationJson,
} from "#contract/brain.ts";

const doc = docs("Recommendations");
type C = Context<BusinessEnv>;

const body = <S extends Parameters<typeof jsonBody>[1]>(c: C, schema: S) => jsonBody(c as unknown as Context<ApiEnv>, schema);
/** The nights a list shows by default, from today. */
const DEFAULT_LIST_NIGHTS = 30;
/** Moments offered to undo. */
const MOMENTS = 20;

const today = (c: C) => businessToday(c.var.deps.now(), c.var.access.business.timezone);

/** A 422 on `field` unless every category named is the business's. */
async function checkCategories(c: C, field: string, ids: readonly string[]) {
  const foreign = await foreignCategories(c.var.deps.db, c.var.access.business.id, ids.map((id) => id.toLowerCase()));
  if (foreign.length) throw new HttpError(422, "api.invalid", { [field]: [c.var.t("problem.input.unknownCategory", { ns: "pricing", categoryId: foreign[0] })] });
}

/** A 422 when manual prices, which carry every price the brain sets, are switched off. */
async function requireManualPrices(c: C) {
  if (!(await manualPricesAllowed(c.var.deps.db, c.var.access.business.id))) {
    throw new HttpError(422, "api.invalid", { _form: [c.var.t("problem.manual.disabled", { ns: "pricing" })] });
  }
}

function recommendationJson(r: typeof brainRecommendations.$inferSelect): RecommendationJson {
  const common = { room_category_uuid: r.roomCategoryId, night: r.night, current: r.current, value: r.value, status: r.status, computed_at: r.computedAt.toISOString() };
  if (r.field !== "price") return { ...common, field: r.field, reasons: r.reasons as RuleStep[], effect: null };
  const e = r.effect as ExpectedEffect;
  return {
    ...common,
    field: "price",
    reasons: r.reasons as BrainStep[],
    effect: { occupancy_before: e.occupancyBefore, occupancy_after: e.occupancyAfter, revenue_before: e.revenueBefore, revenue_after: e.revenueAfter },
  };
}

/** The latest moments prices or the brain's stay rules were written, one per write (time, source, category). */
async function changeMoments(db: Database, businessId: string): Promise<PriceChangeMomentJson[]> {
  const moments = (table: typeof priceChanges | typeof stayRuleChanges) =>
    db
      .select({
        at: table.createdAt,
        source: table.source,
        categoryId: table.roomCategoryId,
        from: sql<string>`min(${table.night})::text`,
        to: sql<string>`max(${table.night})::text`,
        nights: sql<number>`count(distinct ${table.night})::int`,
        name: users.name,
        surname: users.surname,
      })
      .from(table)
      .leftJoin(users, eq(users.id, table.userId))
      .where(eq(table.businessId, businessId))
      .groupBy(table.createdAt, table.source, table.roomCategoryId, users.name, users.surname)
      .orderBy(desc(table.createdAt))
      .limit(MOMENTS);
  const [prices, rules] = await Promise.all([moments(priceChanges), moments(stayRuleChanges)]);
  const all = [...prices.map((r) => ({ kind: "price" as const, r })), ...rules.map((r) => ({ kind: "stay_rules" as const, r }))];
  return all
    .sort((a, b) => b.r.at.getTime() - a.r.at.getTime())
    .slice(0, MOMENTS)
    .map(({ kind, r }) => ({
      kind,
      at: r.at.toISOString(),
      source: r.source,
      room_category_uuid: r.categoryId,
      from: r.from,
      to: r.to,
      nights: Number(r.nights),
      user: r.name == null ? null : `${r.name ?? ""} ${r.surname ?? ""}`.trim(),
    }));
}

/** Mounted under /api/v1 (signed-in callers only). */
export const recommendationRoutes = new Hono<BusinessEnv>()
  .get("/businesses/:id/recommendations", doc({ query: recommendationsQuerySchema, response: recommendationsAnswer }), requireBusiness(), async (c) => {
    requireCalendarReader(c);
    const q = parseWith(c as unknown as Context<ApiEnv>, recommendationsQuerySchema, c.req.query());
    const t = c.var.t;
    const day = today(c);
    const from = q.from ?? day;
    const to = q.to ?? addDays(from, DEFAULT_LIST_NIGHTS - 1);
    if (daysBetween(from, to) + 1 > BRAIN_HORIZON_DAYS) {
      throw new HttpError(422, "api.invalid", { to: [t("validation.rangeTooLong", { ns: "pricing", max: BRAIN_HORIZON_DAYS })] });
    }
    if (q.category) await checkCategories(c, "category", [q.category]);
    const { db } = c.var.deps;
    const business = c.var.access.business;
    const [config, events, categories, rows, changes, manual, answer] = await Promise.all([
      loadBrainConfig(db, business.id),
      eventsOf(db, business.id),
      db.select({ id: roomCategories.id, name: roomCategories.name }).from(roomCategories).where(eq(roomCategories.businessId, business.id)).orderBy(roomCategories.position, roomCategories.createdAt),
      db
        .select()
        .from(brainRecommendations)
        .where(
          and(
            eq(brainRecommendations.businessId, business.id),
            gte(brainRecommendations.night, from),
            lte(brainRecommendations.night, to),
            ...(q.category ? [eq(brainRecommendations.roomCategoryId, q.category.toLowerCase())] : []),
          ),
        )
        .orderBy(brainRecommendations.night),
      changeMoments(db, business.id),
      manualPricesAllowed(db, business.id),
      guestsAnswer(db, business.id, c.var.deps.now()),
    ]);
    const order = new Map(categories.map((cat, i) => [cat.id, i]));
    return c.json({
      from,
      to,
      today: day,
      currency: business.currency,
      timezone: business.timezone,
      manual_prices_enabled: manual,
      settings: brainSettingsJson(config),
      categories: categories.map((cat) => ({ uuid: cat.id, name: cat.name, mode: modeOf(config, cat.id) })),
      events: events.map(eventJson),
      data: rows.sort((a, b) => a.night.localeCompare(b.night) || (order.get(a.roomCategoryId) ?? 0) - (order.get(b.roomCategoryId) ?? 0)).map(recommendationJson),
      changes,
      guests_answer: answer,
    });
  })

  .put("/businesses/:id/recommendations/settings", doc({ body: brainSettingsSchema, response: brainSettingsWriteAnswer }), requireBusiness("user.price-settings"), async (c) => {
    const input = await body(c, brainSettingsSchema);
    await checkCategories(c, "category_modes", Object.keys(input.category_modes));
    const { db, now } = c.var.deps;
    const business = c.var.access.business;
    const at = now();
    const result = await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Database;
      const before = brainSettingsJson(await loadBrainConfig(tx, business.id));
      await saveBrainSettings(tx, business.id, input, at);
      const after = await loadBrainConfig(tx, business.id);
      await recordActivity(tx, { businessId: business.id, actor: userActor(c.var.user.id), area: "price_settings", action: "updated", entityLabel: "Tarifa autopilot", before: { brain: before }, after: { brain: brainSettingsJson(after) } });
      const counts = await recomputeRecommendations(tx, business.id, { now: at, locale: c.var.locale });
      return { settings: brainSettingsJson(after), ...counts };
    });
    return c.json(result);
  })

  // The what-if: the settings as they would be saved, compared with the prices now; nothing is written.
  .post("/businesses/:id/recommendations/preview", doc({ body: brainSettingsSchema, response: brainPreviewAnswer }), requireBusiness("user.price-settings"), async (c) => {
    const input = await body(c, brainSettingsSchema);
    await checkCategories(c, "category_modes", Object.keys(input.category_modes));
    const { db, now } = c.var.deps;
    const business = c.var.access.business;
    const answer = await previewBrainSettings(db, business, { proposed: proposedConfig(input), today: today(c), now: now(), locale: c.var.locale });
    return c.json(whatIfJson(answer, business.currency));
  })

  .post("/businesses/:id/recommendations/events", doc({ body: brainEventSchema, response: brainEventWriteAnswer, status: 201 }), requireBusiness("user.price-settings"), async (c) => {
    const input = await body(c, brainEventSchema);
    const { db, now } = c.var.deps;
    const business = c.var.access.business;
    const event = await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Database;
      const created = await addEvent(tx, business.id, input);
      await recordActivity(tx, { businessId: business.id, actor: userActor(c.var.user.id), area: "price_settings", entityId: created.id, entityLabel: created.name, before: null, after: { event: eventJson(created) } });
      await recomputeRecommendations(tx, business.id, { now: now(), nights: stayNights(created.from, addDays(created.to, 1)), locale: c.var.locale });
      return created;
    });
    return c.json({ event: eventJson(event) }, 201);
  })

  .delete("/businesses/:id/recommendations/events/:eventId", doc({ status: 204 }), requireBusiness("user.price-settings"), async (c) => {
    const id = c.req.param("eventId") ?? "";
    if (!isUuid(id)) throw notFound();
    const { db, now } = c.var.deps;
    const business = c.var.access.business;
    await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Database;
      const removed = await removeEvent(tx, business.id, id.toLowerCase());
      if (!removed) throw notFound();
      await recordActivity(tx, { businessId: business.id, actor: userActor(c.var.user.id), area: "price_settings", entityId: removed.id, entityLabel: removed.name, before: { event: eventJson(removed) }, after: null });
      await recomputeRecommendations(tx, business.id, { now: now(), nights: stayNights(removed.from, addDays(removed.to, 1)), locale: c.var.locale });
    });
    return c.body(null, 204);
  })

  .post("/businesses/:id/recommendations/accept", doc({ body: recommendationDecisionSchema, response: decisionAnswer }), requireBusiness("user.price-settings"), async (c) => decide(c, true))
  .post("/businesses/:id/recommendations/reject", doc({ body: recommendationDecisionSchema, response: decisionAnswer }), requireBusiness("user.price-settings"), async (c) => decide(c, false))

  .post("/businesses/:id/recommendations/undo", doc({ body: undoSchema, response: undoAnswer }), requireBusiness("user.price-settings"), async (c) => {
    const input = await body(c, undoSchema);
    await checkCategories(c, "category", [input.category]);
    if (daysBetween(input.from, input.to) + 1 > BRAIN_HORIZON_DAYS) {
      throw new HttpError(422, "api.invalid", { to: [c.var.t("validation.rangeTooLong", { ns: "pricing", max: BRAIN_HORIZON_DAYS })] });
    }
    const { db, now } = c.var.deps;
    const how = { userId: c.var.user.id, now: now(), today: today(c) };
    if (input.kind === "stay_rules") {
      return c.json(await db.transaction((tx) => undoStayRules(tx as unknown as Database, c.var.access.business.id, input, how)));
    }
    await requireManualPrices(c);
    const result = await db.transaction((tx) => undoPrices(tx as unknown as Database, c.var.access.business.id, input, how));
    return c.json(result);
  });

async function decide(c: C, accept: boolean) {
  const input = await body(c, recommendationDecisionSchema);
  if (input.category) await checkCategories(c, "category", [input.category]);
  // Prices are written as manual prices; a decision on the stay rules alone does not need them.
  if (accept && (input.field ?? "price") === "price") await requireManualPrices(c);
  const { db, now } = c.var.deps;
  const result = await db.transaction((tx) =>
    decideRecommendations(tx as unknown as Database, c.var.access.business.id, input, { accept, userId: c.var.user.id, now: now(), locale: c.var.locale }),
  );
  return c.json(result);
}
