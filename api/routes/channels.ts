import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { channexConnectSchema, pushStatusQuerySchema } from "#domain/schemas/channels.ts";
import { isUuid } from "#domain/text/sanitize.ts";
import { businesses } from "#api/db/schema/index.ts";
import { notFound } from "#api/errors.ts";
import type { AuthedEnv } from "#api/middleware/auth.ts";
import { requireBusiness, requireCalendarReader } from "#api/middleware/business.ts";
import { connectChannex, connectionJson, disconnectChannex, requestResync } from "#api/services/channels/connections.ts";
import { distributionChange, distributionReads } from "#api/services/distribution/activity.ts";
import { userActor } from "#api/services/activity/record.ts";
import { pushStatus } from "#api/services/channels/status.ts";
import { body, parse, requireAdminPermission } from "./businesses-shared.ts";
import { docs } from "#api/openapi/describe.ts";
import { envelope } from "#contract/primitives.ts";
import { attentionAnswer, connectionAnswer, pushStatusAnswer } from "#contract/channels.ts";
import { bookingsNeedingAttention, resolveAttention } from "#api/services/channels/attention.ts";

const doc = docs("Channel manager");

/**
 * Channels (docs/api/channels.md): the Channex connection of a business, for administrators
 * (admin.businesses), and each night's push status for the business's own team.
 */
export const channelRoutes = new Hono<AuthedEnv>()
  .use("/admin/businesses/:id/channex", requireAdminPermission("admin.businesses"))
  .use("/admin/businesses/:id/channex/*", requireAdminPermission("admin.businesses"))

  .get("/admin/businesses/:id/channex", doc({ response: envelope(connectionAnswer) }), async (c) => {
    const id = await existingBusiness(c.var.deps.db, c.req.param("id"));
    return c.json({ data: await connectionJson(c.var.deps.db, id) });
  })

  .put("/admin/businesses/:id/channex", doc({ body: channexConnectSchema, response: envelope(connectionAnswer) }), async (c) => {
    const { db, now } = c.var.deps;
    const id = await existingBusiness(db, c.req.param("id"));
    const input = await body(c, channexConnectSchema);
    await distributionChange(db, { businessId: id, actor: userActor(c.var.user.id), entityId: id, read: distributionReads(id).channex }, (tx) => connectChannex(tx, c.var.t, id, input, now()));
    return c.json({ data: await connectionJson(db, id) });
  })

  .post("/admin/businesses/:id/channex/resync", doc({ status: 202, response: envelope(connectionAnswer) }), async (c) => {
    const { db, now } = c.var.deps;
    const id = await existingBusiness(db, c.req.param("id"));
    await requestResync(db, id, now());
    return c.json({ data: await connectionJson(db, id) }, 202);
  })

  .delete("/admin/businesses/:id/channex", doc({ status: 204 }), async (c) => {
    const { db } = c.var.deps;
    const id = await existingBusiness(db, c.req.param("id"));
    await distributionChange(db, { businessId: id, actor: userActor(c.var.user.id), entityId: id, read: distributionReads(id).channex }, (tx) => disconnectChannex(tx, id));
    return c.body(null, 204);
  })

  .get("/businesses/:id/channel-push-status", doc({ query: pushStatusQuerySchema, response: pushStatusAnswer }), requireBusiness(), async (c) => {
    requireCalendarReader(c);
    const q = parse(c, pushStatusQuerySchema, c.req.query());
    return c.json(await pushStatus(c.var.deps.db, c.var.access.business.id, c.var.deps.now(), q));
  })

  .get("/businesses/:id/channel-bookings-needing-attention", doc({ response: envelope(z.array(attentionAnswer)) }), requireBusiness("user.reservations"), async (c) =>
    c.json({ data: await bookingsNeedingAttention(c.var.deps.db, c.var.access.business.id) }),
  )

  .post("/businesses/:id/channel-bookings-needing-attention/:revisionId/resolve", doc({ status: 204 }), requireBusiness("user.reservations"), async (c) => {
    await resolveAttention(c.var.deps.db, c.var.access.business.id, c.req.param("revisionId"), c.var.deps.now());
    return c.body(null, 204);
  });

async function existingBusiness(db: import("#api/db/client.ts").Database, id: string): Promise<string> {
  if (!isUuid(id)) throw notFound("api.businessNotFound");
  const [row] = await db.select({ id: businesses.id }).from(businesses).where(eq(businesses.id, id.toLowerCase()));
  if (!row) throw notFound("api.businessNotFound");
  return row.id;
}
