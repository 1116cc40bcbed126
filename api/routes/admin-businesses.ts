import { Hono } from "hono";
import { asc, count, desc, eq, ilike, or } from "drizzle-orm";
import {
  adminAssignSchema,
  adminCreateBusinessSchema,
  adminListQuerySchema,
  adminStatusSchema,
  adminUpdateBusinessSchema,
} from "#domain/schemas/business.ts";
import { isUuid } from "#domain/text/sanitize.ts";
import type { Database } from "#api/db/client.ts";
import { businesses, users } from "#api/db/schema/index.ts";
import { notFound } from "#api/errors.ts";
import type { AuthedEnv } from "#api/middleware/auth.ts";
import { requireBusiness } from "#api/middleware/business.ts";
import { userById } from "#api/services/accounts.ts";
import { businessesOf } from "#api/services/business-access.ts";
import { addMember, memberOf, removeCollaborator } from "#api/services/business-collaborators.ts";
import { businessJson, businessJsonMany } from "#api/services/business-json.ts";
import { businessAnswer, businessEnvelope } from "#contract/business.ts";
import { applyBusinessEventOrThrow } from "#api/services/business-status.ts";
import { createBusiness, fieldError, updateBusinessDetails } from "#api/services/businesses.ts";
import { answerBusiness, body, parse, requireAdminPermission } from "./businesses-shared.ts";
import { userActor } from "#api/services/activity/record.ts";
import { docs } from "#api/openapi/describe.ts";
import { z } from "zod";
import { envelope, pageMetaOf, paginated } from "#contract/primitives.ts";

const doc = docs("Admin: businesses");

/** `%` and `_` typed in the search box are searched for, not used as wildcards. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

async function targetUser(db: Database, id: string) {
  const user = isUuid(id) ? await userById(db, id.toLowerCase()) : undefined;
  if (!user) throw notFound("business.userNotFound");
  return user;
}

/**
 * Business management for administrators (mounted under /api/v1; every route needs
 * admin.businesses, from the administrator role or a direct grant).
 */
export const adminBusinessRoutes = new Hono<AuthedEnv>()
  .use("/admin/businesses", requireAdminPermission("admin.businesses"))
  .use("/admin/businesses/*", requireAdminPermission("admin.businesses"))
  .use("/admin/users/:userId/businesses", requireAdminPermission("admin.businesses"))
  .use("/admin/users/:userId/businesses/*", requireAdminPermission("admin.businesses"))

  .get("/admin/businesses", doc({ query: adminListQuerySchema, response: paginated(businessAnswer) }), async (c) => {
    const { db } = c.var.deps;
    const query = parse(c, adminListQuerySchema, c.req.query());
    const term = query.search ? `%${likeEscape(query.search)}%` : null;
    const where = term
      ? or(
          ilike(businesses.companyName, term),
          ilike(businesses.corporateName, term),
          ilike(businesses.slug, term),
          ilike(businesses.city, term),
          ilike(users.email, term),
          ilike(users.name, term),
        )
      : undefined;
    const [{ total }] = await db.select({ total: count() }).from(businesses).innerJoin(users, eq(users.id, businesses.ownerId)).where(where);
    const rows = await db
      .select({ business: businesses })
      .from(businesses)
      .innerJoin(users, eq(users.id, businesses.ownerId))
      .where(where)
      .orderBy(desc(businesses.createdAt), asc(businesses.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page);
    const data = await businessJsonMany(db, rows.map((r) => r.business), { locale: c.var.locale, viewer: c.var.user });
    return c.json({ data, meta: pageMetaOf(query.page, query.per_page, total) });
  })

  .post("/admin/businesses", doc({ body: adminCreateBusinessSchema, status: 201, response: businessEnvelope }), async (c) => {
    const { db, now } = c.var.deps;
    const input = await body(c, adminCreateBusinessSchema);
    const owner = await userById(db, input.owner_uuid);
    if (!owner) throw fieldError(c.var.t, "owner_uuid", "business.userNotFound");
    // The owner keeps working on the business they had selected.
    const row = await createBusiness(db, c.var.t, owner, input, { now: now(), select: false });
    return answerBusiness(c, row.id, 201);
  })

  .put("/admin/businesses/:id", doc({ body: adminUpdateBusinessSchema, response: businessEnvelope }), requireBusiness(), async (c) => {
    const { db, now } = c.var.deps;
    const input = await body(c, adminUpdateBusinessSchema);
    await updateBusinessDetails(db, c.var.t, c.var.access.business.id, input, now(), userActor(c.var.user.id));
    return answerBusiness(c, c.var.access.business.id);
  })

  .put("/admin/businesses/:id/status", doc({ body: adminStatusSchema, response: businessEnvelope }), requireBusiness(), async (c) => {
    const { db, now } = c.var.deps;
    const { status } = await body(c, adminStatusSchema);
    await applyBusinessEventOrThrow(db, c.var.access.business.id, { type: "forceStatus", status }, { now: now() });
    return answerBusiness(c, c.var.access.business.id);
  })

  .get("/admin/users/:userId/businesses", doc({ response: envelope(z.array(businessAnswer)) }), async (c) => {
    const { db } = c.var.deps;
    const user = await targetUser(db, c.req.param("userId"));
    // As that user sees them: `permissions` and `is_owner` are theirs.
    const data = await businessJsonMany(db, await businessesOf(db, user.id), { locale: c.var.locale, viewer: user });
    return c.json({ data });
  })

  .post("/admin/users/:userId/businesses", doc({ body: adminAssignSchema, status: 201, response: businessEnvelope }), async (c) => {
    const { db, now } = c.var.deps;
    const t = c.var.t;
    const user = await targetUser(db, c.req.param("userId"));
    const input = await body(c, adminAssignSchema);
    const [business] = await db.select().from(businesses).where(eq(businesses.id, input.business_uuid));
    if (!business) throw fieldError(t, "business_uuid", "api.businessNotFound");
    if (business.ownerId === user.id) throw fieldError(t, "business_uuid", "business.collaboratorIsOwner");
    await db.transaction((tx) =>
      addMember(tx as unknown as Database, { businessId: business.id, userId: user.id, permissions: input.permissions, invitedBy: c.var.user.id, now: now(), upsert: true, actor: { kind: "user", userId: c.var.user.id } }),
    );
    return c.json({ business: await businessJson(db, business, { locale: c.var.locale, viewer: user }) }, 201);
  })

  .delete("/admin/users/:userId/businesses/:businessId", doc({ response: envelope(z.array(businessAnswer)) }), requireBusiness(undefined, "businessId"), async (c) => {
    const { db } = c.var.deps;
    const user = await targetUser(db, c.req.param("userId"));
    const business = c.var.access.business;
    if (business.ownerId === user.id) throw fieldError(c.var.t, "businessId", "business.ownerNotCollaborator");
    if (!(await memberOf(db, business.id, user.id))) throw notFound("business.collaboratorNotFound");
    await removeCollaborator(db, business.id, user.id, { kind: "user", userId: c.var.user.id });
    const data = await businessJsonMany(db, await businessesOf(db, user.id), { locale: c.var.locale, viewer: user });
    return c.json({ data });
  });
