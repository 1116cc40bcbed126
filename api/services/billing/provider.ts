import type { BillingInterval } from "#domain/billing/periods.ts";
import type { Database } from "#api/db/client.ts";
import type {
  BillingCustomerRow,
  BillingProviderName,
  CouponRow,
  InvoiceLine,
  InvoiceStatus,
  PaymentMethodRow,
  PlanRow,
  SubscriptionRow,
  SubscriptionStatus,
} from "#api/db/schema/index.ts";
import type { BusinessRow } from "#api/services/business-access.ts";

/**
 * The billing provider: who moves the money (docs/decisions/0007-billing-provider.md). The
 * service (service.ts) checks who may do what, locks the business, validates plans and coupons
 * and keeps our tables; the provider performs the money-moving step and says what came of it, in
 * one shape whichever provider it is. Two implementations: the built-in one (default; test cards,
 * everything in our database, lifecycle run by `renewDue`) and Stripe (when STRIPE_SECRET_KEY is set).
 */

/** A card was refused, or the provider refused the operation with a message for the owner. */
export class PaymentError extends Error {
  constructor(
    /** The provider's message (Stripe's text, or a translation key of the `errors` namespace). */
    message: string,
    readonly code = "card_declined",
  ) {
    super(message);
  }
}

/** What the provider knows of a card; the id is the provider's (`pm_…`). */
export interface CardDetails {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  /** Built-in provider only: the test card the card was made from. */
  testCard?: string | null;
}

/** The subscription fields the provider decides; the service writes them. */
export interface SubscriptionState {
  providerSubscriptionId: string;
  status: SubscriptionStatus;
  interval: BillingInterval;
  priceCents: number;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  trialEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  canceledAt: Date | null;
  discountPeriodsLeft: number | null;
  pastDueSince: Date | null;
}

/** An invoice the provider issued with this operation (the service numbers and stores it). */
export interface InvoiceDraft {
  providerInvoiceId: string;
  number?: string | null;
  lines: InvoiceLine[];
  subtotalCents: number;
  discountCents: number;
  creditCents: number;
  totalCents: number;
  status: InvoiceStatus;
  paymentMethodId: string | null;
  failureMessage?: string | null;
  paidAt: Date | null;
}

export interface Outcome {
  subscription: SubscriptionState;
  invoice?: InvoiceDraft | null;
  /** The customer's credit balance after the operation, when it changed. */
  balanceCents?: number;
}

export interface OperationContext {
  /** The transaction the service runs in (the business row is locked). */
  tx: Database;
  now: Date;
  business: BusinessRow;
  customer: BillingCustomerRow;
}

export interface StartInput {
  plan: PlanRow;
  interval: BillingInterval;
  paymentMethod: PaymentMethodRow | null;
  coupon: CouponRow | null;
  /** 0 for no trial. */
  trialDays: number;
  /** For an add-on: the live base subscription it follows (same period end, same trial). */
  base?: (SubscriptionRow & { plan: PlanRow }) | null;
}

export interface ChangeInput {
  subscription: SubscriptionRow;
  from: PlanRow;
  to: PlanRow;
  prorate: boolean;
  paymentMethod: PaymentMethodRow | null;
}

export interface CancelInput {
  subscription: SubscriptionRow;
  immediately: boolean;
  reason?: string;
}

export interface BillingProvider {
  readonly name: BillingProviderName;
  /** The provider-side customer for a business (`cus_…`). */
  createCustomer(business: BusinessRow): Promise<string>;
  /** Checks and attaches a card given by token or id; PaymentError when it is refused. */
  attachPaymentMethod(ctx: OperationContext, token: string): Promise<CardDetails>;
  detachPaymentMethod(ctx: OperationContext, paymentMethod: PaymentMethodRow): Promise<void>;
  setDefaultPaymentMethod(ctx: OperationContext, paymentMethod: PaymentMethodRow | null): Promise<void>;
  startSubscription(ctx: OperationContext, input: StartInput): Promise<Outcome>;
  changePlan(ctx: OperationContext, input: ChangeInput): Promise<Outcome>;
  cancel(ctx: OperationContext, input: CancelInput): Promise<Outcome>;
  /** Undoes a cancel-at-period-end. (A canceled subscription is restarted by the service instead.) */
  resume(ctx: OperationContext, subscription: SubscriptionRow): Promise<Outcome>;
}

/** The state of an existing row, as a starting point for an outcome. */
export function stateOf(row: SubscriptionRow): SubscriptionState {
  return {
    providerSubscriptionId: row.providerSubscriptionId,
    status: row.status,
    interval: row.interval,
    priceCents: row.priceCents,
    currentPeriodStart: row.currentPeriodStart,
    currentPeriodEnd: row.currentPeriodEnd,
    trialEnd: row.trialEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    canceledAt: row.canceledAt,
    discountPeriodsLeft: row.discountPeriodsLeft,
    pastDueSince: row.pastDueSince,
  };
}

export function priceFor(plan: PlanRow, interval: BillingInterval): number {
  return interval === "year" ? plan.priceYearlyCents : plan.priceMonthlyCents;
}

/** The provider failed for another reason (unreachable, misconfigured); `message` may be empty. */
export class ProviderError extends Error {}
