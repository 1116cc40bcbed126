import type { Context } from "hono";
import { Hono } from "hono";
import { and, desc, eq, gte, lte } from "drizzle-orm";
import { z } from "zod";
import { addDays, daysBetween } from "#domain/pricing/index.ts";
import {
  calendarQuerySchema,
  fluctuationLevelsSchema,
  leadTimeSchema,
  manualPricesSchema,
  MAX_CALENDAR_DAYS,
  nightRangeQuerySchema,
  occupancyPricingSchema,
  publishSchema,
  roomsTariffSchema,
  seasonalityPreviewSchema,
  seasonalitySchema,
} from "#domain/schemas/pricing.ts";
import { isUuid } from "#domain/text/sanitize.ts";
import type { ApiEnv } from "#api/context.ts";
import type { Database } from "#api/db/client.ts";
import { occupationLogs, roomCategories, seasonalities, users } from "#api/db/schema/index.ts";
import { HttpError, notFound } from "#api/errors.ts";
import { requireBusiness, requireCalendarReader, type BusinessEnv } from "#api/middleware/business.ts";
import type { BusinessRow } from "#api/services/business-access.ts";
import { withPricingActivity } from "#api/services/pricing/activity.ts";
import { writeManualPrices } from "#api/services/pricing/manual-prices.ts";
import { userActor } from "#api/services/activity/record.ts";
import { businessJson } from "#api/services/business-json.ts";
import { businessToday, calendarDays, canPrice, compactCalendarDays, holidayName, occupancyPercentages } from "#api/services/pricing/calendar.ts";
import { loadPricingConfig, tariffConfigurationFrom } from "#api/services/pricing/config.ts";
import { daysToUpdate, publishRates, refreshRates } from "#api/services/pricing/rates.ts";
import { gapDiscounts } from "#api/services/stay-rules/gap-discounts.ts";
import {
  checkSeasonality,
  saveFluctuationLevels,
  saveLeadTime,
  saveOccupancyPricing,
  saveRoomsTariff,
  saveSeasonality,
  type ProblemJson,
} from "#api/services/pricing/settings.ts";
import { businessSuggestions } from "#api/services/pricing/suggestions.ts";
import { PREVIEW_DAYS, previewSeasonality } from "#api/services/pricing/preview.ts";
import { previewPriceSettings, whatIfJson } from "#api/services/brain/what-if.ts";
import { jsonBody, parseWith } from "#api/validate.ts";
import { docs } from "#api/openapi/describe.ts";
import {
  calendarAnswer,
  daysToUpdateAnswer,
  manualPricesAnswer,
  occupationLogsAnswer,
  publishAnswer,
  seasonalityPreviewAnswer,
  suggestionsAnswer,
  tariffConfigurationOnly,
} from "#contract/pricing.ts";
import { seasonalityCreatedAnswer, tariffWriteAnswer } from "#contract/tariff-writes.ts";
import { brainPreviewAnswer } from "#contract/brain.ts";

const doc = docs("Pricing");

/** GET /occupation-logs: the nights' range (empty means open) and how many lines, newest first (default 200, at most 1000). */
const occupationLogsQuery = z.object({
  from: z.string().optional(),
  to: z.string().optional(),
  limit: z
    .string()
    .optional()
    .transform((v) => Math.min(Math.max(Math.trunc(Number(v)) || 200, 1), 1000)),
});

type C = Context<BusinessEnv>;

const body = <S extends z.ZodType>(c: C, schema: S) => jsonBody(c as unknown as Context<ApiEnv>, schema);
const query = <S extends z.ZodType>(c: C, schema: S) => parseWith(c as unknown as Context<ApiEnv>, schema, c.req.query());

/** The business as the tariff-configuration calls answer it: the business JSON with its `tariff_configuration` filled. */
async function businessAnswer(c: C, business: BusinessRow) {
  const { db } = c.var.deps;
  const [json, config] = await Promise.all([businessJson(db, business, { locale: c.var.locale, viewer: c.var.user }), loadPricingConfig(db, business.id)]);
  return { ...json, tariff_configuration: tariffConfigurationFrom(config) };
}

/** Runs a settings write and the recomputation of the next year's rates in one transaction. */
async function settingsWrite<T>(c: C, write: (tx: Database) => Promise<T>): Promise<T> {
  const { db, now } = c.var.deps;
  const businessId = c.var.access.business.id;
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const result = await withPricingActivity(tx, businessId, userActor(c.var.user.id), () => write(tx));
    await refreshRates(tx, businessId, { now: now(), reason: "settings", userId: c.var.user.id });
    return result;
  });
}

/**
 * The what-if of a change to the price settings (issue 27, point 3): `write` is the save's own
 * write, made in a transaction that is rolled back; the next 90 nights of every category now and
 * after, with their expected occupancy and revenue. Nothing is kept.
 */
async function whatIfAnswer(c: C, write: (tx: Database) => Promise<unknown>) {
  const { db, now } = c.var.deps;
  const business = c.var.access.business;
  const at = now();
  const answer = await previewPriceSettings(db, business, { write, today: businessToday(at, business.timezone), now: at, locale: c.var.locale });
  return c.json(whatIfJson(answer, business.currency));
}

const withWarnings = (warnings: ProblemJson[]) => (warnings.length ? { warnings } : { warnings: [] as ProblemJson[] });

function seasonalityIdParam(c: C): string {
  const id = c.req.param("sazonalityId") ?? "";
  if (!isUuid(id)) throw notFound();
  return id.toLowerCase();
}

/** Mounted under /api/v1 (signed-in callers only). */
export const pricingRoutes = new Hono<BusinessEnv>()
  // ---- tariff configuration (spec section 7) ------------------------------------------------
  .get("/businesses/:id/tariff-configuration", doc({ response: tariffConfigurationOnly }), requireBusiness(), async (c) => {
    requireCalendarReader(c);
    const config = await loadPricingConfig(c.var.deps.db, c.var.access.business.id);
    return c.json({ tariff_configuration: tariffConfigurationFrom(config) });
  })

  .post("/businesses/:id/tariff-configuration/rooms-tariff", doc({ body: roomsTariffSchema, response: tariffWriteAnswer }), requireBusiness("user.price-settings"), async (c) => {
    const input = await body(c, roomsTariffSchema);
    const { db, now } = c.var.deps;
    const business = c.var.access.business;
    const config = await loadPricingConfig(db, business.id);
    const warnings = await settingsWrite(c, (tx) => saveRoomsTariff(c.var.t, tx, business.id, input, config, now()));
    return c.json({ business: await businessAnswer(c, business), ...withWarnings(warnings) });
  })

  // The what-ifs: each takes its save's body, answers the next 90 nights now and after, and saves nothing.
  .post("/businesses/:id/tariff-configuration/rooms-tariff/what-if", doc({ body: roomsTariffSchema, response: brainPreviewAnswer }), requireBusiness("user.price-settings"), async (c) => {
    const input = await body(c, roomsTariffSchema);
    const business = c.var.access.business;
    const config = await loadPricingConfig(c.var.deps.db, business.id);
    return whatIfAnswer(c, (tx) => saveRoomsTariff(c.var.t, tx, business.id, input, config, c.var.deps.now()));
  })

  .post("/businesses/:id/tariff-configuration/fluctuation-levels/what-if", doc({ body: fluctuationLevelsSchema, response: brainPreviewAnswer }), requireBusiness("user.price-settings"), async (c) => {
    const input = await body(c, fluctuationLevelsSchema);
    const business = c.var.access.business;
    const config = await loadPricingConfig(c.var.deps.db, business.id);
    return whatIfAnswer(c, (tx) => saveFluctuationLevels(c.var.t, tx, business.id, input, config, c.var.deps.now()));
  })

  .post("/businesses/:id/tariff-configuration/occupancy-pricing/what-if", doc({ body: occupancyPricingSchema, response: brainPreviewAnswer }), requireBusiness("user.price-settings"), async (c) => {
    const input = await body(c, occupancyPricingSchema);
    const business = c.var.access.business;
    return whatIfAnswer(c, (tx) => saveOccupancyPricing(c.var.t, tx, business.id, input, c.var.deps.now()));
  })

  .post("/businesses/:id/tariff-configuration/lead-time/what-if", doc({ body: leadTimeSchema, response: brainPreviewAnswer }), requireBusiness("user.price-settings"), async (c) => {
    const input = await body(c, leadTimeSchema);
    const business = c.var.access.business;
    return whatIfAnswer(c, (tx) => saveLeadTime(c.var.t, tx, business.id, input));
  })

  // A season as the form stands, new (no uuid) or a change to one that exists.
  .post("/businesses/:id/tariff-configuration/sazonalities/what-if", doc({ body: seasonalityPreviewSchema, response: brainPreviewAnswer }), requireBusiness("user.price-settings"), async (c) => {
    const { uuid, ...input } = await body(c, seasonalityPreviewSchema);
    const business = c.var.access.business;
    const config = await loadPricingConfig(c.var.deps.db, business.id);
    const id = uuid ? uuid.toLowerCase() : null;
    if (id && !config.seasonalities.some((s) => s.uuid === id)) throw notFound();
    return whatIfAnswer(c, (tx) => saveSeasonality(tx, business.id, id, input, config, c.var.deps.now()));
  })

  .post("/businesses/:id/tariff-configuration/fluctuation-levels", doc({ body: fluctuationLevelsSchema, response: tariffWriteAnswer }), requireBusiness("user.price-settings"), async (c) => {
    const input = await body(c, fluctuationLevelsSchema);
    const { db, now } = c.var.deps;
    const business = c.var.access.business;
    const config = await loadPricingConfig(db, business.id);
    await settingsWrite(c, (tx) => saveFluctuationLevels(c.var.t, tx, business.id, input, config, now()));
    return c.json({ business: await businessAnswer(c, business) });
  })

  // Registered before the create route's neighbours: how the next 90 days would change with a draft season (nothing is saved).
  .post("/businesses/:id/tariff-configuration/sazonalities/preview", doc({ body: seasonalityPreviewSchema, response: seasonalityPreviewAnswer }), requireBusiness("user.price-settings"), async (c) => {
    const raw = await body(c, seasonalityPreviewSchema);
    const { uuid, ...input } = raw;
    const { db, now } = c.var.deps;
    const business = c.var.access.business;
    const today = businessToday(now(), business.timezone);
    const to = addDays(today, PREVIEW_DAYS - 1);
    const config = await loadPricingConfig(db, business.id, { from: today, to });
    const id = uuid && config.seasonalities.some((s) => s.uuid === uuid) ? uuid : null;
    const warnings = checkSeasonality(c.var.t, config, id, input);
    const occupancy = await occupancyPercentages(db, business.id, today, to);
    return c.json({ ...previewSeasonality(config, id, input, { from: today, to, today, occupancy }), warnings });
  })

  .post("/businesses/:id/tariff-configuration/sazonalities", doc({ body: seasonalitySchema, status: 201, response: seasonalityCreatedAnswer }), requireBusiness("user.price-settings"), async (c) => {
    const input = await body(c, seasonalitySchema);
    const { db, now } = c.var.deps;
    const business = c.var.access.business;
    const config = await loadPricingConfig(db, business.id);
    const warnings = checkSeasonality(c.var.t, config, null, input);
    const id = await settingsWrite(c, (tx) => saveSeasonality(tx, business.id, null, input, config, now()));
    const answer = await businessAnswer(c, business);
    const created = answer.tariff_configuration.sazonalities.find((s) => s.uuid === id)!;
    return c.json({ business: answer, created_sazonality: created, ...withWarnings(warnings) }, 201);
  })

  .put("/businesses/:id/tariff-configuration/sazonalities/:sazonalityId", doc({ body: seasonalitySchema, response: tariffWriteAnswer }), requireBusiness("user.price-settings"), async (c) => {
    const id = seasonalityIdParam(c);
    const input = await body(c, seasonalitySchema);
    const { db, now } = c.var.deps;
    const business = c.var.access.business;
    const config = await loadPricingConfig(db, business.id);
    if (!config.seasonalities.some((s) => s.uuid === id)) throw notFound();
    const warnings = checkSeasonality(c.var.t, config, id, input);
    await settingsWrite(c, (tx) => saveSeasonality(tx, business.id, id, input, config, now()));
    return c.json({ business: await businessAnswer(c, business), ...withWarnings(warnings) });
  })

  .delete("/businesses/:id/tariff-configuration/sazonalities/:sazonalityId", doc({ response: tariffWriteAnswer }), requireBusiness("user.price-settings"), async (c) => {
    const id = seasonalityIdParam(c);
    const { db } = c.var.deps;
    const business = c.var.access.business;
    const [row] = await db
      .select({ isReference: seasonalities.isReference })
      .from(seasonalities)
      .where(and(eq(seasonalities.id, id), eq(seasonalities.businessId, business.id)));
    if (!row) throw notFound();
    if (row.isReference) {
      throw new HttpError(422, "api.invalid", { is_reference: [c.var.t("problem.season.deleteReference", { ns: "pricing" })] });
    }
    await settingsWrite(c, (tx) => tx.delete(seasonalities).where(eq(seasonalities.id, id)));
    return c.json({ business: await businessAnswer(c, business) });
  })

  .put("/businesses/:id/tariff-configuration/occupancy-pricing", doc({ body: occupancyPricingSchema, response: tariffWriteAnswer }), requireBusiness("user.price-settings"), async (c) => {
    const input = await body(c, occupancyPricingSchema);
    const { db, now } = c.var.deps;
    const business = c.var.access.business;
    await settingsWrite(c, (tx) => saveOccupancyPricing(c.var.t, tx, business.id, input, now()));
    return c.json({ business: await businessAnswer(c, business) });
  })

  .put("/businesses/:id/tariff-configuration/lead-time", doc({ body: leadTimeSchema, response: tariffWriteAnswer }), requireBusiness("user.price-settings"), async (c) => {
    const input = await body(c, leadTimeSchema);
    const { db } = c.var.deps;
    const business = c.var.access.business;
    const warnings = await settingsWrite(c, (tx) => saveLeadTime(c.var.t, tx, business.id, input));
    return c.json({ business: await businessAnswer(c, business), ...withWarnings(warnings) });
  })

  // ---- manual prices ------------------------------------------------------------------------
  .put("/businesses/:id/manual-prices", doc({ body: manualPricesSchema, response: manualPricesAnswer }), requireBusiness("user.price-settings"), async (c) => {
    const input = await body(c, manualPricesSchema);
    const { db, now } = c.var.deps;
    const business = c.var.access.business;
    const t = c.var.t;
    const [category] = await db
      .select({ id: roomCategories.id })
      .from(roomCategories)
      .where(and(eq(roomCategories.id, input.room_category_uuid.toLowerCase()), eq(roomCategories.businessId, business.id)));
    if (!category) throw new HttpError(422, "api.invalid", { room_category_uuid: [t("problem.input.unknownCategory", { ns: "pricing", categoryId: input.room_category_uuid })] });
    const config = await loadPricingConfig(db, business.id);
    if (input.price !== null && config.occupancy_pricing && !config.occupancy_pricing.manual_prices_enabled) {
      throw new HttpError(422, "api.invalid", { price: [t("problem.manual.disabled", { ns: "pricing" })] });
    }
    const from = input.date ?? input.from!;
    const to = input.date ?? input.to!;
    if (daysBetween(from, to) + 1 > MAX_CALENDAR_DAYS) {
      throw new HttpError(422, "api.invalid", { to: [t("validation.rangeTooLong", { ns: "pricing", max: MAX_CALENDAR_DAYS })] });
    }
    const weekdays = input.date || !input.days_of_week?.length ? null : new Set(input.days_of_week);
    const dates: string[] = [];
    for (let d = from; d <= to; d = addDays(d, 1)) {
      if (!weekdays || weekdays.has(new Date(`${d}T00:00:00Z`).getUTCDay())) dates.push(d);
    }
    const at = now();
    await db.transaction((tx) =>
      writeManualPrices(tx as unknown as Database, {
        businessId: business.id,
        categoryId: category.id,
        prices: new Map(dates.map((d) => [d, input.price])),
        actor: userActor(c.var.user.id),
        userId: c.var.user.id,
        source: "owner",
        now: at,
        reason: "manual_price",
      }),
    );
    return c.json({ updated: dates.length, dates, price: input.price });
  })

  // ---- calendar -----------------------------------------------------------------------------
  .get("/businesses/:id/calendar", doc({ query: calendarQuerySchema, response: calendarAnswer }), requireBusiness(), async (c) => {
    requireCalendarReader(c);
    const q = query(c, calendarQuerySchema);
    const t = c.var.t;
    if (daysBetween(q.from, q.to) + 1 > MAX_CALENDAR_DAYS) {
      throw new HttpError(422, "api.invalid", { to: [t("validation.rangeTooLong", { ns: "pricing", max: MAX_CALENDAR_DAYS })] });
    }
    const { db, now } = c.var.deps;
    const business = c.var.access.business;
    const today = businessToday(now(), business.timezone);
    const [config, occupancy, gaps] = await Promise.all([
      loadPricingConfig(db, business.id, { from: q.from, to: q.to }, { country: business.country, state: business.state }),
      occupancyPercentages(db, business.id, q.from, q.to),
      gapDiscounts(db, business.id, { from: q.from, to: q.to, today }),
    ]);
    const holidayList = (config.holidays ?? []).map((h) => ({ uuid: h.id, date: h.date, name: holidayName(h.name, c.var.locale), country: h.country, state: h.state }));
    const category = q.category?.toLowerCase();
    if (category && !config.room_categories.some((r) => r.uuid === category)) {
      throw new HttpError(422, "api.invalid", { category: [t("problem.input.unknownCategory", { ns: "pricing", categoryId: category })] });
    }
    const configured = canPrice(config);
    const all = configured
      ? calendarDays(config, { from: q.from, to: q.to, today, occupancy, gapDiscounts: gaps, holidays: holidayList, categoryIds: category ? [category] : undefined })
      : [];
    const explain = q.explain === "true";
    const days =
      q.format === "compact" ? compactCalendarDays(all, explain) : explain ? all : all.map((d) => ({ ...d, rates: d.rates.map(({ explanation: _, ...cell }) => cell) }));
    return c.json({
      from: q.from,
      to: q.to,
      today,
      currency: business.currency,
      configured,
      manual_prices_enabled: config.occupancy_pricing?.manual_prices_enabled ?? true,
      categories: config.room_categories
        .filter((r) => !category || r.uuid === category)
        .map((r) => ({ uuid: r.uuid, name: r.name, room_count: r.room_count ?? null, min_price: r.min_price ?? null, max_price: r.max_price ?? null })),
      fluctuation_levels: config.fluctuation_levels.map((l) => ({ uuid: l.uuid, level: l.level, name: l.name, from_percentage: l.from_percentage, to_percentage: l.to_percentage })),
      sazonalities: config.seasonalities.map((s) => ({ uuid: s.uuid, title: s.title, color: s.color, is_reference: s.is_reference })),
      holidays: holidayList,
      days,
    });
  })

  // ---- days to update -----------------------------------------------------------------------
  .get("/businesses/:id/days-to-update", doc({ query: nightRangeQuerySchema, response: daysToUpdateAnswer }), requireBusiness(), async (c) => {
    requireCalendarReader(c);
    const range = parseWith(c as unknown as Context<ApiEnv>, nightRangeQuerySchema, { from: c.req.query("from") || undefined, to: c.req.query("to") || undefined });
    const answer = await daysToUpdate(c.var.deps.db, c.var.access.business.id, c.var.deps.now(), range);
    return c.json({ ...answer, data: answer.days });
  })

  .post("/businesses/:id/days-to-update/publish", doc({ body: publishSchema, response: publishAnswer }), requireBusiness("user.price-settings"), async (c) => {
    const input = await body(c, publishSchema);
    const { db, now } = c.var.deps;
    const business = c.var.access.business;
    const result = await db.transaction((tx) =>
      publishRates(tx as unknown as Database, business.id, { now: now(), userId: c.var.user.id, dates: "dates" in input ? input.dates : undefined }),
    );
    const left = await daysToUpdate(db, business.id, now());
    return c.json({ ...result, remaining: left.days.length });
  })

  // ---- occupation logs ----------------------------------------------------------------------
  .get("/businesses/:id/occupation-logs", doc({ query: occupationLogsQuery, response: occupationLogsAnswer }), requireBusiness(), async (c) => {
    requireCalendarReader(c);
    const { limit, ...range } = query(c, occupationLogsQuery);
    const q = parseWith(c as unknown as Context<ApiEnv>, nightRangeQuerySchema, { from: range.from || undefined, to: range.to || undefined });
    const business = c.var.access.business;
    const conditions = [eq(occupationLogs.businessId, business.id)];
    if (q.from) conditions.push(gte(occupationLogs.date, q.from));
    if (q.to) conditions.push(lte(occupationLogs.date, q.to));
    const rows = await c.var.deps.db
      .select({ log: occupationLogs, userName: users.name, userSurname: users.surname })
      .from(occupationLogs)
      .leftJoin(users, eq(users.id, occupationLogs.userId))
      .where(and(...conditions))
      .orderBy(desc(occupationLogs.createdAt), desc(occupationLogs.id))
      .limit(limit);
    return c.json({
      data: rows.map(({ log, userName, userSurname }) => ({
        id: log.id,
        date: log.date,
        kind: log.kind,
        room_category_uuid: log.roomCategoryId,
        room_category_name: log.roomCategoryName,
        from: log.fromValue,
        to: log.toValue,
        reason: log.reason,
        user: log.userId ? { uuid: log.userId, name: `${userName ?? ""} ${userSurname ?? ""}`.trim() } : null,
        created_at: log.createdAt.toISOString(),
      })),
    });
  })

  // ---- suggested seasonalities (spec: AI-generated) -----------------------------------------
  .get("/ai/content/:id/seasonalities", doc({ response: suggestionsAnswer }), requireBusiness("user.price-settings"), async (c) => {
    const data = await businessSuggestions(c.var.deps.db, c.var.access.business, { now: c.var.deps.now(), locale: c.var.locale, t: c.var.t });
    return c.json({ data });
  });

