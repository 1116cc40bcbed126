import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { requestId } from "hono/request-id";
import { fromRequestLanguage } from "#domain/locale.ts";
import type { ApiDeps, ApiEnv } from "./context.ts";
import { HttpError } from "./errors.ts";
import { translatorFor } from "./i18n.ts";
import { logger } from "./logger.ts";
import { currentWork, RequestReads, runWithWork } from "./observability/request-context.ts";
import { rejectInvalidQuery } from "./validate.ts";
// The areas that react to a booking's nights put themselves on the bookings hook list.
import "./services/occupancy-listeners.ts";
import { requireUser } from "./middleware/auth.ts";
import { requireTwoFactorForAdministrators } from "./middleware/two-factor.ts";
import { twoFactorLoginRoutes, twoFactorRoutes } from "./routes/two-factor.ts";
import { accountRoutes } from "./routes/accounts.ts";
import { adminPermissionRoutes } from "./routes/admin-permissions.ts";
import { adminUserRoutes } from "./routes/admin-users.ts";
import { devMailboxRoutes } from "./routes/accounts-dev-mailbox.ts";
import { authRoutes, currentUserRoutes, logoutRoutes } from "./routes/auth.ts";
import { billingRoutes } from "./routes/billing.ts";
import { chatRoutes } from "./routes/chat.ts";
import { couponRoutes } from "./routes/coupons.ts";
import { webhookRoutes } from "./routes/webhooks.ts";
import { healthRoutes } from "./routes/health.ts";
import { adminBusinessRoutes } from "./routes/admin-businesses.ts";
import { channelRoutes } from "./routes/channels.ts";
import { businessRoutes } from "./routes/businesses.ts";
import { businessLogoRoutes, publicBusinessRoutes } from "./routes/businesses-logo.ts";
import { businessOnboardingRoutes } from "./routes/businesses-onboarding.ts";
import { collaboratorRoutes, publicInvitationRoutes } from "./routes/collaborators.ts";
import { referenceRoutes } from "./routes/reference.ts";
import { availabilityRoutes } from "./routes/availability.ts";
import { bookingRoutes } from "./routes/bookings.ts";
import { roomRoutes } from "./routes/rooms.ts";
import { holidayRoutes } from "./routes/holidays.ts";
import { pricingRoutes } from "./routes/pricing.ts";
import { recommendationRoutes } from "./routes/recommendations.ts";
import { stayRuleRoutes } from "./routes/stay-rules.ts";
import { activityLogRoutes } from "./routes/activity-log.ts";
import { competitorRoutes } from "./routes/competitors.ts";
import { intelligenceRoutes } from "./routes/intelligence.ts";
import { trackingRoutes } from "./routes/tracking.ts";
import { bookingEngineRoutes, publicBookingEngineRoutes } from "./routes/booking-engine.ts";
import { ledgerRoutes } from "./routes/ledger.ts";
import { icalRoutes, publicIcalRoutes } from "./routes/ical.ts";
import { importRoutes } from "./routes/imports.ts";
import { distributionRoutes } from "./routes/distribution.ts";
import { reportRoutes } from "./routes/reports.ts";
import { notificationRoutes } from "./routes/notifications.ts";
import { dailyCommandRoutes } from "./routes/daily-commands.ts";
import { learningRoutes, publicLearningRoutes } from "./routes/learning.ts";
import { openApiRoutes } from "./openapi/routes.ts";
import { allowedMethodsOf } from "./method-not-allowed.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Bodies above this are refused with 413 (logo uploads have their own, larger, limit). */
export const MAX_BODY_BYTES = 1024 * 1024;
/** Paths whose route applies its own body limit (uploads). */
const UPLOAD_PATH = /^\/api\/v1\/(users\/[^/]+\/profile-image|businesses\/[^/]+\/(upload-logo|imports))$/;

/** Builds the upstream REST API. The web calls it in-process (`api.fetch(request)`) or over HTTP. */
export function createApi(deps: ApiDeps) {
  const api = new Hono<ApiEnv>().basePath("/api");

  api.use(requestId());
  api.use(async (c, next) => {
    c.set("deps", deps);
    const locale = fromRequestLanguage(c.req.header("accept-language") ?? null);
    c.set("locale", locale);
    c.set("t", translatorFor(locale));
    const started = performance.now();
    // Logs and jobs of this request carry its id (docs/decisions/0028-several-processes-and-observability.md).
    // Called in-process by a page, the page's reads are shared (ADR 0032); otherwise this request's own.
    const own = currentWork()?.reads ? null : new RequestReads();
    const reads = currentWork()?.reads ?? own!;
    // A request that may write makes the request's earlier reads (its token, its access) stale.
    const writes = !SAFE_METHODS.has(c.req.method);
    if (writes) reads.forget();
    try {
      await runWithWork({ requestId: c.var.requestId, reads, readOnly: !writes }, next);
    } finally {
      if (writes) reads.forget();
      own?.close();
    }
    // The route pattern, for the HTTP metrics server.ts takes when this request came over HTTP.
    const incoming = (c.env as { incoming?: { routePattern?: string } } | undefined)?.incoming;
    if (incoming) incoming.routePattern = c.res.status === 404 && c.req.routePath.endsWith("*") ? "/api (unmatched)" : c.req.routePath;
    logger.info({
      msg: "request",
      request_id: c.var.requestId,
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round(performance.now() - started),
    });
  });
  const defaultBodyLimit = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => c.json({ message: c.var.t("api.tooLarge") }, 413),
  });
  // Upload routes set their own, larger, limit.
  api.use((c, next) => (UPLOAD_PATH.test(c.req.path) ? next() : defaultBodyLimit(c, next)));

  api.use(rejectInvalidQuery);
  // Everything under /api/v1 needs a signed-in user; each route then checks the business.
  api.use("/v1/*", requireUser);
  // Administrators turn two-factor sign-in on before any administration (ADR 0024).
  api.use("/v1/admin/*", requireTwoFactorForAdministrators);

  api.route("/", healthRoutes);
  api.route("/", authRoutes);
  api.route("/", logoutRoutes);
  api.route("/", twoFactorLoginRoutes);
  api.route("/v1", twoFactorRoutes);
  api.route("/v1", currentUserRoutes);
  api.route("/v1", accountRoutes);
  api.route("/v1", notificationRoutes);
  api.route("/v1", dailyCommandRoutes);
  api.route("/v1/admin/users", adminUserRoutes);
  api.route("/v1/admin/permissions", adminPermissionRoutes);
  api.route("/", devMailboxRoutes);
  api.route("/v1", businessRoutes);
  api.route("/v1", businessLogoRoutes);
  api.route("/v1", businessOnboardingRoutes);
  api.route("/v1", collaboratorRoutes);
  api.route("/v1", adminBusinessRoutes);
  api.route("/v1", channelRoutes);
  api.route("/v1", referenceRoutes);
  api.route("/", publicBusinessRoutes);
  api.route("/", publicInvitationRoutes);
  api.route("/v1", billingRoutes);
  api.route("/v1", couponRoutes);
  api.route("/", webhookRoutes);
  api.route("/v1", bookingRoutes);
  api.route("/v1", availabilityRoutes);
  api.route("/v1", roomRoutes);
  api.route("/v1", pricingRoutes);
  api.route("/v1", recommendationRoutes);
  api.route("/v1", stayRuleRoutes);
  api.route("/v1", holidayRoutes);
  api.route("/v1", chatRoutes);
  api.route("/v1", competitorRoutes);
  api.route("/v1", intelligenceRoutes);
  api.route("/v1", trackingRoutes);
  api.route("/v1", bookingEngineRoutes);
  api.route("/v1", distributionRoutes);
  api.route("/v1", reportRoutes);
  api.route("/v1", learningRoutes);
  api.route("/", publicLearningRoutes);
  api.route("/", publicBookingEngineRoutes);
  api.route("/v1", ledgerRoutes);
  api.route("/v1", icalRoutes);
  api.route("/v1", importRoutes);
  api.route("/", publicIcalRoutes);
  api.route("/v1", activityLogRoutes);
  api.route("/", openApiRoutes(api));

  const allowedMethods = allowedMethodsOf(api);
  api.notFound((c) => {
    const allow = allowedMethods(c.req.path);
    if (allow.length === 0) return c.json({ message: c.var.t("api.notFound") }, 404);
    c.header("Allow", allow.join(", "));
    return c.json({ message: c.var.t("api.methodNotAllowed") }, 405);
  });
  api.onError((err, c) => {
    const t = c.var.t ?? translatorFor("pt-BR");
    if (err instanceof HttpError) {
      const message = t(err.message, { defaultValue: err.message, ...err.values });
      return c.json(err.errors ? { message, errors: err.errors } : { message }, err.status);
    }
    logger.error({ msg: "unhandled", request_id: c.var.requestId, err });
    return c.json({ message: t("api.internal") }, 500);
  });
  return api;
}

export type Api = ReturnType<typeof createApi>;
