import type { Context } from "hono";
import { z } from "zod";
import type { ApiEnv } from "#api/context.ts";
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { isAdministrator } from "#domain/access/permissions.ts";
import {
  addAddonSchema,
  addPaymentMethodSchema,
  changePlanSchema,
  paymentMethodIdSchema,
  removeAddonSchema,
  resumeSchema,
  subscribeSchema,
  unsubscribeSchema,
} from "#domain/schemas/billing.ts";
import { validateSubscribeInput } from "#domain/text/sanitize.ts";
import type { Translated } from "#api/db/schema/index.ts";
import { forbidden, HttpError } from "#api/errors.ts";
import { logger } from "#api/logger.ts";
import { requireBusiness, type BusinessEnv } from "#api/middleware/business.ts";
import { renewDue } from "#api/services/billing/builtin.ts";
import { businessPlans, catalog, catalogPlanJson, hadBasePlan, invoiceJson, invoicesOf, localized, trialDaysFor } from "#api/services/billing/plans.ts";
import { providerFor } from "#api/services/billing/index.ts";
import * as billing from "#api/services/billing/service.ts";
import { jsonBody as parseBody, parseWith as parseInput } from "#api/validate.ts";
import { docs } from "#api/openapi/describe.ts";
import { envelope } from "#contract/primitives.ts";
import {
  billingDoneAnswer as doneAnswer,
  catalogPlanAnswer,
  changePreviewAnswer,
  invoiceAnswer,
  paymentMethodsAnswer,
  renewalReportAnswer,
  subscriptionStateAnswer,
} from "#contract/billing.ts";

const doc = docs("Billing");

/** A change to the cards: the confirmation and the cards as they are now. */
const cardsDoneAnswer = doneAnswer.extend({ data: paymentMethodsAnswer }).strict();
const withData = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data }).strict();
const previewQuery = z.object({ to: z.string().trim().min(1).max(100) });
/** DELETE /payments/{id}/methods: the id may come in the query (clients that cannot send a DELETE body). */
const removeCardQuery = z.object({ payment_method_id: paymentMethodIdSchema.shape.payment_method_id.optional() });

/**
 * Subscriptions and payments (spec section 7, issue 7). The {id} of /subscriptions/{id} and
 * /payments/{id} is the business's. Anyone who reaches the business may read its plans (the web's
 * guard needs them on every page); only its owner, or an administrator, may change what it pays
 * for or see its cards and invoices. Answers carry `success` and a translated `message`, failures
 * too (`success: false`).
 */

export const billingRoutes = new Hono<BusinessEnv>();

/** The shared parsers are typed for the plain ApiEnv context. */
const jsonBody = <S extends z.ZodType>(c: Context<BusinessEnv>, schema: S) => parseBody(c as unknown as Context<ApiEnv>, schema);
const parseWith = <S extends z.ZodType>(c: Context<BusinessEnv>, schema: S, input: unknown) => parseInput(c as unknown as Context<ApiEnv>, schema, input);

/** Keys of our catalogue look like `billing.cardDeclined`; anything else (Stripe's own text) is shown as is. */
const KEY = /^[a-zA-Z]+(\.[a-zA-Z0-9_]+)+$/;

function say(c: Context<BusinessEnv>, message: string, values: Record<string, unknown> = {}): string {
  const resolved = Object.fromEntries(
    Object.entries(values).map(([k, v]) => [k, v && typeof v === "object" ? localized(v as Translated, c.var.locale) : v]),
  );
  return KEY.test(message) ? c.var.t(message, { defaultValue: message, ...resolved }) : message;
}

billingRoutes.onError((err, c) => {
  const ctx = c as unknown as Context<BusinessEnv>;
  if (err instanceof HttpError) {
    const message = say(ctx, err.message, err.values);
    const errors = err.errors ? Object.fromEntries(Object.entries(err.errors).map(([field, list]) => [field, list.map((m) => say(ctx, m))])) : undefined;
    return c.json({ success: false, message, ...(errors ? { errors } : {}) }, err.status);
  }
  logger.error({ msg: "unhandled", request_id: c.var.requestId, err });
  return c.json({ success: false, message: c.var.t("api.internal") }, 500);
});

/** The business's owner, or an administrator: collaborators cannot touch what the hotel pays for. */
const requireBillingManager = createMiddleware<BusinessEnv>(async (c, next) => {
  const { access, user } = c.var;
  if (!access.isOwner && !access.asAdministrator && !isAdministrator(user.roles)) throw forbidden();
  await next();
});

const business = requireBusiness();

async function deps(c: Context<BusinessEnv>): Promise<billing.BillingDeps> {
  const { db, config, now, billing: provider } = c.var.deps;
  return { db, provider: provider ?? (await providerFor(config)), now: now(), actor: { kind: "user", userId: c.var.user.id } };
}

function done(c: Context<BusinessEnv>, result: billing.Done, status: ContentfulStatusCode = 200, extra: Record<string, unknown> = {}) {
  return c.json({ success: true, message: say(c, result.message, result.values), ...extra }, status);
}

billingRoutes.get("/plans", doc({ response: envelope(z.array(catalogPlanAnswer)) }), async (c) => {
  const plans = await catalog(c.var.deps.db);
  return c.json({ data: plans.map((p) => catalogPlanJson(p, c.var.locale)) });
});

billingRoutes.get("/subscriptions/:id", doc({ response: envelope(subscriptionStateAnswer) }), business, async (c) => {
  const { db } = c.var.deps;
  const id = c.req.param("id");
  const [plans, catalogPlans, hadBase] = await Promise.all([businessPlans(db, id, c.var.locale), catalog(db), hadBasePlan(db, id)]);
  const data: z.infer<typeof subscriptionStateAnswer> = { plans, trial_days: trialDaysFor(plans, catalogPlans), trial_available: !hadBase };
  // Invoices are for who manages billing; collaborators read only the plans (gating).
  const { access, user } = c.var;
  if (access.isOwner || access.asAdministrator || isAdministrator(user.roles)) {
    data.invoices = (await invoicesOf(db, id, 12)).map((row) => invoiceView(c, row));
  }
  return c.json({ data });
});

function invoiceView(c: Context<BusinessEnv>, row: Parameters<typeof invoiceJson>[0]) {
  const notice = row.provider === "builtin" ? c.var.t("billing.builtinInvoiceNotice") : null;
  return invoiceJson(row, notice, row.failureMessage ? say(c, row.failureMessage) : null);
}

billingRoutes.post("/subscriptions/:id/subscribe", doc({ body: subscribeSchema, response: doneAnswer }), business, requireBillingManager, async (c) => {
  const body = await jsonBody(c, subscribeSchema);
  const checked = validateSubscribeInput({ businessUuid: c.req.param("id"), ...body });
  if (!checked.ok) {
    const key = checked.error === "Invalid business UUID format" ? "api.invalidBusinessUuid" : "billing.subscribeRequired";
    throw new HttpError(422, key, { plan_identifier: [key] });
  }
  return done(c, await billing.subscribe(await deps(c), c.req.param("id"), checked.value));
});

billingRoutes.post("/subscriptions/:id/unsubscribe", doc({ body: unsubscribeSchema, response: doneAnswer }), business, requireBillingManager, async (c) => {
  const body = await jsonBody(c, unsubscribeSchema);
  return done(c, await billing.unsubscribe(await deps(c), c.req.param("id"), body));
});

billingRoutes.post("/subscriptions/:id/addons", doc({ body: addAddonSchema, response: doneAnswer }), business, requireBillingManager, async (c) => {
  const body = await jsonBody(c, addAddonSchema);
  return done(c, await billing.addAddon(await deps(c), c.req.param("id"), body.addon_plan_identifier));
});

billingRoutes.post("/subscriptions/:id/addons/remove", doc({ body: removeAddonSchema, response: doneAnswer }), business, requireBillingManager, async (c) => {
  const body = await jsonBody(c, removeAddonSchema);
  return done(c, await billing.removeAddon(await deps(c), c.req.param("id"), body));
});

billingRoutes.post("/subscriptions/:id/change-plan", doc({ body: changePlanSchema, response: doneAnswer }), business, requireBillingManager, async (c) => {
  const body = await jsonBody(c, changePlanSchema);
  return done(c, await billing.changePlan(await deps(c), c.req.param("id"), body));
});

billingRoutes.get("/subscriptions/:id/change-plan/preview", doc({ query: previewQuery, response: withData(changePreviewAnswer) }), business, requireBillingManager, async (c) => {
  const { to } = parseWith(c, previewQuery, { to: c.req.query("to") ?? "" });
  const { db, now } = c.var.deps;
  return c.json({ success: true, data: await billing.previewChange(db, c.req.param("id"), to, now()) });
});

billingRoutes.post("/subscriptions/:id/resume", doc({ body: resumeSchema, response: doneAnswer }), business, requireBillingManager, async (c) => {
  const body = await jsonBody(c, resumeSchema);
  return done(c, await billing.resume(await deps(c), c.req.param("id"), body.plan_identifier));
});

billingRoutes.get("/payments/:id/methods", doc({ response: withData(paymentMethodsAnswer) }), business, requireBillingManager, async (c) => {
  return c.json({ success: true, data: await billing.paymentMethodsView(c.var.deps.db, c.req.param("id")) });
});

billingRoutes.post("/payments/:id/methods", doc({ body: addPaymentMethodSchema, status: 201, response: cardsDoneAnswer }), business, requireBillingManager, async (c) => {
  const body = await jsonBody(c, addPaymentMethodSchema);
  const result = await billing.addPaymentMethod(await deps(c), c.req.param("id"), body);
  return done(c, result, 201, { data: await billing.paymentMethodsView(c.var.deps.db, c.req.param("id")) });
});

/** The id comes in the JSON body (spec) or, for clients that cannot send a DELETE body, the query. */
billingRoutes.delete("/payments/:id/methods", doc({ body: paymentMethodIdSchema, query: removeCardQuery, response: cardsDoneAnswer }), business, requireBillingManager, async (c) => {
  const fromQuery = c.req.query("payment_method_id");
  const body = fromQuery !== undefined ? parseWith(c, paymentMethodIdSchema, { payment_method_id: fromQuery }) : await jsonBody(c, paymentMethodIdSchema);
  const result = await billing.removePaymentMethod(await deps(c), c.req.param("id"), body.payment_method_id);
  return done(c, result, 200, { data: await billing.paymentMethodsView(c.var.deps.db, c.req.param("id")) });
});

billingRoutes.put("/payments/:id/methods/default", doc({ body: paymentMethodIdSchema, response: cardsDoneAnswer }), business, requireBillingManager, async (c) => {
  const body = await jsonBody(c, paymentMethodIdSchema);
  const result = await billing.setDefaultPaymentMethod(await deps(c), c.req.param("id"), body.payment_method_id);
  return done(c, result, 200, { data: await billing.paymentMethodsView(c.var.deps.db, c.req.param("id")) });
});

billingRoutes.get("/payments/:id/invoices", doc({ response: withData(z.array(invoiceAnswer)) }), business, requireBillingManager, async (c) => {
  const rows = await invoicesOf(c.var.deps.db, c.req.param("id"), 200);
  return c.json({ success: true, data: rows.map((row) => invoiceView(c, row)) });
});

/**
 * Runs the built-in provider's renewals now (administrators; a scheduler normally does this).
 * Answers what happened.
 */
billingRoutes.post("/admin/billing/renew", doc({ response: withData(renewalReportAnswer) }), async (c) => {
  if (!isAdministrator(c.var.user.roles)) throw forbidden();
  const { db, now } = c.var.deps;
  // The failures are in the log (and in the daily command's runs); the answer keeps its counts.
  const { errors: _errors, ...counts } = await renewDue(db, now());
  return c.json({ success: true, data: counts });
});
