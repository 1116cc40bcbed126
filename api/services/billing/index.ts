/** Billing: plans, subscriptions, payment methods, invoices and coupons (issue 7, ADR 0007). */
export { businessPlans, catalog } from "./plans.ts";
export { renewDue, builtinProvider, type RenewalReport } from "./builtin.ts";
export { providerFor, PaymentError, ProviderError, type BillingProvider } from "./provider.ts";
