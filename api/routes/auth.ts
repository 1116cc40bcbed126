import type { Context } from "hono";
import { Hono } from "hono";
import { getCookie } from "hono/cookie";
import {
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  verifyEmailSchema,
} from "#domain/schemas/auth.ts";
import type { ApiEnv } from "#api/context.ts";
import { HttpError, invalid } from "#api/errors.ts";
import { optionalUser, requireUser, type AuthedEnv } from "#api/middleware/auth.ts";
import {
  assertXsrf,
  clearSessionCookies,
  csrfProtection,
  setXsrfCookie,
  XSRF_COOKIE,
} from "#api/middleware/csrf-cookie.ts";
import { clientIp, limitCheck, limitForget, limitHits } from "#api/middleware/rate-limit.ts";
import {
  cleanText,
  completePasswordReset,
  findPasswordReset,
  insertUser,
  sendPasswordReset,
  sendVerificationMail,
  userByEmail,
  verifyEmail,
} from "#api/services/accounts.ts";
import { dummyHash, hashPassword, verifyPassword } from "#api/services/passwords.ts";
import { businessPlans } from "#api/services/billing/plans.ts";
import { shellStateOf } from "#api/services/shell-state.ts";
import { accessKey } from "#api/middleware/business.ts";
import { knownThisRequest } from "#api/observability/request-context.ts";
import { businessJsonMany } from "#api/services/business-json.ts";
import { permissionsIn, permissionsOf } from "#api/services/permissions.ts";
import { sessionAnswer, sessionJson } from "#contract/session.ts";
import {
  ACCESS_TOKEN_MINUTES,
  issueAccessToken,
  liveSessions,
  revokeSession,
  revokeUserTokens,
  SESSION_TOKEN_DAYS,
} from "#api/services/tokens.ts";
import { challengeAnswer, signedInAnswer, userAnswer, userEnvelope } from "#contract/user.ts";
import { userJson } from "#api/services/user-json.ts";
import { signIn, twoFactorChallenge } from "./sign-in.ts";
import { jsonBody } from "#api/validate.ts";
import { docs } from "#api/openapi/describe.ts";
import { z } from "zod";
import { message as messageAnswer } from "#contract/primitives.ts";
import { businessAnswer } from "#contract/business.ts";
import { appStateAnswer, type AppStateJson } from "#contract/app-state.ts";

const doc = docs("Authentication");

const successAnswer = z.object({ success: z.literal(true) }).strict();
/** A field error in the caller's language, from the `validation` namespace. */
const fieldError = (c: Context<ApiEnv>, field: string, key: string) =>
  invalid({ [field]: [c.var.t(key, { ns: "validation" })] });

/** Waits until `ms` have passed since `started`, so fast and slow paths answer alike. */
async function atLeast(started: number, ms: number) {
  const left = ms - (performance.now() - started);
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
}

/** Sign-in, sign-up and the guest side of passwords and e-mail verification. */
export const authRoutes = new Hono<ApiEnv>()
  .get("/auth/csrf-cookie", doc({ status: 204 }), (c) => {
    setXsrfCookie(c, SESSION_TOKEN_DAYS * 86_400, getCookie(c, XSRF_COOKIE));
    return c.body(null, 204);
  })

  .post("/auth/login", doc({ body: loginSchema, response: z.union([signedInAnswer, challengeAnswer]) }), csrfProtection, async (c) => {
    const { db } = c.var.deps;
    const { email, password, mode } = await jsonBody(c, loginSchema);
    // A cookie-mode sign-in must come from our pages too (login CSRF): fetch /auth/csrf-cookie first.
    if (mode === "cookie") assertXsrf(c);
    const ip = clientIp(c);
    // Only failures count, so a hotel's front desk signing in all day is never locked out.
    await limitCheck(c, [["loginEmail", email], ["loginIp", ip]]);
    const user = await userByEmail(db, email);
    // Always hash, so a wrong e-mail and a wrong password take the same time.
    const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyHash()));
    if (!user || !ok || user.disabledAt) {
      await limitHits(c, [["loginEmail", email], ["loginIp", ip]]);
      throw new HttpError(422, "auth.invalidCredentials", { email: [c.var.t("auth.invalidCredentials")] });
    }
    await limitForget(c, "loginEmail", email);
    // With two-factor on, the password only earns a challenge for the code (routes/sign-in.ts).
    if (user.twoFactorEnabledAt) return twoFactorChallenge(c, user);
    return signIn(c, user, mode, 200);
  })

  .post("/auth/register", doc({ body: registerSchema, status: 201, response: signedInAnswer }), csrfProtection, async (c) => {
    const deps = c.var.deps;
    const input = await jsonBody(c, registerSchema);
    if (input.mode === "cookie") assertXsrf(c);
    // Telling that the address is taken is what every sign-up form does; forgot-password never tells.
    if (await userByEmail(deps.db, input.email)) throw fieldError(c, "email", "auth.emailTaken");
    // Counted after validation and the taken-address check, so a mistyped form never uses up a
    // shared office's address; one atomic hit, so parallel sign-ups cannot slip past the limit.
    await limitHits(c, [["registerIp", clientIp(c)]]);
    const passwordHash = await hashPassword(input.password);
    const now = deps.now();
    const user = await insertUser(
      deps.db,
      {
        name: cleanText(input.name) ?? "",
        surname: cleanText(input.surname) ?? "",
        email: input.email,
        passwordHash,
        company: cleanText(input.company),
        phone: cleanText(input.phone),
        preferredLanguage: input.preferred_language ?? c.var.locale,
        roles: ["owner"],
        createdAt: now,
        updatedAt: now,
      },
      () => fieldError(c, "email", "auth.emailTaken"),
    );
    await sendVerificationMail(deps, user);
    return signIn(c, user, input.mode, 201);
  })

  .post("/auth/forgot-password", doc({ body: forgotPasswordSchema, response: messageAnswer }), csrfProtection, async (c) => {
    const deps = c.var.deps;
    const started = performance.now();
    const { email } = await jsonBody(c, forgotPasswordSchema);
    await limitHits(c, [["forgotEmail", email], ["forgotIp", clientIp(c)]]);
    const user = await userByEmail(deps.db, email);
    // Delivery happens after the answer (sendMail does not wait for SMTP), and the floor below
    // hides the few database writes, so the answer says nothing about the address.
    if (user && !user.disabledAt) await sendPasswordReset(deps, user);
    await atLeast(started, deps.forgotPasswordMinMs ?? 300);
    return c.json({ message: c.var.t("auth.resetLinkSent") });
  })

  .post("/auth/reset-password", doc({ body: resetPasswordSchema, response: messageAnswer }), csrfProtection, async (c) => {
    const deps = c.var.deps;
    const input = await jsonBody(c, resetPasswordSchema);
    const user = await findPasswordReset(deps, input.email, input.token);
    if (!user) throw fieldError(c, "token", "auth.resetTokenInvalid");
    const done = await completePasswordReset(deps, user, input.token, await hashPassword(input.password));
    if (!done) throw fieldError(c, "token", "auth.resetTokenInvalid");
    return c.json({ message: c.var.t("auth.passwordReset") });
  })

  .post("/auth/verify-email", doc({ body: verifyEmailSchema, auth: "optional", response: messageAnswer.extend({ user: userAnswer.optional() }).strict() }), csrfProtection, optionalUser, async (c) => {
    const deps = c.var.deps;
    const parts = await jsonBody(c, verifyEmailSchema);
    const outcome = await verifyEmail(deps, parts);
    if (!outcome.ok) {
      throw new HttpError(403, outcome.reason === "expired" ? "auth.verificationLinkExpired" : "auth.verificationLinkInvalid");
    }
    const message = c.var.t(outcome.alreadyVerified ? "auth.emailAlreadyVerified" : "auth.emailVerified");
    // The account itself only to its signed-in owner: the link alone proves the mailbox, not the session.
    const me = c.var.user;
    if (me && me.id === outcome.user.id) {
      return c.json({ message, user: userJson(outcome.user, await permissionsOf(deps.db, outcome.user)) });
    }
    return c.json({ message });
  });

/** Mounted under /api/v1, where app.ts requires a signed-in user. */
export const currentUserRoutes = new Hono<AuthedEnv>()
  .get("/user", doc({ response: userEnvelope }), async (c) => {
    const user = c.var.user;
    return c.json({ user: userJson(user, await permissionsOf(c.var.deps.db, user)) });
  })

  /**
   * What every signed-in page needs in one answer (docs/api/session.md): GET /user's `user`,
   * GET /businesses' `businesses` and `selected_business_uuid`, and the selected business's
   * `plans` as GET /subscriptions/{id} answers them. One authentication and one read of the
   * memberships instead of three calls (docs/decisions/0011-one-call-for-the-app-shell.md).
   */
  .get("/user/app-state", doc({ response: appStateAnswer }), async (c) => {
    const { db } = c.var.deps;
    const { user, locale } = c.var;
    // The businesses with their access, types, PMS and owners, the direct grants and the bell's
    // unread count in one statement (shell-state.ts).
    const { state, linked, unread } = await shellStateOf(db, user);
    // The page's next calls about these businesses need not read the access again (ADR 0032).
    for (const [id, access] of state.access) knownThisRequest(accessKey(user.id, id), access);
    const selected = state.selected;
    const [list, plans] = await Promise.all([
      businessJsonMany(db, state.list, { locale, viewer: user, access: state.access, linked }),
      // Only the selected business, which is in the caller's own list: no other business is read.
      selected ? businessPlans(db, selected.id, locale) : [],
    ]);
    return c.json({
      user: userJson(user, permissionsIn(user, state)),
      businesses: list,
      selected_business_uuid: selected?.id ?? null,
      plans,
      unread_notifications: unread,
    } satisfies AppStateJson);
  })

  /** The caller's signed-in sessions (device, address, last seen), for "sign out everywhere". */
  .get("/auth/sessions", doc({ response: z.object({ sessions: z.array(sessionAnswer) }).strict() }), async (c) => {
    const { db, now } = c.var.deps;
    const sessions = await liveSessions(db, c.var.user.id, now());
    return c.json({ sessions: sessions.map((s) => sessionJson(s, c.var.sessionId)) });
  })

  /** Ends every session of the caller, this one included, and every access token they minted. */
  .post("/auth/logout-everywhere", doc({ response: successAnswer }), async (c) => {
    const { db, now } = c.var.deps;
    await revokeUserTokens(db, c.var.user.id, now());
    if (c.var.authMode === "cookie") clearSessionCookies(c);
    return c.json({ success: true });
  });

export const logoutRoutes = new Hono<AuthedEnv>()
  .post("/auth/logout", doc({ auth: "user", response: successAnswer }), requireUser, async (c) => {
    // The whole session ends, with every access token it minted (also when called with one of them).
    await revokeSession(c.var.deps.db, c.var.sessionId, c.var.deps.now());
    if (c.var.authMode === "cookie") clearSessionCookies(c);
    return c.json({ success: true });
  })

  /** A short-lived token for the page to hold in memory (spec section 4, "Session"). */
  .post("/auth/access-token", doc({ auth: "user", response: z.object({ response_code: z.literal("token.valid"), access_token: z.string(), expires_in: z.number().int() }).strict() }), requireUser, async (c) => {
    // Only a session may mint access tokens: otherwise one leaked access token would renew itself forever.
    if (c.var.tokenKind !== "session") throw new HttpError(403, "auth.sessionRequired");
    const { token } = await issueAccessToken(c.var.deps.db, c.var.user.id, c.var.sessionId, c.var.deps.now());
    return c.json({ response_code: "token.valid", access_token: token, expires_in: ACCESS_TOKEN_MINUTES * 60 });
  });
