import type { Context } from "hono";
import { Hono } from "hono";
import { and, eq } from "drizzle-orm";
import { parse } from "csv-parse/sync";
import { z } from "zod";
import { periodKpis, rowsOfTable, validateRateRow, weekdayProfile, weeklySummary } from "#domain/competitors/index.ts";
import { addDays, daysBetween } from "#domain/pricing/index.ts";
import { competitorSchema, DEFAULT_PERIOD_NIGHTS, MAX_MARKET_NIGHTS, MAX_RATES_PER_WRITE, marketQuerySchema, rateBatchSchema, rateImportSchema, type RateBatch } from "#domain/schemas/competitors.ts";
import { isUuid } from "#domain/text/sanitize.ts";
import type { ApiEnv } from "#api/context.ts";
import type { Database } from "#api/db/client.ts";
import { competitors } from "#api/db/schema/index.ts";
import { HttpError, notFound } from "#api/errors.ts";
import { requireBusiness, type BusinessEnv } from "#api/middleware/business.ts";
import { requireFeature, requirePlan } from "#api/middleware/plan.ts";
import { marketPeriod, nightJson, UnknownCategory, type MarketPeriod } from "#api/services/competitors/market.ts";
import { competitorJson, competitorOf, competitorsOf, competitorValues, foreignCompetitorIds, nameTaken, writeRates } from "#api/services/competitors/store.ts";
import { businessToday } from "#api/services/pricing/calendar.ts";
import { jsonBody, parseWith } from "#api/validate.ts";
import { docs } from "#api/openapi/describe.ts";
import { envelope } from "#contract/primitives.ts";
import { competitorAnswer, competitorRatesAnswer, marketAnalysisAnswer, ratesImportedAnswer, ratesWrittenAnswer } from "#contract/competitors.ts";

const doc = docs("Competitors");

type C = Context<BusinessEnv>;

const body = <S extends z.ZodType>(c: C, schema: S) => jsonBody(c as unknown as Context<ApiEnv>, schema);
const query = <S extends z.ZodType>(c: C, schema: S) => parseWith(c as unknown as Context<ApiEnv>, schema, c.req.query());

const PERMISSION = "user.competitor-analysis" as const;
/** Rate shopper calls: the permission on the business, then the account feature. */
const rateShopper = [requireBusiness(PERMISSION), requireFeature("competitors")] as const;
/** Market analysis: the permission, then the business's add-on. */
const marketAnalysis = [requireBusiness(PERMISSION), requirePlan("competitorAnalysis")] as const;

function competitorIdParam(c: C): string {
  const id = c.req.param("competitorId") ?? "";
  if (!isUuid(id)) throw notFound("api.competitors.notFound");
  return id.toLowerCase();
}

async function ensureNameFree(c: C, name: string, exceptId?: string) {
  if (await nameTaken(c.var.deps.db, c.var.access.business.id, name, exceptId)) {
    throw new HttpError(422, "api.invalid", { name: [c.var.t("api.competitors.nameTaken")] });
  }
}

/** The period of a market query, at most a year; 422 beside `to` when longer, beside `category` when not ours. */
async function period(c: C) {
  const q = query(c, marketQuerySchema);
  const business = c.var.access.business;
  const today = businessToday(c.var.deps.now(), business.timezone);
  const from = q.from ?? today;
  const to = q.to ?? addDays(from, (q.days ?? DEFAULT_PERIOD_NIGHTS) - 1);
  if (to < from) throw new HttpError(422, "api.invalid", { to: [c.var.t("competitors:validation.rangeReversed")] });
  if (daysBetween(from, to) + 1 > MAX_MARKET_NIGHTS) {
    throw new HttpError(422, "api.invalid", { to: [c.var.t("api.competitors.rangeTooLong", { max: MAX_MARKET_NIGHTS })] });
  }
  try {
    return await marketPeriod(c.var.deps.db, business, { from, to, category: q.category, today });
  } catch (error) {
    if (error instanceof UnknownCategory) throw new HttpError(422, "api.invalid", { category: [c.var.t("api.competitors.unknownCategory")] });
    throw error;
  }
}

/** What both period answers start with: the period, the business's currency and the category compared. */
function periodJson(c: C, p: MarketPeriod) {
  return { from: p.from, to: p.to, today: p.today, currency: c.var.access.business.currency, configured: p.configured, category: p.category, categories: p.categories };
}

/** Writes a batch in one transaction after checking that every competitor is the business's. */
async function saveBatch(c: C, rates: RateBatch["rates"], source: "manual" | "csv", errorPath: (index: number) => string) {
  const { db, now } = c.var.deps;
  const businessId = c.var.access.business.id;
  const foreign = await foreignCompetitorIds(db, businessId, rates.map((r) => r.competitor_id));
  if (foreign.size) {
    const errors: Record<string, string[]> = {};
    rates.forEach((r, i) => {
      if (foreign.has(r.competitor_id.toLowerCase())) errors[errorPath(i)] = [c.var.t("api.competitors.unknownCompetitor")];
    });
    throw new HttpError(422, "api.invalid", errors);
  }
  return db.transaction((tx) => writeRates(tx as unknown as Database, businessId, rates, { source, userId: c.var.user.id, at: now() }));
}

/** Mounted under /api/v1 (signed-in callers only). */
export const competitorRoutes = new Hono<BusinessEnv>()
  // ---- rates (registered before /competitors/:competitorId) -----------------------------------
  .get("/businesses/:id/competitors/rates", doc({ query: marketQuerySchema, response: competitorRatesAnswer }), ...rateShopper, async (c) => {
    const p = await period(c);
    return c.json({ ...periodJson(c, p), competitors: p.competitors, nights: p.nights.map(nightJson) });
  })

  .put("/businesses/:id/competitors/rates", doc({ body: rateBatchSchema, response: ratesWrittenAnswer }), ...rateShopper, async (c) => {
    const input = await body(c, rateBatchSchema);
    const result = await saveBatch(c, input.rates, "manual", (i) => `rates.${i}.competitor_id`);
    return c.json(result);
  })

  .post("/businesses/:id/competitors/rates/import", doc({ body: rateImportSchema, response: ratesImportedAnswer }), ...rateShopper, async (c) => {
    const input = await body(c, rateImportSchema);
    const t = c.var.t;
    const firstLine = input.csv.split(/\r?\n/, 1)[0] ?? "";
    const delimiter = [";", "\t", ","].reduce((best, d) => (firstLine.split(d).length > firstLine.split(best).length ? d : best), ",");
    let table: string[][];
    try {
      table = parse(input.csv, { delimiter, bom: true, trim: true, skip_empty_lines: true, relax_column_count: true, relax_quotes: true });
    } catch (error) {
      throw new HttpError(422, "api.invalid", { csv: [t("api.competitors.csvUnreadable", { error: (error as Error).message })] });
    }
    const rows = rowsOfTable(table);
    if (rows.length === 0) throw new HttpError(422, "api.invalid", { csv: [t("api.competitors.csvEmpty")] });
    if (rows.length > MAX_RATES_PER_WRITE) throw new HttpError(422, "api.invalid", { csv: [t("api.competitors.csvTooLong", { max: MAX_RATES_PER_WRITE })] });
    const known = (await competitorsOf(c.var.deps.db, c.var.access.business.id)).map((k) => ({ id: k.id, name: k.name }));
    const rates: RateBatch["rates"] = [];
    const errors: Record<string, string[]> = {};
    for (const row of rows) {
      const checked = validateRateRow(row, known);
      if (checked.ok) {
        rates.push({ competitor_id: checked.row.competitorId, date: checked.row.date, rate: checked.row.rate });
        continue;
      }
      errors[`csv.${row.line}`] = checked.errors.map((e) =>
        t("api.competitors.csvLine", { line: row.line, field: t(`api.competitors.column.${e.field}`), error: t(e.message, { ns: "validation", defaultValue: e.message }) }),
      );
    }
    // All or nothing: one bad line and nothing is written.
    if (Object.keys(errors).length) throw new HttpError(422, "api.competitors.csvRejected", errors, { count: Object.keys(errors).length });
    const result = await saveBatch(c, rates, "csv", () => "csv");
    return c.json({ imported: result.saved, lines: rows.length });
  })

  // ---- the competitive set ---------------------------------------------------------------------
  .get("/businesses/:id/competitors", doc({ response: envelope(z.array(competitorAnswer)) }), ...rateShopper, async (c) => {
    const rows = await competitorsOf(c.var.deps.db, c.var.access.business.id);
    return c.json({ data: rows.map(competitorJson) });
  })

  .post("/businesses/:id/competitors", doc({ body: competitorSchema, status: 201, response: envelope(competitorAnswer) }), ...rateShopper, async (c) => {
    const input = await body(c, competitorSchema);
    await ensureNameFree(c, input.name);
    const [row] = await c.var.deps.db
      .insert(competitors)
      .values({ businessId: c.var.access.business.id, ...competitorValues(input) })
      .returning();
    return c.json({ data: competitorJson(row) }, 201);
  })

  .put("/businesses/:id/competitors/:competitorId", doc({ body: competitorSchema, response: envelope(competitorAnswer) }), ...rateShopper, async (c) => {
    const id = competitorIdParam(c);
    const { db, now } = c.var.deps;
    const businessId = c.var.access.business.id;
    if (!(await competitorOf(db, businessId, id))) throw notFound("api.competitors.notFound");
    const input = await body(c, competitorSchema);
    await ensureNameFree(c, input.name, id);
    const [row] = await db
      .update(competitors)
      .set({ ...competitorValues(input), updatedAt: now() })
      .where(and(eq(competitors.id, id), eq(competitors.businessId, businessId)))
      .returning();
    return c.json({ data: competitorJson(row) });
  })

  .delete("/businesses/:id/competitors/:competitorId", doc({ status: 204 }), ...rateShopper, async (c) => {
    const id = competitorIdParam(c);
    const businessId = c.var.access.business.id;
    // Its rates go with it (on delete cascade).
    const deleted = await c.var.deps.db
      .delete(competitors)
      .where(and(eq(competitors.id, id), eq(competitors.businessId, businessId)))
      .returning({ id: competitors.id });
    if (!deleted.length) throw notFound("api.competitors.notFound");
    return c.body(null, 204);
  })

  // ---- market analysis -------------------------------------------------------------------------
  .get("/businesses/:id/market-analysis", doc({ query: marketQuerySchema, response: marketAnalysisAnswer }), ...marketAnalysis, async (c) => {
    const p = await period(c);
    return c.json({
      ...periodJson(c, p),
      competitors_count: p.competitors.filter((k) => k.active).length,
      kpis: snake(periodKpis(p.nights)),
      nights: p.nights.map(nightJson),
      weekdays: weekdayProfile(p.nights).map(snake),
      weeks: weeklySummary(p.nights).map(snake),
    });
  });

/** camelCase keys → the API's snake_case. */
function snake<T extends object>(o: T): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k.replace(/[A-Z]/g, (m) => `_${m.toLowerCase()}`), v]));
}
