import type { TFunction } from "i18next";

import type { Upstream } from "#contract/upstream.ts";
import { accountsApi } from "#app/lib/api/areas/accounts.ts";
import { activityApi } from "#app/lib/api/areas/activity.ts";
import { adminApi } from "#app/lib/api/areas/admin.ts";
import { authApi } from "#app/lib/api/areas/auth.ts";
import { billingApi } from "#app/lib/api/areas/billing.ts";
import { bookingEngineApi } from "#app/lib/api/areas/booking-engine.ts";
import { bookingsApi } from "#app/lib/api/areas/bookings.ts";
import { businessApi } from "#app/lib/api/areas/business.ts";
import { channelsApi } from "#app/lib/api/areas/channels.ts";
import { chatApi } from "#app/lib/api/areas/chat.ts";
import { collaboratorsApi } from "#app/lib/api/areas/collaborators.ts";
import { competitorsApi } from "#app/lib/api/areas/competitors.ts";
import { distributionApi } from "#app/lib/api/areas/distribution.ts";
import { folioApi } from "#app/lib/api/areas/folio.ts";
import { icalApi } from "#app/lib/api/areas/ical.ts";
import { importsApi } from "#app/lib/api/areas/imports.ts";
import { intelligenceApi } from "#app/lib/api/areas/intelligence.ts";
import { learningApi } from "#app/lib/api/areas/learning.ts";
import { ledgerApi } from "#app/lib/api/areas/ledger.ts";
import { notificationsApi } from "#app/lib/api/areas/notifications.ts";
import { onboardingApi } from "#app/lib/api/areas/onboarding.ts";
import { pricingApi } from "#app/lib/api/areas/pricing.ts";
import { recommendationsApi } from "#app/lib/api/areas/recommendations.ts";
import { reportsApi } from "#app/lib/api/areas/reports.ts";
import { roomsApi } from "#app/lib/api/areas/rooms.ts";
import { stayRulesApi } from "#app/lib/api/areas/stay-rules.ts";
import { trackingApi } from "#app/lib/api/areas/tracking.ts";
import { twoFactorApi } from "#app/lib/api/areas/two-factor.ts";
import { jsonCalls } from "#app/lib/api/json.server.ts";
import type { Caller } from "#app/lib/api/request.server.ts";
import { send } from "#app/lib/api/send.server.ts";
import type { ApiVerbs } from "#app/lib/api/verbs.ts";

export { ApiError } from "#app/lib/api/errors.server.ts";
export type { Query } from "#app/lib/api/request.server.ts";
export type { RawInit } from "#app/lib/api/verbs.ts";

/**
 * The web's only way to the upstream API (spec sections 7 and 8): JSON in and out, the
 * language and bearer headers, a 30 s deadline, retries with backoff for idempotent calls,
 * identical concurrent calls shared into one, and the error catalogue turned into either a
 * redirect to /login (401/403) or an `ApiError` with a translated message. The transport lives in
 * app/lib/api/ (request, send, json, errors); the typed calls of each area in app/lib/api/areas/,
 * answers typed by the contract floor.
 */

export interface ApiClientOptions extends Caller {
  /** The way to the API: the load context's (app/lib/upstream-context.server.ts). */
  upstream: Upstream;
  /** The page's own URL; a 401/403 answer throws redirect(`/login?redirectTo=<path+search of this URL>`). */
  requestUrl?: string;
  /** Translator fixed to the locale; client.* keys are looked up in the "errors" namespace. */
  t: TFunction;
  /** The whole call's deadline, retries included. Default 30000 (spec section 9). */
  timeoutMs?: number;
  /** Extra attempts for idempotent methods. Default 2. */
  retries?: number;
  /** First backoff step; doubles each attempt, plus up to 25 % jitter. Default 200. */
  retryDelayMs?: number;
  /** Upper bound of one wait between attempts, Retry-After included. Default 5000. */
  maxRetryDelayMs?: number;
  /** 419 → a warning about CSRF mismatch only. Default console.warn. */
  onWarning?: (message: string) => void;
}

export type ApiClient = ReturnType<typeof createApiClient>;

export function createApiClient(options: ApiClientOptions) {
  const sending = {
    ...options,
    timeoutMs: options.timeoutMs ?? 30_000,
    retries: options.retries ?? 2,
    retryDelayMs: options.retryDelayMs ?? 200,
    maxRetryDelayMs: options.maxRetryDelayMs ?? 5_000,
    onWarning: options.onWarning ?? ((message: string) => console.warn(message)),
  };
  const json = jsonCalls(sending);
  const http: ApiVerbs = {
    get: (path, opts) => json("GET", path, opts?.query, undefined),
    post: (path, body) => json("POST", path, undefined, body),
    put: (path, body) => json("PUT", path, undefined, body),
    patch: (path, body) => json("PATCH", path, undefined, body),
    delete: (path, body) => json("DELETE", path, undefined, body),
    async raw(path, init = {}) {
      const { response, done } = await send(sending, (init.method ?? "GET").toUpperCase(), path, init.query, init.body, init.headers);
      done();
      return response;
    },
  };
  return {
    ...http,
    accounts: accountsApi(http),
    auth: authApi(http),
    twoFactor: twoFactorApi(http),
    notifications: notificationsApi(http),
    business: businessApi(http),
    onboarding: onboardingApi(http),
    billing: billingApi(http),
    bookings: bookingsApi(http),
    folio: folioApi(http),
    bookingEngine: bookingEngineApi(http),
    pricing: pricingApi(http),
    recommendations: recommendationsApi(http),
    stayRules: stayRulesApi(http),
    channels: channelsApi(http),
    distribution: distributionApi(http),
    ledger: ledgerApi(http),
    ical: icalApi(http),
    rooms: roomsApi(http),
    imports: importsApi(http),
    collaborators: collaboratorsApi(http),
    admin: adminApi(http),
    competitors: competitorsApi(http),
    chat: chatApi(http),
    intelligence: intelligenceApi(http),
    tracking: trackingApi(http),
    reports: reportsApi(http),
    learning: learningApi(http),
    activity: activityApi(http),
  };
}
