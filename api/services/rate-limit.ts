import { RateLimiterDrizzle, RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import type { Config } from "#config";
import type { Database } from "#api/db/client.ts";
import { rateLimitBuckets } from "#api/db/schema/index.ts";

/**
 * Limits on the calls an attacker would hammer (docs/decisions/0006-rate-limiting.md). Counters
 * live in PostgreSQL (table rate_limit_buckets) so every API process shares them; an in-memory
 * limiter with the same rule takes over while the database does not answer.
 */
export interface LimitRule {
  /** How many hits are allowed… */
  points: number;
  /** …within this many seconds (a fixed window that starts at the first hit). */
  durationSec: number;
}

const FIFTEEN_MINUTES = 15 * 60;

export const DEFAULT_RATE_LIMITS = {
  /** Failed sign-ins per e-mail address. */
  loginEmail: { points: 5, durationSec: FIFTEEN_MINUTES },
  /** Failed sign-ins per client address. */
  loginIp: { points: 20, durationSec: FIFTEEN_MINUTES },
  /** Reset requests per e-mail address (known or not: the answer must not differ). */
  forgotEmail: { points: 5, durationSec: FIFTEEN_MINUTES },
  forgotIp: { points: 20, durationSec: FIFTEEN_MINUTES },
  /** Verification e-mails a signed-in user may ask for again. */
  resendUser: { points: 3, durationSec: FIFTEEN_MINUTES },
  resendIp: { points: 20, durationSec: FIFTEEN_MINUTES },
  /** Questions a user may put to the AI chat (each one reads live data). */
  chatMessages: { points: 60, durationSec: FIFTEEN_MINUTES },
  /** Collaborator invitations (each one e-mails someone) a user may send. */
  invitationsUser: { points: 30, durationSec: 60 * 60 },
  /** Online bookings (the public booking engine) per client address. */
  bookingEngineIp: { points: 12, durationSec: FIFTEEN_MINUTES },
  /**
   * Booking-engine searches per client address an hour whose quotes the brain learns from (ADR
   * 0064); past it the offers still answer but are not kept: a rate shopper reading every date
   * would otherwise look like guests who never book.
   */
  engineQuotesIp: { points: 30, durationSec: 60 * 60 },
  /** Wrong two-factor codes (sign-in's second step, enrolment, turning it off) per user… */
  twoFactorUser: { points: 5, durationSec: FIFTEEN_MINUTES },
  /** …and per client address. */
  twoFactorIp: { points: 20, durationSec: FIFTEEN_MINUTES },
  /** Accounts created per client address; the points come from REGISTRATIONS_PER_ADDRESS_PER_HOUR. */
  registerIp: { points: 10, durationSec: 60 * 60 },
} satisfies Record<string, LimitRule>;

export type RateLimitName = keyof typeof DEFAULT_RATE_LIMITS;
export type RateLimitSettings = Record<RateLimitName, LimitRule>;

export class RateLimited extends Error {
  constructor(readonly retryAfterMs: number) {
    super("rate limited");
  }
}

/** What the limiters read from the API's dependencies (an ApiDeps fits). */
interface RateLimitDeps {
  db: Database;
  config: Pick<Config, "REGISTRATIONS_PER_ADDRESS_PER_HOUR">;
  rateLimits?: Partial<RateLimitSettings>;
}

/** The limits an operator sets through the environment (config.ts). */
function configuredLimits(deps: RateLimitDeps): Partial<RateLimitSettings> {
  return { registerIp: { points: deps.config.REGISTRATIONS_PER_ADDRESS_PER_HOUR, durationSec: DEFAULT_RATE_LIMITS.registerIp.durationSec } };
}

type Limiters = Record<RateLimitName, { rule: LimitRule; limiter: RateLimiterDrizzle }>;
const perApi = new WeakMap<RateLimitDeps, Limiters>();

/** One set of limiters per API instance (rules can differ between instances, e.g. in tests). */
function limiters(deps: RateLimitDeps): Limiters {
  let found = perApi.get(deps);
  if (found) return found;
  found = {} as Limiters;
  for (const name of Object.keys(DEFAULT_RATE_LIMITS) as RateLimitName[]) {
    const rule = { ...DEFAULT_RATE_LIMITS[name], ...configuredLimits(deps)[name], ...deps.rateLimits?.[name] };
    const options = { keyPrefix: name, points: rule.points, duration: rule.durationSec };
    const limiter = new RateLimiterDrizzle({
      ...options,
      storeClient: deps.db,
      schema: rateLimitBuckets,
      insuranceLimiter: new RateLimiterMemory(options),
    });
    found[name] = { rule, limiter };
  }
  perApi.set(deps, found);
  return found;
}

function retryAfter(res: RateLimiterRes | null, rule: LimitRule): number {
  return res && res.msBeforeNext > 0 ? res.msBeforeNext : rule.durationSec * 1000;
}

/** Counts one hit against `key`; throws RateLimited when that hit is over the limit. */
export async function hit(deps: RateLimitDeps, name: RateLimitName, key: string): Promise<void> {
  const { rule, limiter } = limiters(deps)[name];
  try {
    await limiter.consume(key);
  } catch (error) {
    if (error instanceof RateLimiterRes) throw new RateLimited(retryAfter(error, rule));
    throw error;
  }
}

/** Throws RateLimited when `key` has no hits left, without counting one. */
export async function assertHitsLeft(deps: RateLimitDeps, name: RateLimitName, key: string): Promise<void> {
  const { rule, limiter } = limiters(deps)[name];
  const res = await limiter.get(key);
  if (res && res.consumedPoints >= rule.points) throw new RateLimited(retryAfter(res, rule));
}

/** Forgets the hits of `key` (a successful sign-in clears its failures). */
export async function forget(deps: RateLimitDeps, name: RateLimitName, key: string): Promise<void> {
  await limiters(deps)[name].limiter.delete(key);
}
