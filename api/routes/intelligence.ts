import type { Context } from "hono";
import { Hono } from "hono";
import type { z } from "zod";
import { breakdownQuerySchema, exploreQuerySchema, goalsBodySchema, yearQuerySchema } from "#domain/schemas/metrics.ts";
import type { ApiEnv } from "#api/context.ts";
import { HttpError } from "#api/errors.ts";
import { requireBusiness, type BusinessEnv } from "#api/middleware/business.ts";
import { breakdown, comparisonPeriod, dashboard, explore, goalsBetween, goalsYear, monthly, saveGoals } from "#api/services/metrics/index.ts";
import { businessToday } from "#api/services/pricing/calendar.ts";
import { jsonBody, parseWith } from "#api/validate.ts";
import { remembered } from "#api/services/metrics/answer-cache.ts";
import { dataVersion } from "#api/services/data-version.ts";
import { docs } from "#api/openapi/describe.ts";
import { breakdownAnswer, dashboardAnswer, exploreAnswer, goalsWrittenAnswer, goalsYearAnswer, monthlyAnswer } from "#contract/metrics.ts";

const doc = docs("Intelligence");

type C = Context<BusinessEnv>;

const query = <S extends z.ZodType>(c: C, schema: S) => parseWith(c as unknown as Context<ApiEnv>, schema, c.req.query());
const today = (c: C) => businessToday(c.var.deps.now(), c.var.access.business.timezone);

const BI = "user.business-intelligence" as const;

/** A period from the query, this calendar year when left out. */
function periodOf(c: C, q: { from?: string; to?: string }) {
  const year = today(c).slice(0, 4);
  const from = q.from ?? (q.to ? `${q.to.slice(0, 4)}-01-01` : `${year}-01-01`);
  const to = q.to ?? `${from.slice(0, 4)}-12-31`;
  if (to < from) throw new HttpError(422, "api.invalid", { to: [c.var.t("intelligence:validation.rangeReversed")] });
  return { from, to };
}

/** Goals are read by whoever sees the dashboard or the intelligence pages, written only with user.business-intelligence. */
function canReadGoals(c: C) {
  const held = c.var.access.permissions;
  if (!held.includes("user.dashboard") && !held.includes(BI)) throw new HttpError(403, "api.missingPermission", undefined, { permission: BI });
}

/** Mounted under /api/v1 (signed-in callers only). docs/api/intelligence.md. */
export const intelligenceRoutes = new Hono<BusinessEnv>()
  .get("/businesses/:id/dashboard", doc({ response: dashboardAnswer }), requireBusiness("user.dashboard"), async (c) => {
    const { db, now } = c.var.deps;
    const business = c.var.access.business;
    // Remembered until the business's data changes, by whichever path or process, or 30 s (answer-cache.ts, ADR 0032).
    const at = now();
    const version = await dataVersion(db, business.id);
    const key = `dashboard:${business.id}:${business.timezone}:${business.currency}:${businessToday(at, business.timezone)}`;
    return c.json(await remembered(db, key, at, version, () => dashboard(db, business, at)));
  })

  .get("/businesses/:id/metrics/monthly", doc({ query: yearQuerySchema, response: monthlyAnswer }), requireBusiness(BI), async (c) => {
    const q = query(c, yearQuerySchema);
    return c.json(await monthly(c.var.deps.db, c.var.access.business, q.year ?? Number(today(c).slice(0, 4))));
  })

  .get("/businesses/:id/metrics/breakdown", doc({ query: breakdownQuerySchema, response: breakdownAnswer }), requireBusiness(BI), async (c) => {
    const q = query(c, breakdownQuerySchema);
    return c.json(await breakdown(c.var.deps.db, c.var.access.business, periodOf(c, q), q.dimension));
  })

  .get("/businesses/:id/metrics/explore", doc({ query: exploreQuerySchema, response: exploreAnswer }), requireBusiness(BI), async (c) => {
    const q = query(c, exploreQuerySchema);
    const period = periodOf(c, q);
    return c.json(await explore(c.var.deps.db, c.var.access.business, { metrics: q.metrics, dimension: q.dimension, period, compare: comparisonPeriod(q, period) }));
  })

  .get("/businesses/:id/goals", doc({ query: yearQuerySchema, response: goalsYearAnswer }), requireBusiness(), async (c) => {
    canReadGoals(c);
    const year = query(c, yearQuerySchema).year ?? Number(today(c).slice(0, 4));
    return c.json({
      year,
      today: today(c),
      currency: c.var.access.business.currency,
      editable: c.var.access.permissions.includes(BI),
      months: await goalsYear(c.var.deps.db, c.var.access.business, year),
    });
  })

  .put("/businesses/:id/goals", doc({ body: goalsBodySchema, response: goalsWrittenAnswer }), requireBusiness(BI), async (c) => {
    const body = await jsonBody(c as unknown as Context<ApiEnv>, goalsBodySchema);
    const { db, now } = c.var.deps;
    await saveGoals(db, c.var.access.business.id, body, c.var.user.id, now());
    const years = [...new Set(body.months.map((m) => m.month.slice(0, 4)))].sort();
    const goals = await goalsBetween(db, c.var.access.business.id, `${years[0]}-01`, `${years[years.length - 1]}-12`);
    return c.json({ months: body.months.map((m) => goals.get(m.month) ?? { month: m.month, revenue: null, occupancy: null, adr: null }) });
  });
