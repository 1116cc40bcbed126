import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { businesses, type Translated } from "./businesses.ts";
import { BILLING_INTERVALS, BILLING_PROVIDERS, COUPON_DURATIONS, INVOICE_STATUSES, SUBSCRIPTION_STATUSES } from "#domain/billing/terms.ts";

/**
 * Billing (spec sections 3 "Plan", "Payment method", 4 "Subscription state", 7 "Subscriptions and
 * payments"). Our database is the source of truth for what the screens show, whichever provider
 * moves the money (docs/decisions/0007-billing-provider.md): the built-in provider writes only
 * here, the Stripe provider mirrors Stripe's objects here (by API answer and by webhook).
 * Money is integer cents.
 */

export { BILLING_INTERVALS, BILLING_PROVIDERS, COUPON_DURATIONS, INVOICE_STATUSES, SUBSCRIPTION_STATUSES };
export type BillingProviderName = (typeof BILLING_PROVIDERS)[number];
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export type BillingInterval = (typeof BILLING_INTERVALS)[number];
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export type CouponDuration = (typeof COUPON_DURATIONS)[number];

/** The plan catalogue: base plans and add-ons. Seeded by migration (reference data). */
export const plans = pgTable(
  "plans",
  {
    id: serial().primaryKey(),
    /** The name gating uses: `ai`, `motor`, `competitorAnalysis`, base plans `essential`, `pro`. */
    planIdentifier: text().notNull().unique(),
    name: jsonb().$type<Translated>().notNull(),
    description: jsonb().$type<Translated>().notNull().default({}),
    currency: text().notNull().default("BRL"),
    priceMonthlyCents: integer().notNull(),
    priceYearlyCents: integer().notNull(),
    /** Null: the product default (14 days, spec section 9). */
    trialDays: integer(),
    includesChannel: boolean().notNull().default(false),
    isAddOn: boolean().notNull().default(false),
    upgradeAvailable: boolean().notNull().default(false),
    active: boolean().notNull().default(true),
    position: integer().notNull().default(0),
    /** Filled lazily by the Stripe provider the first time it bills this plan. */
    stripePriceMonthlyId: text(),
    stripePriceYearlyId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("plans_prices", sql`${t.priceMonthlyCents} >= 0 and ${t.priceYearlyCents} >= 0`),
    check("plans_trial_days", sql`${t.trialDays} is null or ${t.trialDays} >= 0`),
  ],
);

/** A business as a customer of the billing provider; one per business. */
export const billingCustomers = pgTable("billing_customers", {
  businessId: uuid()
    .primaryKey()
    .references(() => businesses.id, { onDelete: "cascade" }),
  provider: text({ enum: BILLING_PROVIDERS }).notNull(),
  /** `cus_…` */
  providerCustomerId: text().notNull().unique(),
  /** The business's default payment method (spec: `default_payment_method`), a payment_methods.id. */
  defaultPaymentMethodId: text(),
  /** Credit left over from a plan change to a cheaper plan, used by the next invoices. */
  balanceCents: integer().notNull().default(0),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Cards kept per business (spec section 5). Only what a screen shows is stored: never a card number. */
export const paymentMethods = pgTable(
  "payment_methods",
  {
    /** The provider's id, `pm_…` — what the API calls `id` and `payment_method_id`. */
    id: text().primaryKey(),
    businessId: uuid()
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    provider: text({ enum: BILLING_PROVIDERS }).notNull(),
    brand: text().notNull(),
    last4: text().notNull(),
    expMonth: integer().notNull(),
    expYear: integer().notNull(),
    /** Built-in provider: the test card it was made from (`pm_card_visa`…), which decides how charges go. */
    testCard: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("payment_methods_business_idx").on(t.businessId)],
);

export const coupons = pgTable(
  "coupons",
  {
    /** The code an owner types, upper case (Stripe calls it the coupon id). */
    id: text().primaryKey(),
    name: text().notNull(),
    percentOff: integer(),
    amountOffCents: integer(),
    currency: text().notNull().default("BRL"),
    duration: text({ enum: COUPON_DURATIONS }).notNull(),
    durationInMonths: integer(),
    expiresAt: timestamp({ withTimezone: true }),
    maxRedemptions: integer(),
    timesRedeemed: integer().notNull().default(0),
    active: boolean().notNull().default(true),
    stripeCouponId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "coupons_one_discount",
      sql`(${t.percentOff} is not null and ${t.amountOffCents} is null and ${t.percentOff} between 1 and 100)
        or (${t.percentOff} is null and ${t.amountOffCents} is not null and ${t.amountOffCents} > 0)`,
    ),
    check(
      "coupons_duration_months",
      sql`(${t.duration} = 'repeating') = (${t.durationInMonths} is not null and ${t.durationInMonths} >= 1)`,
    ),
    check("coupons_redemptions", sql`${t.maxRedemptions} is null or ${t.timesRedeemed} <= ${t.maxRedemptions}`),
  ],
);

/** One subscription per plan a business is on (base or add-on); canceled rows stay as history. */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: uuid()
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    planId: integer()
      .notNull()
      .references(() => plans.id),
    /** Copied from the plan, for the one-live-base-plan index below. */
    isAddOn: boolean().notNull(),
    status: text({ enum: SUBSCRIPTION_STATUSES }).notNull(),
    provider: text({ enum: BILLING_PROVIDERS }).notNull(),
    /** `sub_…` */
    providerSubscriptionId: text().notNull().unique(),
    interval: text({ enum: BILLING_INTERVALS }).notNull(),
    /** What one period costs at the current plan and interval, before any discount. */
    priceCents: integer().notNull(),
    currentPeriodStart: timestamp({ withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp({ withTimezone: true }).notNull(),
    trialEnd: timestamp({ withTimezone: true }),
    cancelAtPeriodEnd: boolean().notNull().default(false),
    canceledAt: timestamp({ withTimezone: true }),
    cancellationReason: text(),
    couponId: text().references(() => coupons.id),
    /** Paid periods the coupon still discounts; null with a coupon means forever. */
    discountPeriodsLeft: integer(),
    /** When the first unpaid renewal failed; the built-in provider cancels after a grace period. */
    pastDueSince: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("subscriptions_business_idx").on(t.businessId),
    index("subscriptions_renewal_idx").on(t.currentPeriodEnd).where(sql`${t.status} in ('trialing', 'active', 'past_due')`),
    // The database's own guard against a doubled subscribe: one live subscription per plan, and
    // one live base plan per business (the business row lock is the first guard).
    uniqueIndex("subscriptions_live_plan_idx")
      .on(t.businessId, t.planId)
      .where(sql`${t.status} in ('trialing', 'active', 'past_due')`),
    uniqueIndex("subscriptions_live_base_idx")
      .on(t.businessId)
      .where(sql`${t.isAddOn} = false and ${t.status} in ('trialing', 'active', 'past_due')`),
  ],
);

export interface InvoiceLine {
  kind: "subscription" | "proration_credit" | "proration_charge" | "discount" | "balance";
  plan_identifier?: string;
  /** ISO instants. */
  period_start?: string;
  period_end?: string;
  /** Negative for credits and discounts. */
  amount_cents: number;
}

export const invoices = pgTable(
  "invoices",
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: uuid()
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    subscriptionId: uuid().references(() => subscriptions.id, { onDelete: "set null" }),
    /** Human number, unique per business: `TRF-000001`. */
    number: text().notNull(),
    provider: text({ enum: BILLING_PROVIDERS }).notNull(),
    /** `in_…` */
    providerInvoiceId: text().notNull().unique(),
    currency: text().notNull().default("BRL"),
    lines: jsonb().$type<InvoiceLine[]>().notNull(),
    subtotalCents: integer().notNull(),
    discountCents: integer().notNull().default(0),
    /** Customer balance (proration credit) used on this invoice. */
    creditCents: integer().notNull().default(0),
    totalCents: integer().notNull(),
    status: text({ enum: INVOICE_STATUSES }).notNull(),
    paymentMethodId: text(),
    /** The provider's decline message of the last failed attempt. */
    failureMessage: text(),
    paidAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("invoices_business_number_idx").on(t.businessId, t.number), index("invoices_business_idx").on(t.businessId)],
);

export const couponRedemptions = pgTable(
  "coupon_redemptions",
  {
    id: serial().primaryKey(),
    couponId: text()
      .notNull()
      .references(() => coupons.id, { onDelete: "cascade" }),
    businessId: uuid()
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    subscriptionId: uuid().references(() => subscriptions.id, { onDelete: "set null" }),
    redeemedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // A business uses a coupon once.
  (t) => [uniqueIndex("coupon_redemptions_once_idx").on(t.couponId, t.businessId)],
);

export type PlanRow = typeof plans.$inferSelect;
export type BillingCustomerRow = typeof billingCustomers.$inferSelect;
export type PaymentMethodRow = typeof paymentMethods.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;
export type CouponRow = typeof coupons.$inferSelect;
