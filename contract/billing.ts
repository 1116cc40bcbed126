import { z } from "zod";
import { BILLING_INTERVALS, BILLING_PROVIDERS, COUPON_DURATIONS, INVOICE_STATUSES, SUBSCRIPTION_STATUSES } from "#domain/billing/terms.ts";
import { cents, timestamp } from "./primitives.ts";

/**
 * The wire shapes of plans, subscriptions, invoices and cards (spec section 3 "Plan", section 7)
 * as Zod schemas: the documented answers (doc({ response }), ADR 0022) and the serializers' types
 * (plans.ts, service.ts).
 */

export const catalogPlanAnswer = z
  .object({
    plan_identifier: z.string(),
    name: z.string(),
    description: z.string(),
    currency: z.string(),
    price_monthly_cents: cents,
    price_yearly_cents: cents,
    trial_days: z.number().int().nullable(),
    /** 1 means the plan includes channels (spec section 3). */
    includes_channel: z.union([z.literal(0), z.literal(1)]),
    is_add_on: z.boolean(),
    upgrade_available: z.boolean(),
    position: z.number().int(),
  })
  .strict();
export type CatalogPlanJson = z.infer<typeof catalogPlanAnswer>;

export const couponAnswer = z
  .object({
    id: z.string(),
    name: z.string(),
    percent_off: z.number().nullable(),
    amount_off: cents.nullable(),
    currency: z.string(),
    duration: z.enum(COUPON_DURATIONS),
    duration_in_months: z.number().int().nullable(),
  })
  .strict();
export type CouponJson = z.infer<typeof couponAnswer>;

/** One entry of `data.plans`: a plan the business is (or was) on, with its subscription's state. */
export const businessPlanAnswer = z
  .object({
    plan_identifier: z.string(),
    name: z.string(),
    stripe_status: z.enum(SUBSCRIPTION_STATUSES).nullable(),
    includes_channel: z.union([z.literal(0), z.literal(1)]),
    is_add_on: z.boolean(),
    upgrade_available: z.boolean(),
    trial_days: z.number().int().nullable(),
    subscription_id: z.string(),
    currency: z.string(),
    price_cents: cents,
    interval: z.enum(BILLING_INTERVALS),
    current_period_start: timestamp,
    current_period_end: timestamp,
    trial_end: timestamp.nullable(),
    cancel_at_period_end: z.boolean(),
    canceled_at: timestamp.nullable(),
    cancellation_reason: z.string().nullable(),
    coupon: couponAnswer.nullable(),
    discount_periods_left: z.number().int().nullable(),
  })
  .strict();
/** One entry of `data.plans`: a plan the business is (or was) on, with its subscription's state. */
export type BusinessPlanJson = z.infer<typeof businessPlanAnswer>;

export const invoiceLineAnswer = z
  .object({
    kind: z.enum(["subscription", "proration_credit", "proration_charge", "discount", "balance"]),
    plan_identifier: z.string().optional(),
    period_start: timestamp.optional(),
    period_end: timestamp.optional(),
    /** Negative for credits and discounts. */
    amount_cents: cents,
  })
  .strict();

export const invoiceAnswer = z
  .object({
    id: z.string(),
    number: z.string(),
    status: z.enum(INVOICE_STATUSES),
    currency: z.string(),
    lines: z.array(invoiceLineAnswer),
    subtotal_cents: cents,
    discount_cents: cents,
    credit_cents: cents,
    total_cents: cents,
    provider: z.enum(BILLING_PROVIDERS),
    /** Built-in provider: says in the caller's language that this is a test invoice. */
    notice: z.string().nullable(),
    payment_method_id: z.string().nullable(),
    failure_message: z.string().nullable(),
    paid_at: timestamp.nullable(),
    created_at: timestamp,
  })
  .strict();
export type InvoiceJson = z.infer<typeof invoiceAnswer>;

export const paymentMethodsAnswer = z
  .object({
    payment_methods: z.array(
      z
        .object({ id: z.string(), brand: z.string(), last4: z.string(), exp_month: z.number().int(), exp_year: z.number().int(), is_default: z.boolean() })
        .strict(),
    ),
    default_payment_method: z.string().nullable(),
  })
  .strict();
export type PaymentMethodsView = z.infer<typeof paymentMethodsAnswer>;

export const changePreviewAnswer = z
  .object({
    from_plan_identifier: z.string(),
    to_plan_identifier: z.string(),
    currency: z.string(),
    trialing: z.boolean(),
    total_days: z.number().int(),
    remaining_days: z.number().int(),
    credit_cents: cents,
    charge_cents: cents,
    net_cents: cents,
    /** What the default card is charged now (after the customer's credit). */
    due_now_cents: cents,
    /** Credit kept for the next invoices. */
    credit_after_cents: cents,
    next_price_cents: cents,
    interval: z.enum(BILLING_INTERVALS),
  })
  .strict();
export type ChangePreview = z.infer<typeof changePreviewAnswer>;

export const renewalReportAnswer = z
  .object({ renewed: z.number().int(), canceled: z.number().int(), pastDue: z.number().int(), recovered: z.number().int() })
  .strict();

/** GET /subscriptions/{id}: `invoices` only for who manages billing (owner, administrator). */
export const subscriptionStateAnswer = z
  .object({
    plans: z.array(businessPlanAnswer),
    trial_days: z.number().int(),
    trial_available: z.boolean(),
    invoices: z.array(invoiceAnswer).optional(),
  })
  .strict();
export type SubscriptionStateJson = z.infer<typeof subscriptionStateAnswer>;

/** A billing write that went through: its translated message (subscribe, unsubscribe, add-ons, plan changes). */
export const billingDoneAnswer = z.object({ success: z.literal(true), message: z.string() }).strict();
export type BillingDoneJson = z.infer<typeof billingDoneAnswer>;
