import type { z } from "zod";
import type { addCollaboratorAnswer, collaboratorUpdatedAnswer, CollaboratorsJson, successAnswer } from "#contract/collaborators";
import type { permissionMatrixSchema } from "#domain/schemas/distribution";
import type { inviteCollaboratorSchema, updateCollaboratorSchema } from "#domain/schemas/business";
import type { ApiVerbs, Posted } from "#app/lib/api/verbs.ts";

/** The collaborator calls (spec section 7, "Collaborators"): members, their permissions and invitations. */
export function collaboratorsApi(http: ApiVerbs) {
  const base = (businessUuid: string) => `/api/v1/businesses/${businessUuid}`;
  return {
    /** GET /businesses/{id}/collaborators: the members, the pending invitations and the owner. */
    list: (businessUuid: string) => http.get<CollaboratorsJson>(`${base(businessUuid)}/collaborators`),
    /** POST …/collaborators (201): a member added at once, or an invitation e-mailed. */
    add: (businessUuid: string, body: z.input<typeof inviteCollaboratorSchema>) =>
      http.post<z.infer<typeof addCollaboratorAnswer>>(`${base(businessUuid)}/collaborators`, body),
    /** PUT …/collaborators: every member's permissions at once (the matrix's boxes as posted). */
    savePermissions: (businessUuid: string, body: Posted<z.input<typeof permissionMatrixSchema>>) => http.put<CollaboratorsJson>(`${base(businessUuid)}/collaborators`, body),
    /** PUT …/collaborators/{user}: one member's permissions. */
    update: (businessUuid: string, userUuid: string, body: z.input<typeof updateCollaboratorSchema>) =>
      http.put<z.infer<typeof collaboratorUpdatedAnswer>>(`${base(businessUuid)}/collaborators/${userUuid}`, body),
    /** DELETE …/collaborators/{user}. */
    remove: (businessUuid: string, userUuid: string) => http.delete<z.infer<typeof successAnswer>>(`${base(businessUuid)}/collaborators/${userUuid}`),
    /** DELETE …/invitations/{invitation}. */
    revokeInvitation: (businessUuid: string, invitationUuid: string) =>
      http.delete<z.infer<typeof successAnswer>>(`${base(businessUuid)}/invitations/${invitationUuid}`),
  };
}
