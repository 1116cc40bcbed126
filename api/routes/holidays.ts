import type { Context } from "hono";
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { and, asc, eq, gte, inArray, isNull, lte } from "drizzle-orm";
import { z } from "zod";
import { permissionsFor } from "#domain/access/permissions.ts";
import { holidayBulkDeleteSchema, holidayCsvSchema, holidayImportSchema, holidayListQuerySchema, holidaySchema } from "#domain/schemas/pricing.ts";
import { isUuid } from "#domain/text/sanitize.ts";
import type { ApiEnv } from "#api/context.ts";
import { holidays } from "#api/db/schema/index.ts";
import { conflict, HttpError, notFound } from "#api/errors.ts";
import type { AuthedEnv } from "#api/middleware/auth.ts";
import { holidayName } from "#api/services/pricing/calendar.ts";
import { importPackageHolidays, insertHolidays, knownPlace, namesOf, parseHolidayCsv } from "#api/services/pricing/holidays.ts";
import { jsonBody } from "#api/validate.ts";
import { docs } from "#api/openapi/describe.ts";
import { holidayEnvelope, holidayListAnswer, holidaysDeletedAnswer, holidaysImportedAnswer, type AdminHolidayJson } from "#contract/holidays.ts";

const doc = docs("Admin: holidays");

type C = Context<AuthedEnv>;
const body = <S extends z.ZodType>(c: C, schema: S) => jsonBody(c as unknown as Context<ApiEnv>, schema);

/**
 * Holidays are product-wide data that change every hotel's calendar and suggestions, so managing
 * them needs `admin.businesses` (the spec lists holidays among the admin-only areas and names no
 * permission of their own).
 */
export const HOLIDAYS_PERMISSION = "admin.businesses" as const;

const requireHolidayAdmin = createMiddleware<AuthedEnv>(async (c, next) => {
  const held = permissionsFor({ roles: c.var.user.roles, grantedOnBusiness: [], isOwnerOfBusiness: false });
  if (!held.includes(HOLIDAYS_PERMISSION)) throw new HttpError(403, "api.missingPermission", undefined, { permission: HOLIDAYS_PERMISSION });
  await next();
});

function holidayJson(h: typeof holidays.$inferSelect, locale: string): AdminHolidayJson {
  return {
    uuid: h.id,
    country: h.country,
    state: h.state,
    date: h.date,
    name: holidayName(h.name, locale),
    names: h.name,
    source: h.source,
    created_at: h.createdAt.toISOString(),
    updated_at: h.updatedAt.toISOString(),
  };
}

function idParam(c: C): string {
  const id = c.req.param("holidayId") ?? "";
  if (!isUuid(id)) throw notFound();
  return id.toLowerCase();
}

const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
};

/** Mounted under /api/v1 (signed-in callers only). */
export const holidayRoutes = new Hono<AuthedEnv>()
  .use("/admin/holidays", requireHolidayAdmin)
  .use("/admin/holidays/*", requireHolidayAdmin)

  .get("/admin/holidays", doc({ query: holidayListQuerySchema, response: holidayListAnswer }), async (c) => {
    const year = Number(c.req.query("year")) || null;
    const country = (c.req.query("country") ?? "").trim().toUpperCase();
    const state = (c.req.query("state") ?? "").trim().toUpperCase();
    const conditions = [];
    if (year && year >= 1970 && year <= 2100) {
      conditions.push(gte(holidays.date, `${year}-01-01`), lte(holidays.date, `${year}-12-31`));
    }
    if (/^[A-Z]{2}$/.test(country)) conditions.push(eq(holidays.country, country));
    if (state === "-") conditions.push(isNull(holidays.state));
    else if (/^[A-Z0-9]{1,3}$/.test(state)) conditions.push(eq(holidays.state, state));
    const rows = await c.var.deps.db
      .select()
      .from(holidays)
      .where(conditions.length ? and(...conditions) : undefined)
      .orderBy(asc(holidays.date), asc(holidays.country), asc(holidays.state))
      .limit(2000);
    return c.json({ data: rows.map((h) => holidayJson(h, c.var.locale)) });
  })

  .get("/admin/holidays/:holidayId", doc({ response: holidayEnvelope }), async (c) => {
    const id = idParam(c);
    const [row] = await c.var.deps.db.select().from(holidays).where(eq(holidays.id, id));
    if (!row) throw notFound();
    return c.json({ holiday: holidayJson(row, c.var.locale) });
  })

  .post("/admin/holidays", doc({ body: holidaySchema, status: 201, response: holidayEnvelope }), async (c) => {
    const input = await body(c, holidaySchema);
    const at = c.var.deps.now();
    try {
      const [row] = await c.var.deps.db
        .insert(holidays)
        .values({ country: input.country, state: input.state, date: input.date, name: namesOf(input.name), source: "manual", createdAt: at, updatedAt: at })
        .returning();
      return c.json({ holiday: holidayJson(row, c.var.locale) }, 201);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict("pricing:holiday.duplicate");
      throw error;
    }
  })

  .put("/admin/holidays/:holidayId", doc({ body: holidaySchema, response: holidayEnvelope }), async (c) => {
    const id = idParam(c);
    const input = await body(c, holidaySchema);
    try {
      const [row] = await c.var.deps.db
        .update(holidays)
        .set({ country: input.country, state: input.state, date: input.date, name: namesOf(input.name), updatedAt: c.var.deps.now() })
        .where(eq(holidays.id, id))
        .returning();
      if (!row) throw notFound();
      return c.json({ holiday: holidayJson(row, c.var.locale) });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict("pricing:holiday.duplicate");
      throw error;
    }
  })

  .delete("/admin/holidays/:holidayId", doc({ response: holidaysDeletedAnswer }), async (c) => {
    const id = idParam(c);
    const deleted = await c.var.deps.db.delete(holidays).where(eq(holidays.id, id)).returning({ id: holidays.id });
    if (!deleted.length) throw notFound();
    return c.json({ deleted: 1 });
  })

  .post("/admin/holidays/import", doc({ body: holidayImportSchema, response: holidaysImportedAnswer }), async (c) => {
    const input = await body(c, holidayImportSchema);
    if (!(await knownPlace(input.country, input.state))) {
      throw new HttpError(422, "api.invalid", { [input.state ? "state" : "country"]: [c.var.t("holiday.unknownPlace", { ns: "pricing" })] });
    }
    const result = await c.var.deps.db.transaction((tx) => importPackageHolidays(tx as never, input.country, input.state, input.year, c.var.deps.now()));
    return c.json(result satisfies z.infer<typeof holidaysImportedAnswer>);
  })

  .post("/admin/holidays/import-csv", doc({ body: holidayCsvSchema, response: holidaysImportedAnswer }), async (c) => {
    const input = await body(c, holidayCsvSchema);
    const { rows, problems } = parseHolidayCsv(input.csv, input.country);
    if (problems.length) {
      const errors: Record<string, string[]> = {};
      for (const p of problems) errors[`csv.${p.line}`] = p.errors.map((e) => c.var.t("holiday.csvLine", { ns: "pricing", line: p.line, error: c.var.t(e.replace(/^[^:]*: /, ""), { ns: "validation", defaultValue: e }) }));
      throw new HttpError(422, "api.invalid", errors);
    }
    const at = c.var.deps.now();
    const imported = await c.var.deps.db.transaction((tx) => insertHolidays(tx as never, rows.map((r) => ({ ...r, createdAt: at, updatedAt: at }))));
    return c.json({ imported, skipped: rows.length - imported });
  })

  .post("/admin/holidays/bulk-delete", doc({ body: holidayBulkDeleteSchema, response: holidaysDeletedAnswer }), async (c) => {
    const input = await body(c, holidayBulkDeleteSchema);
    const deleted = await c.var.deps.db
      .delete(holidays)
      .where(inArray(holidays.id, input.ids.map((id) => id.toLowerCase())))
      .returning({ id: holidays.id });
    return c.json({ deleted: deleted.length });
  });
