import { createMiddleware } from "hono/factory";
import type { UserRow } from "../db/schema/index.ts";
import type { ApiEnv } from "../context.ts";
import { unauthenticated } from "../errors.ts";
import { userForToken } from "../services/tokens.ts";

export interface AuthVariables {
  user: UserRow;
  tokenId: string;
}

export type AuthedEnv = ApiEnv & { Variables: AuthVariables };

function bearer(header: string | undefined): string | null {
  if (!header?.startsWith("Bearer ")) return null;
  return header.slice(7).trim() || null;
}

/** Requires a live bearer token; 401 otherwise (the web then sends the user to /login). */
export const requireUser = createMiddleware<AuthedEnv>(async (c, next) => {
  const token = bearer(c.req.header("authorization"));
  const found = token ? await userForToken(c.var.deps.db, token, c.var.deps.now()) : null;
  if (!found) throw unauthenticated();
  c.set("user", found.user);
  c.set("tokenId", found.tokenId);
  await next();
});
