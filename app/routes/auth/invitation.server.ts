import type { PublicInvitationJson } from "#contract/collaborators";
import { ApiError, type ApiClient } from "#app/lib/api.server";

/** Invitation tokens are URL-safe random strings; anything else cannot be one. */
const TOKEN = /^[A-Za-z0-9_-]{16,200}$/;

/** The token of an invitation page's path ("/invitations/{token}"), or null for any other path. */
export function invitationTokenIn(path: string | null | undefined): string | null {
  const match = /^\/invitations\/([^/?#]+)$/.exec(path ?? "");
  return match && TOKEN.test(match[1]) ? match[1] : null;
}

/** The invitation, or null when the token is malformed, unknown or revoked. */
export async function readInvitation(api: ApiClient, token: string): Promise<PublicInvitationJson | null> {
  if (!TOKEN.test(token)) return null;
  try {
    return await api.auth.invitation(token);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 422)) return null;
    throw error;
  }
}
