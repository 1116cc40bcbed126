import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ApiEnv } from "#api/context.ts";
import { HttpError } from "#api/errors.ts";
import { assertHitsLeft, forget, hit, RateLimited, type RateLimitName } from "#api/services/rate-limit.ts";

export const UNKNOWN_IP = "unknown";

/**
 * The caller's address: the first hop of X-Forwarded-For when present (server.ts sits behind
 * loopback proxies only, and the web forwards the browser's address), else the socket's peer
 * when the API runs on @hono/node-server, else "unknown" (in-process calls).
 */
export function clientIp(c: Context): string {
  const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
  if (forwarded) return forwarded;
  try {
    return getConnInfo(c).remote.address ?? UNKNOWN_IP;
  } catch {
    return UNKNOWN_IP;
  }
}

/** 429 with Retry-After (seconds) and a translated message naming the minutes to wait. */
function tooManyRequests<E extends ApiEnv>(c: Context<E>, retryAfterMs: number): HttpError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  c.header("Retry-After", String(seconds));
  return new HttpError(429 as ContentfulStatusCode, "api.tooManyRequests", undefined, { minutes: Math.ceil(seconds / 60) });
}

async function guarded<E extends ApiEnv>(c: Context<E>, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (error instanceof RateLimited) throw tooManyRequests(c, error.retryAfterMs);
    throw error;
  }
}

/**
 * An unknown address is not a key: every in-process caller would share it, and twenty wrong
 * passwords from anyone would then lock everybody out. Those calls are limited per e-mail only.
 */
const known = (limits: [RateLimitName, string][]) => limits.filter(([, key]) => key !== UNKNOWN_IP);

/** Counts a hit on every listed limit; the first one over its limit answers 429. */
export function limitHits<E extends ApiEnv>(c: Context<E>, hits: [RateLimitName, string][]): Promise<void> {
  return guarded(c, async () => {
    for (const [name, key] of known(hits)) await hit(c.var.deps, name, key);
  });
}

/** 429 when any listed limit is used up, without counting (sign-in counts only failures). */
export function limitCheck<E extends ApiEnv>(c: Context<E>, checks: [RateLimitName, string][]): Promise<void> {
  return guarded(c, async () => {
    for (const [name, key] of known(checks)) await assertHitsLeft(c.var.deps, name, key);
  });
}

export function limitForget<E extends ApiEnv>(c: Context<E>, name: RateLimitName, key: string): Promise<void> {
  return forget(c.var.deps, name, key);
}

/** Counts a hit on `name` for `key` and says whether it was within the limit (no 429: the caller decides what to leave out). */
export async function withinLimit<E extends ApiEnv>(c: Context<E>, name: RateLimitName, key: string): Promise<boolean> {
  if (key === UNKNOWN_IP) return true;
  try {
    await hit(c.var.deps, name, key);
    return true;
  } catch (error) {
    if (error instanceof RateLimited) return false;
    throw error;
  }
}
