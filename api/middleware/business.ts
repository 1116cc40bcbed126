import { createMiddleware } from "hono/factory";
import type { Permission } from "#domain/access/permissions.ts";
import { isUuid } from "#domain/text/sanitize.ts";
import { HttpError } from "#api/errors.ts";
import { accessTo, type BusinessAccess } from "#api/services/business-access.ts";
import { perRequest } from "#api/observability/request-context.ts";
import type { AuthedEnv } from "./auth.ts";

export type BusinessEnv = AuthedEnv & { Variables: AuthedEnv["Variables"] & { access: BusinessAccess } };

/**
 * Every route under /businesses/{id} (or /subscriptions/{id}, /payments/{id}, …) goes through
 * this: the id must be a UUID (422 'Invalid business UUID format'), the business must exist
 * (404) and the caller must reach it as owner, collaborator or administrator (403), holding
 * `permission` when one is named (403).
 */
export function requireBusiness(permission?: Permission, param = "id") {
  return createMiddleware<BusinessEnv>(async (c, next) => {
    const id = c.req.param(param);
    if (!isUuid(id)) throw new HttpError(422, "api.invalidBusinessUuid", { [param]: [c.var.t("api.invalidBusinessUuid")] });
    // Once per incoming request: a page's several calls about one business read it once (ADR 0032).
    const shared = await perRequest(accessKey(c.var.user.id, id), () => accessTo(c.var.deps.db, c.var.user, id));
    const access = shared && structuredClone(shared);
    if (!access) {
      const exists = await c.var.deps.db.query.businesses.findFirst({ where: (b, { eq }) => eq(b.id, id), columns: { id: true } });
      throw exists ? new HttpError(403, "api.forbidden") : new HttpError(404, "api.businessNotFound");
    }
    if (permission && !access.permissions.includes(permission)) {
      throw new HttpError(403, "api.missingPermission", undefined, { permission });
    }
    c.set("access", access);
    await next();
  });
}

/** The key under which a request remembers a user's access to a business (app-state seeds it). */
export function accessKey(userId: string, businessId: string): string {
  return `access:${userId}:${businessId}`;
}

/**
 * Reading prices (the calendar, the channel push, the brain's recommendations): the calendar
 * permission, or the price settings one (who edits prices sees them). After requireBusiness().
 */
export function requireCalendarReader(c: { var: { access: BusinessAccess } }): void {
  const held = c.var.access.permissions;
  if (!held.includes("user.calendar") && !held.includes("user.price-settings")) {
    throw new HttpError(403, "api.missingPermission", undefined, { permission: "user.calendar" });
  }
}
