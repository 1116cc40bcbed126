import { z } from "zod";
import { timestamp, uuid } from "./primitives.ts";

/** The JSON answers of the collaborator routes (doc({ response }), ADR 0022). */

export const personAnswer = z.object({ uuid, name: z.string(), surname: z.string(), email: z.string() }).strict();
export const invitationAnswer = z.object({ uuid, email: z.string(), permissions: z.array(z.string()), expires_at: timestamp, created_at: timestamp }).strict();
/** GET /businesses/{id}/collaborators: the members, the pending invitations and the owner. */
export const collaboratorsAnswer = z
  .object({
    data: z.array(z.object({ user: personAnswer, permissions: z.array(z.string()), created_at: timestamp }).strict()),
    invitations: z.array(invitationAnswer),
    owner: personAnswer.nullable(),
  })
  .strict();
export type CollaboratorsJson = z.infer<typeof collaboratorsAnswer>;
/** POST /businesses/{id}/collaborators: a member added at once, or an invitation e-mailed. */
export const addCollaboratorAnswer = z.union([
  z.object({ collaborator: z.object({ user: personAnswer, permissions: z.array(z.string()) }).strict() }).strict(),
  z.object({ invitation: invitationAnswer }).strict(),
]);
/** PUT /businesses/{id}/collaborators/{userId}. */
export const collaboratorUpdatedAnswer = z.object({ collaborator: z.object({ user_uuid: uuid, permissions: z.array(z.string()) }).strict() }).strict();
/** DELETE /businesses/{id}/collaborators/{userId} and /invitations/{invitationId} answer `successAnswer`. */
export { successAnswer } from "./primitives.ts";

/** GET /invitations/{token}: what the invitation page shows before the person signs in. */
export const publicInvitationAnswer = z
  .object({
    email: z.string(),
    business: z.object({ company_name: z.string(), logo: z.string().nullable() }).strict(),
    inviter: z.object({ name: z.string(), surname: z.string() }).strict(),
    permissions: z.array(z.string()),
    expires_at: timestamp,
    valid: z.boolean(),
    state: z.enum(["valid", "expired", "accepted"]),
  })
  .strict();
export type PublicInvitationJson = z.infer<typeof publicInvitationAnswer>;
