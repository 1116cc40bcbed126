import type { ApiClient } from "#app/lib/api.server";
import type { CollaboratorJson, InvitationJson, PersonJson } from "#app/components/business/types";

export interface CollaboratorList {
  data: CollaboratorJson[];
  invitations: InvitationJson[];
  owner?: PersonJson | null;
}

export async function listCollaborators(api: ApiClient, businessUuid: string): Promise<CollaboratorList> {
  const answer = await api.get<CollaboratorList>(`/api/v1/businesses/${businessUuid}/collaborators`);
  return { data: answer.data ?? [], invitations: answer.invitations ?? [], owner: answer.owner ?? null };
}
