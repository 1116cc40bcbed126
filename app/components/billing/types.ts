/** The billing API's answers as the web reads them (types only: safe in the browser). */
export type { BusinessPlanJson as BusinessPlan, CatalogPlanJson as CatalogPlan, InvoiceJson as Invoice } from "../../../api/services/billing/plans";
export type { AdminCouponJson as AdminCoupon } from "../../../api/services/billing/coupons";
export type { ChangePreview, PaymentMethodsView } from "../../../api/services/billing/service";

export type PaymentMethod = import("../../../api/services/billing/service").PaymentMethodsView["payment_methods"][number];

export interface SubscriptionData {
  plans: import("../../../api/services/billing/plans").BusinessPlanJson[];
  trial_days: number;
  trial_available: boolean;
  invoices?: import("../../../api/services/billing/plans").InvoiceJson[];
}
