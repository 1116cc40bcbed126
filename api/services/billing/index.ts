import type { Config } from "#config";
import { builtinProvider } from "./builtin.ts";
import type { BillingProvider } from "./provider.ts";

/**
 * The billing provider registry (ADR 0007): the one module that knows both implementations, so
 * neither imports it back. provider.ts only describes what a provider does.
 */

let stripeProvider: Promise<BillingProvider> | undefined;

/** Stripe when STRIPE_SECRET_KEY is set (its SDK loaded on first use), otherwise the built-in provider. */
export async function providerFor(config: Pick<Config, "STRIPE_SECRET_KEY">): Promise<BillingProvider> {
  if (!config.STRIPE_SECRET_KEY) return builtinProvider;
  const key = config.STRIPE_SECRET_KEY;
  stripeProvider ??= import("./stripe.ts").then(({ createStripeProvider }) => createStripeProvider({ secretKey: key }));
  return stripeProvider;
}
