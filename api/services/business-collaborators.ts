import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { collaboratorsAnswer, invitationAnswer, personAnswer } from "#contract/collaborators.ts";
import { and, asc, eq, gt, isNull } from "drizzle-orm";
import type { TFunction } from "i18next";
import { isUserPermission, type Permission, type UserPermission } from "#domain/access/permissions.ts";
import type { ApiDeps } from "#api/context.ts";
import type { Database } from "#api/db/client.ts";
import { businesses, businessInvitations, businessMembers, users, type UserRow } from "#api/db/schema/index.ts";
import { HttpError, notFound } from "#api/errors.ts";
import { userByEmail } from "./accounts.ts";
import type { BusinessAccess, BusinessRow } from "./business-access.ts";
import { addRole, fieldError, rememberSelection } from "./businesses.ts";
import { sendInvitationMail } from "./mail/index.ts";
import { hashToken } from "./tokens.ts";
import { notify } from "./notifications/notify.ts";
import type { Actor } from "#domain/activity/index.ts";
import { memberPermissions, recordInvitationChange, recordMemberChange } from "./activity/collaborators.ts";

/** Invitations for people without an account last a week. */
export const INVITATION_DAYS = 7;

export type InvitationRow = typeof businessInvitations.$inferSelect;


const personJson = (u: Pick<UserRow, "id" | "name" | "surname" | "email">): z.infer<typeof personAnswer> => ({ uuid: u.id, name: u.name, surname: u.surname, email: u.email });

export function invitationJson(i: InvitationRow): z.infer<typeof invitationAnswer> {
  return { uuid: i.id, email: i.email, permissions: i.permissions, expires_at: i.expiresAt.toISOString(), created_at: i.createdAt.toISOString() };
}

export async function collaboratorsOf(db: Database, business: BusinessRow, now: Date): Promise<z.infer<typeof collaboratorsAnswer>> {
  const members = await db
    .select({ user: { id: users.id, name: users.name, surname: users.surname, email: users.email }, permissions: businessMembers.permissions, createdAt: businessMembers.createdAt })
    .from(businessMembers)
    .innerJoin(users, eq(users.id, businessMembers.userId))
    .where(eq(businessMembers.businessId, business.id))
    .orderBy(asc(businessMembers.createdAt), asc(users.email));
  const invitations = await db
    .select()
    .from(businessInvitations)
    .where(and(eq(businessInvitations.businessId, business.id), isNull(businessInvitations.acceptedAt), gt(businessInvitations.expiresAt, now)))
    .orderBy(asc(businessInvitations.createdAt));
  const [owner] = await db.select().from(users).where(eq(users.id, business.ownerId));
  return {
    data: members.map((m) => ({ user: personJson(m.user), permissions: m.permissions, created_at: m.createdAt.toISOString() })),
    invitations: invitations.map(invitationJson),
    owner: owner ? personJson(owner) : null,
  };
}

/**
 * Whoever manages collaborators may hand out only what they hold themselves (the owner and an
 * administrator hold everything), so user.collaborators alone cannot grow into more.
 */
export function assertMayGrant(access: BusinessAccess, permissions: readonly UserPermission[]): void {
  if (access.isOwner || access.asAdministrator) return;
  const missing = permissions.filter((p) => !access.permissions.includes(p as Permission));
  if (missing.length) throw new HttpError(403, "business.cannotGrant", undefined, { permissions: missing.join(", ") });
}

export async function memberOf(db: Database, businessId: string, userId: string) {
  const [member] = await db
    .select()
    .from(businessMembers)
    .where(and(eq(businessMembers.businessId, businessId), eq(businessMembers.userId, userId)));
  return member;
}

/** Adds (or, for an administrator's assignment, updates) a member and gives the account the collaborator role. */
export async function addMember(
  db: Database,
  input: { businessId: string; userId: string; permissions: readonly string[]; invitedBy: string | null; now: Date; upsert?: boolean; actor?: Actor },
): Promise<void> {
  const permissions = input.permissions.filter(isUserPermission);
  const before = input.actor ? await memberPermissions(db, input.businessId, input.userId) : null;
  const insert = db
    .insert(businessMembers)
    .values({ businessId: input.businessId, userId: input.userId, permissions, invitedBy: input.invitedBy, createdAt: input.now });
  await (input.upsert
    ? insert.onConflictDoUpdate({ target: [businessMembers.businessId, businessMembers.userId], set: { permissions } })
    : insert.onConflictDoNothing());
  await addRole(db, input.userId, "collaborator");
  if (input.actor && (input.upsert || !before)) await recordMemberChange(db, input.businessId, input.actor, input.userId, before, permissions);
}

export type AddCollaboratorOutcome =
  | { kind: "member"; collaborator: { user: ReturnType<typeof personJson>; permissions: string[] } }
  | { kind: "invitation"; invitation: ReturnType<typeof invitationJson> };

/**
 * POST …/collaborators: an existing account becomes a member at once; an unknown address gets
 * an invitation (a week, the token stored only as its SHA-256) and an e-mail with the link.
 */
export async function addCollaborator(
  deps: ApiDeps,
  t: TFunction,
  context: { access: BusinessAccess; inviter: UserRow; locale: string },
  input: { email: string; permissions: UserPermission[] },
): Promise<AddCollaboratorOutcome> {
  const { db } = deps;
  const now = deps.now();
  const business = context.access.business;
  assertMayGrant(context.access, input.permissions);
  const existing = await userByEmail(db, input.email);
  if (existing) {
    if (existing.id === business.ownerId) throw fieldError(t, "email", "business.collaboratorIsOwner");
    if (await memberOf(db, business.id, existing.id)) throw fieldError(t, "email", "business.alreadyCollaborator");
    await db.transaction(async (tx) => {
      await addMember(tx as unknown as Database, { businessId: business.id, userId: existing.id, permissions: input.permissions, invitedBy: context.inviter.id, now, actor: { kind: "user", userId: context.inviter.id } });
    });
    return { kind: "member", collaborator: { user: personJson(existing), permissions: input.permissions } };
  }
  const token = randomBytes(32).toString("base64url");
  const invitation = await db.transaction(async (tx) => {
    // Inviting the same address again replaces the pending invitation (and its link).
    await tx
      .delete(businessInvitations)
      .where(and(eq(businessInvitations.businessId, business.id), eq(businessInvitations.email, input.email), isNull(businessInvitations.acceptedAt)));
    const [row] = await tx
      .insert(businessInvitations)
      .values({
        businessId: business.id,
        email: input.email,
        permissions: input.permissions,
        tokenHash: hashToken(token),
        invitedBy: context.inviter.id,
        expiresAt: new Date(now.getTime() + INVITATION_DAYS * 86_400_000),
        createdAt: now,
      })
      .returning();
    await recordInvitationChange(tx as unknown as Database, business.id, { kind: "user", userId: context.inviter.id }, row.id, null, { email: row.email, permissions: row.permissions });
    return row;
  });
  const link = `${deps.config.APP_URL.replace(/\/+$/, "")}/invitations/${token}`;
  const inviterName = [context.inviter.name, context.inviter.surname].filter(Boolean).join(" ");
  await sendInvitationMail(deps, { to: input.email, locale: context.locale, inviter: inviterName, business: business.companyName, link, days: INVITATION_DAYS });
  return { kind: "invitation", invitation: invitationJson(invitation) };
}

const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

export async function invitationByToken(db: Database, token: string) {
  if (!TOKEN.test(token)) return undefined;
  const [row] = await db
    .select({
      invitation: businessInvitations,
      business: { id: businesses.id, companyName: businesses.companyName, slug: businesses.slug, logoFilename: businesses.logoFilename },
      inviter: { name: users.name, surname: users.surname },
    })
    .from(businessInvitations)
    .innerJoin(businesses, eq(businesses.id, businessInvitations.businessId))
    .innerJoin(users, eq(users.id, businessInvitations.invitedBy))
    .where(eq(businessInvitations.tokenHash, hashToken(token)));
  return row;
}

export function invitationState(invitation: InvitationRow, now: Date): "valid" | "expired" | "accepted" {
  if (invitation.acceptedAt) return "accepted";
  if (invitation.expiresAt.getTime() <= now.getTime()) return "expired";
  return "valid";
}

/**
 * POST /invitations/{token}/accept: the signed-in account must have the invited address. It
 * becomes a member with the invited permissions and starts working on that business.
 */
export async function acceptInvitation(deps: ApiDeps, t: TFunction, user: UserRow, token: string): Promise<string> {
  const { db } = deps;
  const now = deps.now();
  const found = await invitationByToken(db, token);
  if (!found) throw notFound("business.invitationNotFound");
  if (found.invitation.email.toLowerCase() !== user.email.toLowerCase()) throw new HttpError(403, "business.invitationOtherEmail");
  const state = invitationState(found.invitation, now);
  if (state !== "valid") throw fieldError(t, "token", state === "expired" ? "business.invitationExpired" : "business.invitationUsed");
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Database;
    // Single use even when two tabs accept at once: only the update that flips accepted_at continues.
    const claimed = await tx
      .update(businessInvitations)
      .set({ acceptedAt: now })
      .where(and(eq(businessInvitations.id, found.invitation.id), isNull(businessInvitations.acceptedAt)))
      .returning({ id: businessInvitations.id });
    if (claimed.length === 0) throw fieldError(t, "token", "business.invitationUsed");
    const [business] = await tx.select({ ownerId: businesses.ownerId }).from(businesses).where(eq(businesses.id, found.business.id));
    if (business.ownerId !== user.id) {
      await addMember(tx, { businessId: found.business.id, userId: user.id, permissions: found.invitation.permissions, invitedBy: found.invitation.invitedBy, now, actor: { kind: "user", userId: user.id } });
      await notify(tx, { businessId: found.business.id, kind: "collaborator.joined", params: { name: `${user.name} ${user.surname}`.trim() }, link: "/pms-settings/collaborators", exceptUserId: user.id });
    }
    await rememberSelection(tx, user.id, found.business.id, now);
  });
  return found.business.id;
}

/** Sets a member's permissions; with `actor`, the change is logged in the same transaction. */
export async function updateCollaborator(db: Database, businessId: string, userId: string, permissions: readonly string[], actor?: Actor): Promise<boolean> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Database;
    const before = actor ? await memberPermissions(tx, businessId, userId) : null;
    const rows = await tx
      .update(businessMembers)
      .set({ permissions: permissions.filter(isUserPermission) })
      .where(and(eq(businessMembers.businessId, businessId), eq(businessMembers.userId, userId)))
      .returning({ userId: businessMembers.userId, permissions: businessMembers.permissions });
    if (actor && rows.length) await recordMemberChange(tx, businessId, actor, userId, before, rows[0].permissions);
    return rows.length > 0;
  });
}

export async function removeCollaborator(db: Database, businessId: string, userId: string, actor?: Actor): Promise<boolean> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Database;
    const rows = await tx
      .delete(businessMembers)
      .where(and(eq(businessMembers.businessId, businessId), eq(businessMembers.userId, userId)))
      .returning({ userId: businessMembers.userId, permissions: businessMembers.permissions });
    if (actor && rows.length) await recordMemberChange(tx, businessId, actor, userId, rows[0].permissions, null);
    return rows.length > 0;
  });
}

export async function deleteInvitation(db: Database, businessId: string, invitationId: string, actor?: Actor): Promise<boolean> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Database;
    const rows = await tx
      .delete(businessInvitations)
      .where(and(eq(businessInvitations.businessId, businessId), eq(businessInvitations.id, invitationId), isNull(businessInvitations.acceptedAt)))
      .returning({ id: businessInvitations.id, email: businessInvitations.email, permissions: businessInvitations.permissions });
    if (actor && rows.length) await recordInvitationChange(tx, businessId, actor, invitationId, rows[0], null);
    return rows.length > 0;
  });
}
