import { Hono } from "hono";
import { icalFeedSchema, icalImportSchema } from "#domain/schemas/ledger.ts";
import type { ApiEnv } from "#api/context.ts";
import { requireBusiness, type BusinessEnv } from "#api/middleware/business.ts";
import { createFeed, deleteFeed, feedCalendar, getFeed, listFeeds, regenerateFeed } from "#api/services/ledger/ical-feeds.ts";
import { createImport, deleteImport, getImport, listImports, requestPolls, updateImport } from "#api/services/ledger/ical-imports.ts";
import { notFound } from "#api/errors.ts";
import { body, bookingContext, idParam, type BC } from "./bookings-shared.ts";
import { docs } from "#api/openapi/describe.ts";
import { z } from "zod";
import { envelope } from "#contract/primitives.ts";
import { feedWritten, icalFeedAnswer, icalImportAnswer, icalPollAllAnswer, icalPollOneAnswer, importWritten } from "#contract/ledger.ts";


const doc = docs("iCalendar");

const base = "/businesses/:id";
const settings = requireBusiness("user.pms-settings");
const feedId = (c: BC) => idParam(c, "feedId", "ledger:api.feedNotFound");
const importId = (c: BC) => idParam(c, "importId", "ledger:api.importNotFound");
const appUrl = (c: BC) => c.var.deps.config.APP_URL;

/**
 * iCal export feeds and imports (docs/api/ledger.md, ADR 0017), mounted under /api/v1;
 * user.pms-settings. Polling answers what each import did; a bad calendar is a recorded sync
 * error on the import (200), never a 5xx.
 */
export const icalRoutes = new Hono<BusinessEnv>()
  .get(`${base}/ical-feeds`, doc({ response: envelope(z.array(icalFeedAnswer)) }), settings, async (c) => c.json({ data: await listFeeds(bookingContext(c), appUrl(c)) }))
  .post(`${base}/ical-feeds`, doc({ body: icalFeedSchema, status: 201, response: feedWritten }), settings, async (c) => {
    const ctx = bookingContext(c);
    const id = await createFeed(ctx, await body(c, icalFeedSchema));
    return c.json({ ical_feed: await getFeed(ctx, id, appUrl(c)) }, 201);
  })
  .post(`${base}/ical-feeds/:feedId/regenerate`, doc({ response: feedWritten }), settings, async (c) => {
    const ctx = bookingContext(c);
    const id = feedId(c);
    await regenerateFeed(ctx, id);
    return c.json({ ical_feed: await getFeed(ctx, id, appUrl(c)) });
  })
  .delete(`${base}/ical-feeds/:feedId`, doc({ status: 204 }), settings, async (c) => {
    await deleteFeed(bookingContext(c), feedId(c));
    return c.body(null, 204);
  })

  .get(`${base}/ical-imports`, doc({ response: envelope(z.array(icalImportAnswer)) }), settings, async (c) => c.json({ data: await listImports(bookingContext(c)) }))
  .post(`${base}/ical-imports`, doc({ body: icalImportSchema, status: 201, response: importWritten }), settings, async (c) => {
    const ctx = bookingContext(c);
    const id = await createImport(ctx, await body(c, icalImportSchema));
    return c.json({ ical_import: await getImport(ctx, id) }, 201);
  })
  .put(`${base}/ical-imports/:importId`, doc({ body: icalImportSchema, response: importWritten }), settings, async (c) => {
    const ctx = bookingContext(c);
    const id = importId(c);
    await updateImport(ctx, id, await body(c, icalImportSchema));
    return c.json({ ical_import: await getImport(ctx, id) });
  })
  .delete(`${base}/ical-imports/:importId`, doc({ status: 204 }), settings, async (c) => {
    await deleteImport(bookingContext(c), importId(c));
    return c.body(null, 204);
  })
  /** Asks for a check of every active import now: queued (202); each shows `checking` until its job ends. */
  .post(`${base}/ical-imports/poll`, doc({ status: 202, response: icalPollAllAnswer }), settings, async (c) => {
    const ctx = bookingContext(c);
    const queued = await requestPolls(ctx);
    return c.json({ queued, ical_imports: await listImports(ctx) }, 202);
  })
  /** Asks for a check of one import now; `queued` is false when one already waits or runs. */
  .post(`${base}/ical-imports/:importId/poll`, doc({ status: 202, response: icalPollOneAnswer }), settings, async (c) => {
    const ctx = bookingContext(c);
    const id = importId(c);
    const queued = await requestPolls(ctx, id);
    return c.json({ queued: queued.length > 0, ical_import: await getImport(ctx, id) }, 202);
  });

/**
 * The public feed address (no sign-in), mounted under /api: GET /public/ical/{token}.ics. An
 * unknown or revoked token is a 404 like any missing page.
 */
export const publicIcalRoutes = new Hono<ApiEnv>().get("/public/ical/:file", doc({ produces: "text/calendar" }), async (c) => {
  const text = await feedCalendar(c.var.deps.db, c.req.param("file"), c.var.t, c.var.deps.now());
  if (text === null) throw notFound();
  return c.body(text, 200, { "Content-Type": "text/calendar; charset=utf-8", "Cache-Control": "private, max-age=300" });
});
