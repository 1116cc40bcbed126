/**
 * The closed vocabularies of billing (spec sections 3 "Plan", 4 "Subscription state", 7
 * "Subscriptions and payments"): the database's columns and the API's answers take their values
 * from these lists.
 */

export const BILLING_PROVIDERS = ["builtin", "stripe"] as const;

/** Stripe's subscription statuses, the ones this product uses (spec: `stripe_status`). */
export const SUBSCRIPTION_STATUSES = ["trialing", "active", "past_due", "canceled", "incomplete"] as const;

export const BILLING_INTERVALS = ["month", "year"] as const;

export const INVOICE_STATUSES = ["paid", "open", "void"] as const;

export const COUPON_DURATIONS = ["once", "repeating", "forever"] as const;
