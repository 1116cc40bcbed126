import { Readable } from "node:stream";
import { stringify } from "csv-stringify";
import { Hono } from "hono";
import { z } from "zod";
import { columnValuesQuerySchema, dryRunSchema } from "#domain/imports/mapping.ts";
import { requireBusiness, type BusinessEnv } from "#api/middleware/business.ts";
import { docs } from "#api/openapi/describe.ts";
import { envelope } from "#contract/primitives.ts";
import { columnValuesAnswer, importAnswer, importDetailAnswer, presetAnswer } from "#contract/imports.ts";
import { columnValues, importDetailJson, listImportJson, problemRows } from "#api/services/imports/answers.ts";
import { dryRun, presetsOf } from "#api/services/imports/dry-run.ts";
import { queueImport } from "#api/services/imports/run.ts";
import { uploadImport } from "#api/services/imports/upload.ts";
import { body, bookingContext, idParam, query, type BC } from "./bookings-shared.ts";

const doc = docs("Imports");
const base = "/businesses/:id";
const settings = requireBusiness("user.pms-settings");
const importId = (c: BC) => idParam(c, "importId", "imports:api.notFound");


/**
 * Reservation imports from a booking file (docs/api/imports.md, issue #25), mounted under
 * /api/v1; user.pms-settings. Upload (multipart, streamed), preview, mapping and dry run, then
 * the run as a queue job whose progress the import's answer carries.
 */
export const importRoutes = new Hono<BusinessEnv>()
  .get(`${base}/imports`, doc({ response: envelope(z.array(importAnswer)) }), settings, async (c) => c.json({ data: await listImportJson(bookingContext(c)) }))
  .post(`${base}/imports`, doc({ form: true, status: 201, response: importDetailAnswer }), settings, async (c) => {
    const ctx = bookingContext(c);
    const id = await uploadImport(ctx.db, ctx.t, ctx.business.id, ctx.userId, c.req.raw);
    return c.json(await importDetailJson(ctx, id), 201);
  })
  .get(`${base}/import-presets`, doc({ response: envelope(z.array(presetAnswer)) }), settings, async (c) => c.json({ data: await presetsOf(bookingContext(c)) }))
  .get(`${base}/imports/:importId`, doc({ response: importDetailAnswer }), settings, async (c) => c.json(await importDetailJson(bookingContext(c), importId(c))))
  .get(`${base}/imports/:importId/values`, doc({ query: columnValuesQuerySchema, response: columnValuesAnswer }), settings, async (c) => {
    const ctx = bookingContext(c);
    const id = importId(c);
    return c.json({ data: await columnValues(ctx, id, query(c, columnValuesQuerySchema).column) });
  })
  .put(`${base}/imports/:importId/mapping`, doc({ body: dryRunSchema, response: importDetailAnswer }), settings, async (c) => {
    const ctx = bookingContext(c);
    const id = importId(c);
    await dryRun(ctx, id, await body(c, dryRunSchema));
    return c.json(await importDetailJson(ctx, id));
  })
  .post(`${base}/imports/:importId/run`, doc({ status: 202, response: importDetailAnswer }), settings, async (c) => {
    const ctx = bookingContext(c);
    const id = importId(c);
    await queueImport(ctx, id);
    return c.json(await importDetailJson(ctx, id), 202);
  })
  /** The skipped, doubtful and unplaced rows with their reasons; cells starting with = + - @ are escaped. */
  .get(`${base}/imports/:importId/problems.csv`, doc({ produces: "text/csv" }), settings, async (c) => {
    const ctx = bookingContext(c);
    const id = importId(c);
    const rows = problemRows(ctx, id);
    const header = (await rows.next()).value as string[];
    const reason = (codes: string) => codes.split(",").filter(Boolean).map((r) => ctx.t(`imports:reason.${r}`)).join("; ");
    const out = stringify({ bom: true, escape_formulas: true });
    out.write([ctx.t("imports:csv.line"), ctx.t("imports:csv.outcome"), ctx.t("imports:csv.reason"), ...header.slice(3)]);
    (async () => {
      for await (const row of rows) {
        const [line, outcome, codes, ...cells] = row;
        if (!out.write([line, outcome ? ctx.t(`imports:outcome.${outcome}`) : "", reason(codes ?? ""), ...cells])) await new Promise((r) => out.once("drain", r));
      }
      out.end();
    })().catch((error) => out.destroy(error));
    return new Response(Readable.toWeb(out) as ReadableStream, {
      headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="import-problems-${id.slice(0, 8)}.csv"` },
    });
  });
