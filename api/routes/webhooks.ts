import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "#api/context.ts";
import { logger } from "#api/logger.ts";
import { applyStripeEvent, verifyStripeEvent } from "#api/services/billing/stripe.ts";
import { docs } from "#api/openapi/describe.ts";

const doc = docs("Webhooks");

/**
 * POST /api/webhooks/stripe: Stripe's events, accepted only with a valid `Stripe-Signature` for
 * STRIPE_WEBHOOK_SECRET (404 when no secret is configured: the built-in provider has no webhooks).
 * The raw body is what is signed, so it is read as text before any parsing.
 */
export const webhookRoutes = new Hono<ApiEnv>();

webhookRoutes.post("/webhooks/stripe", doc({ response: z.object({ received: z.literal(true), applied: z.boolean() }).strict() }), async (c) => {
  const secret = c.var.deps.config.STRIPE_WEBHOOK_SECRET;
  if (!secret) return c.json({ message: c.var.t("api.notFound") }, 404);
  const signature = c.req.header("stripe-signature");
  const payload = await c.req.text();
  let event;
  try {
    if (!signature) throw new Error("no signature");
    event = await verifyStripeEvent(payload, signature, secret);
  } catch {
    return c.json({ message: c.var.t("billing.webhookSignature") }, 400);
  }
  try {
    const applied = await applyStripeEvent(c.var.deps.db, event, c.var.deps.now());
    return c.json({ received: true, applied });
  } catch (err) {
    // 500 makes Stripe retry later, which is what we want when our database is briefly unavailable.
    logger.error({ msg: "stripe webhook failed", type: event.type, id: event.id, err });
    return c.json({ message: c.var.t("api.internal") }, 500);
  }
});
