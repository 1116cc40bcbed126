import { z } from "zod";
import { describeUserAgent } from "#domain/text/user-agent.ts";
import { timestamp } from "./primitives.ts";

/** A signed-in session as GET /api/v1/auth/sessions answers it (docs/api/session.md). */
export const sessionAnswer = z
  .object({
    id: z.string(),
    /** Browser and system read from the User-Agent at sign-in; null when it said nothing useful. */
    browser: z.string().nullable(),
    os: z.string().nullable(),
    platform: z.enum(["desktop", "mobile", "tablet"]).nullable(),
    ip: z.string().nullable(),
    last_seen_at: timestamp.nullable(),
    created_at: timestamp,
    current: z.boolean(),
  })
  .strict();
export type SessionJson = z.infer<typeof sessionAnswer>;

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
