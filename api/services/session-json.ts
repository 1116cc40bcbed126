import { describeUserAgent } from "../../domain/text/user-agent.ts";

/** A signed-in session as GET /api/v1/auth/sessions answers it (docs/api/session.md). */
export interface SessionJson {
  id: string;
  /** Browser and system read from the User-Agent at sign-in; null when it said nothing useful. */
  browser: string | null;
  os: string | null;
  /** desktop, mobile, tablet or null. */
  platform: string | null;
  ip: string | null;
  last_seen_at: string | null;
  created_at: string;
  current: boolean;
}

export function sessionJson(
  row: { id: string; userAgent: string | null; ip: string | null; lastUsedAt: Date | null; createdAt: Date },
  currentSessionId: string,
): SessionJson {
  return {
    id: row.id,
    ...describeUserAgent(row.userAgent),
    ip: row.ip,
    last_seen_at: row.lastUsedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    current: row.id === currentSessionId,
  };
}
