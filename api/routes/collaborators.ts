import { Hono } from "hono";
import { inviteCollaboratorSchema, updateCollaboratorSchema } from "#domain/schemas/business.ts";
import { permissionMatrixSchema } from "#domain/schemas/distribution.ts";
import type { Database } from "#api/db/client.ts";
import { isUuid } from "#domain/text/sanitize.ts";
import type { ApiEnv } from "#api/context.ts";
import { HttpError, notFound } from "#api/errors.ts";
import type { AuthedEnv } from "#api/middleware/auth.ts";
import { requireBusiness } from "#api/middleware/business.ts";
import { limitHits } from "#api/middleware/rate-limit.ts";
import { logoUrl } from "#api/services/business-json.ts";
import { businessEnvelope } from "#contract/business.ts";
import { addCollaboratorAnswer, collaboratorsAnswer, collaboratorUpdatedAnswer, publicInvitationAnswer, successAnswer } from "#contract/collaborators.ts";
import {
  acceptInvitation,
  addCollaborator,
  assertMayGrant,
  collaboratorsOf,
  deleteInvitation,
  invitationByToken,
  invitationState,
  memberOf,
  removeCollaborator,
  updateCollaborator,
} from "#api/services/business-collaborators.ts";
import { fieldError } from "#api/services/businesses.ts";
import { answerBusiness, body } from "./businesses-shared.ts";
import { docs } from "#api/openapi/describe.ts";
import { z } from "zod";
import { envelope } from "#contract/primitives.ts";

const doc = docs("Collaborators");

/** The {userId} of a collaborator route: a UUID (404 otherwise, like any unknown collaborator). */
function userIdParam(value: string): string {
  if (!isUuid(value)) throw notFound("business.collaboratorNotFound");
  return value.toLowerCase();
}

/**
 * Collaborators of a business (mounted under /api/v1, permission user.collaborators): members
 * with the user.* permissions the owner granted, and pending invitations for addresses without
 * an account. The owner is not a collaborator and cannot be changed or removed here.
 */
export const collaboratorRoutes = new Hono<AuthedEnv>()
  .get("/businesses/:id/collaborators", doc({ response: collaboratorsAnswer }), requireBusiness("user.collaborators"), async (c) => {
    return c.json(await collaboratorsOf(c.var.deps.db, c.var.access.business, c.var.deps.now()));
  })

  .post("/businesses/:id/collaborators", doc({ body: inviteCollaboratorSchema, status: 201, response: addCollaboratorAnswer }), requireBusiness("user.collaborators"), async (c) => {
    const input = await body(c, inviteCollaboratorSchema);
    // Every invitation e-mails someone: an account cannot be used to send mail in bulk.
    await limitHits(c, [["invitationsUser", c.var.user.id]]);
    const outcome = await addCollaborator(c.var.deps, c.var.t, { access: c.var.access, inviter: c.var.user, locale: c.var.locale }, input);
    return outcome.kind === "member"
      ? c.json({ collaborator: outcome.collaborator }, 201)
      : c.json({ invitation: outcome.invitation }, 201);
  })

  // The permission matrix (PMS settings): every listed collaborator's permissions, all or none.
  .put("/businesses/:id/collaborators", doc({ body: permissionMatrixSchema, response: collaboratorsAnswer }), requireBusiness("user.collaborators"), async (c) => {
    const { db } = c.var.deps;
    const access = c.var.access;
    const { collaborators } = await body(c, permissionMatrixSchema);
    collaborators.forEach(({ user_uuid, permissions }, i) => {
      if (user_uuid === access.business.ownerId) throw fieldError(c.var.t, `collaborators.${i}.user_uuid`, "business.ownerNotCollaborator");
      if (user_uuid === c.var.user.id && !access.asAdministrator) throw new HttpError(403, "business.cannotChangeOwnPermissions");
      assertMayGrant(access, permissions);
    });
    await db.transaction(async (tx) => {
      for (const [i, { user_uuid, permissions }] of collaborators.entries()) {
        if (!(await updateCollaborator(tx as unknown as Database, access.business.id, user_uuid, permissions, { kind: "user", userId: c.var.user.id }))) {
          throw fieldError(c.var.t, `collaborators.${i}.user_uuid`, "pms:validation.notCollaborator");
        }
      }
    });
    return c.json(await collaboratorsOf(db, access.business, c.var.deps.now()));
  })

  .put("/businesses/:id/collaborators/:userId", doc({ body: updateCollaboratorSchema, response: collaboratorUpdatedAnswer }), requireBusiness("user.collaborators"), async (c) => {
    const { db } = c.var.deps;
    const access = c.var.access;
    const userId = userIdParam(c.req.param("userId"));
    const { permissions } = await body(c, updateCollaboratorSchema);
    if (userId === access.business.ownerId) throw fieldError(c.var.t, "userId", "business.ownerNotCollaborator");
    // Otherwise a collaborator holding user.collaborators could hand themselves anything.
    if (userId === c.var.user.id && !access.asAdministrator) throw new HttpError(403, "business.cannotChangeOwnPermissions");
    assertMayGrant(access, permissions);
    if (!(await updateCollaborator(db, access.business.id, userId, permissions, { kind: "user", userId: c.var.user.id }))) throw notFound("business.collaboratorNotFound");
    const member = await memberOf(db, access.business.id, userId);
    return c.json({ collaborator: { user_uuid: userId, permissions: member?.permissions ?? permissions } });
  })

  .delete("/businesses/:id/collaborators/:userId", doc({ response: successAnswer }), requireBusiness("user.collaborators"), async (c) => {
    const access = c.var.access;
    const userId = userIdParam(c.req.param("userId"));
    if (userId === access.business.ownerId) throw fieldError(c.var.t, "userId", "business.ownerNotCollaborator");
    if (!(await removeCollaborator(c.var.deps.db, access.business.id, userId, { kind: "user", userId: c.var.user.id }))) throw notFound("business.collaboratorNotFound");
    return c.json({ success: true });
  })

  .delete("/businesses/:id/invitations/:invitationId", doc({ response: successAnswer }), requireBusiness("user.collaborators"), async (c) => {
    const invitationId = c.req.param("invitationId");
    if (!isUuid(invitationId)) throw notFound("business.invitationNotFound");
    if (!(await deleteInvitation(c.var.deps.db, c.var.access.business.id, invitationId.toLowerCase(), { kind: "user", userId: c.var.user.id }))) {
      throw notFound("business.invitationNotFound");
    }
    return c.json({ success: true });
  })

  .post("/invitations/:token/accept", doc({ response: businessEnvelope }), async (c) => {
    const businessId = await acceptInvitation(c.var.deps, c.var.t, c.var.user, c.req.param("token"));
    return answerBusiness(c, businessId);
  });

/**
 * GET /api/invitations/{token} — no sign-in: the invitation page shows who invites whom to which
 * business, and whether the link still works, before the person signs in or registers.
 */
export const publicInvitationRoutes = new Hono<ApiEnv>().get("/invitations/:token", doc({ response: envelope(publicInvitationAnswer) }), async (c) => {
  const found = await invitationByToken(c.var.deps.db, c.req.param("token"));
  if (!found) throw notFound("business.invitationNotFound");
  const state = invitationState(found.invitation, c.var.deps.now());
  return c.json({
    data: {
      email: found.invitation.email,
      business: { company_name: found.business.companyName, logo: logoUrl(found.business) },
      inviter: { name: found.inviter.name, surname: found.inviter.surname },
      permissions: found.invitation.permissions,
      expires_at: found.invitation.expiresAt.toISOString(),
      valid: state === "valid",
      state,
    } satisfies z.infer<typeof publicInvitationAnswer>,
  });
});
