import { ApiError, type ApiClient } from "#app/lib/api.server";

/** What GET /api/invitations/{token} answers: the invitation page and the sign-up reached from it. */
export interface InvitationView {
  email: string;
  business: { company_name: string; logo: string | null };
  inviter: { name: string; surname: string } | null;
  permissions: string[];
  expires_at: string;
  valid: boolean;
  state: "valid" | "expired" | "accepted";
}

/** Invitation tokens are URL-safe random strings; anything else cannot be one. */
const TOKEN = /^[A-Za-z0-9_-]{16,200}$/;

/** The token of an invitation page's path ("/invitations/{token}"), or null for any other path. */
export function invitationTokenIn(path: string | null | undefined): string | null {
  const match = /^\/invitations\/([^/?#]+)$/.exec(path ?? "");
  return match && TOKEN.test(match[1]) ? match[1] : null;
}

/** The invitation, or null when the token is malformed, unknown or revoked. */
export async function readInvitation(api: ApiClient, token: string): Promise<InvitationView | null> {
  if (!TOKEN.test(token)) return null;
  try {
    return (await api.get<{ data: InvitationView }>(`/api/invitations/${encodeURIComponent(token)}`)).data;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 422)) return null;
    throw error;
  }
}
