import type { Context } from "hono";
import { Hono } from "hono";
import { stayKpis } from "#domain/metrics/index.ts";
import { resolvePeriod } from "#domain/reports/period.ts";
import { exploreQuerySchema } from "#domain/schemas/metrics.ts";
import { EXPORT_FORMATS, EXPORT_KINDS, exportQuerySchema, isExportFormat, isExportKind, MAX_EXPORT_DAYS, MAX_REPORT_DAYS, periodQuerySchema, type ExportKind } from "#domain/schemas/reports.ts";
import type { ApiEnv } from "#api/context.ts";
import { HttpError, notFound } from "#api/errors.ts";
import { requireBusiness, type BusinessEnv } from "#api/middleware/business.ts";
import { exportSheet, type ExportScope } from "#api/services/exports/sheets.ts";
import { comparisonPeriod } from "#api/services/metrics/analysis.ts";
import { roomsAndBlocks } from "#api/services/metrics/on-the-books.ts";
import { CONTENT_TYPES, exportStream } from "#api/services/exports/writers.ts";
import { businessToday } from "#api/services/pricing/calendar.ts";
import { commissionReport } from "#api/services/reports/commissions.ts";
import { financialReport } from "#api/services/reports/financial.ts";
import { evaluateRewards } from "#api/services/reports/rewards.ts";
import { parseWith } from "#api/validate.ts";
import { unitTotals } from "#api/services/metrics/units.ts";
import { businessTypes } from "#api/db/schema/index.ts";
import { eq } from "drizzle-orm";
import { docs } from "#api/openapi/describe.ts";
import { commissionsAnswer, exportsAnswer, financialAnswer, hostUnitsAnswer, reportsSummaryAnswer, rewardsAnswer } from "#contract/reports.ts";

const doc = docs("Reports");

type C = Context<BusinessEnv>;

const PERMISSION = "user.business-intelligence" as const;

/** The business's today and the asked period (defaults: the twelve months ending this month); 422 beside `to` when reversed or too long. */
export function periodOf(c: C, maxDays = MAX_REPORT_DAYS) {
  const q = parseWith(c as unknown as Context<ApiEnv>, periodQuerySchema, c.req.query());
  const business = c.var.access.business;
  const today = businessToday(c.var.deps.now(), business.timezone);
  const period = resolvePeriod(q, today, maxDays);
  if ("problem" in period) {
    const message = period.problem === "reversed" ? c.var.t("reports:validation.reversed") : c.var.t("reports:validation.tooLong", { days: maxDays });
    throw new HttpError(422, "api.invalid", { to: [message] });
  }
  return { ...period, today, currency: business.currency, timezone: business.timezone };
}

/** Mounted under /api/v1 (signed-in callers only). */
export const reportRoutes = new Hono<BusinessEnv>()
  .get("/businesses/:id/reports", doc({ query: periodQuerySchema, response: reportsSummaryAnswer }), requireBusiness(PERMISSION), async (c) => {
    const p = periodOf(c);
    const [financial, commissions] = await Promise.all([
      financialReport(c.var.deps.db, c.var.access.business.id, p),
      commissionReport(c.var.deps.db, c.var.access.business.id, p.from, p.to),
    ]);
    return c.json({
      ...p,
      reports: [
        { kind: "financial", gross_revenue: financial.totals.gross_revenue, net_revenue: financial.totals.net_revenue, room_nights: financial.totals.room_nights },
        { kind: "commissions", commission: commissions.totals.commission, effective_percent: commissions.totals.effective_percent, top_channel: commissions.channels[0]?.channel ?? null },
      ],
    });
  })

  .get("/businesses/:id/reports/financial", doc({ query: periodQuerySchema, response: financialAnswer }), requireBusiness(PERMISSION), async (c) => {
    const p = periodOf(c);
    return c.json({ ...p, ...(await financialReport(c.var.deps.db, c.var.access.business.id, p)) });
  })

  .get("/businesses/:id/reports/commissions", doc({ query: periodQuerySchema, response: commissionsAnswer }), requireBusiness(PERMISSION), async (c) => {
    const p = periodOf(c);
    return c.json({ ...p, ...(await commissionReport(c.var.deps.db, c.var.access.business.id, p.from, p.to)) });
  })

  /** What the export centre offers this caller for the period (checked as the files will be). */
  .get("/businesses/:id/exports", doc({ query: periodQuerySchema, response: exportsAnswer(EXPORT_KINDS, EXPORT_FORMATS) }), requireBusiness(PERMISSION), (c) => {
    const p = periodOf(c, MAX_EXPORT_DAYS);
    const kinds = EXPORT_KINDS.filter((k) => k !== "reservations" || c.var.access.permissions.includes("user.reservations"));
    return c.json({ ...p, kinds, formats: EXPORT_FORMATS });
  })

  /** `{kind}.{csv|xlsx}`: the file streams as it is read from the database. */
  .get("/businesses/:id/exports/:file", doc({ query: exportQuerySchema, produces: "application/octet-stream" }), requireBusiness(PERMISSION), async (c) => {
    const match = /^([a-z-]+)\.([a-z]+)$/.exec(c.req.param("file"));
    const kind = match?.[1];
    const format = match?.[2];
    if (!isExportKind(kind) || !isExportFormat(format)) throw notFound("reports:export.unknown");
    // Guests' names and contacts go out only to who may read the reservations.
    if (kind === "reservations" && !c.var.access.permissions.includes("user.reservations")) {
      throw new HttpError(403, "api.missingPermission", undefined, { permission: "user.reservations" });
    }
    const p = periodOf(c, MAX_EXPORT_DAYS);
    const sheet = exportSheet(kind, {
      db: c.var.deps.db,
      businessId: c.var.access.business.id,
      timezone: p.timezone,
      locale: c.var.locale,
      from: p.from,
      to: p.to,
      today: p.today,
      currency: p.currency,
      t: c.var.t,
      ...(await questionOf(c, kind, p)),
    });
    return c.body(exportStream(sheet, format), 200, {
      "Content-Type": CONTENT_TYPES[format],
      "Content-Disposition": `attachment; filename="${kind}-${p.from}-${p.to}.${format}"`,
      "Cache-Control": "private, no-store",
    });
  })

  /** Evaluates first (cheap and idempotent), so the page is never a day behind the daily job. */
  .get("/businesses/:id/rewards", doc({ response: rewardsAnswer }), requireBusiness(PERMISSION), async (c) => {
    const business = c.var.access.business;
    const now = c.var.deps.now();
    const today = businessToday(now, business.timezone);
    const result = await evaluateRewards(c.var.deps.db, business.id, today, now);
    return c.json({
      today,
      timezone: business.timezone,
      currency: business.currency,
      earned: result.earned.map((r) => ({ uuid: r.id, kind: r.kind, period: r.period, evidence: r.evidence, earned_at: r.earnedAt.toISOString() })),
      progress: result.progress,
    });
  })

  /** The host's view: each unit's performance, and whether the business is a short-term rental at all. */
  .get("/businesses/:id/hosts/units", doc({ query: periodQuerySchema, response: hostUnitsAnswer }), requireBusiness(PERMISSION), async (c) => {
    const p = periodOf(c);
    const business = c.var.access.business;
    const db = c.var.deps.db;
    const [type] = business.businessTypeId ? await db.select({ isBnb: businessTypes.isBnb }).from(businessTypes).where(eq(businessTypes.id, business.businessTypeId)) : [];
    const { units, unassigned } = await unitTotals(db, business.id, p.from, p.to);
    return c.json({
      ...p,
      is_bnb: type?.isBnb ?? false,
      units: units.map((u) => ({
        room_uuid: u.roomId,
        number: u.number,
        room_category: { uuid: u.categoryId, name: u.categoryName },
        ...stayJson(u),
      })),
      unassigned: { room_nights_sold: unassigned.roomNightsSold, room_revenue: unassigned.roomRevenue },
    });
  });

/** A unit's figures through the metrics definitions (ADR and RevPAR rounded to the cent on the wire). */
function stayJson(t: { roomsAvailable: number; roomNightsSold: number; roomRevenue: number }) {
  const k = stayKpis({ roomsAvailable: t.roomsAvailable, roomNightsSold: t.roomNightsSold, roomRevenue: t.roomRevenue, extrasRevenue: 0, commission: 0 });
  const cents = (v: number | null) => (v === null ? null : Math.round(v));
  return { rooms_available: t.roomsAvailable, room_nights_sold: k.roomNightsSold, room_revenue: k.roomRevenue, occupancy: k.occupancy, adr: cents(k.adr), revpar: cents(k.revpar) };
}

/**
 * What a kind reads besides the period, checked before the first byte (a bad question is a 422
 * beside its parameter, never half a file): the forecast and its room category; the explorer's
 * question, validated as GET /metrics/explore validates it (its period is the export's).
 */
async function questionOf(c: C, kind: ExportKind, p: ReturnType<typeof periodOf>): Promise<Pick<ExportScope, "forecast" | "question">> {
  const query = parseWith(c as unknown as Context<ApiEnv>, exportQuerySchema, c.req.query());
  const business = c.var.access.business;
  if (kind === "forecast") {
    const { categories } = await roomsAndBlocks(c.var.deps.db, { businessId: business.id, timezone: business.timezone, from: p.today, to: p.today });
    const category = query.category ? categories.find((k) => k.id === query.category!.toLowerCase()) : null;
    if (category === undefined) throw new HttpError(422, "api.invalid", { category: [c.var.t("tracking:api.unknownCategory")] });
    return { forecast: { category } };
  }
  if (kind === "explorer") {
    const q = parseWith(c as unknown as Context<ApiEnv>, exploreQuerySchema, { ...c.req.query(), from: p.from, to: p.to });
    return { question: { business, metrics: q.metrics, dimension: q.dimension, compare: comparisonPeriod(q, p) } };
  }
  return {};
}
