/** The billing API's answers as the web reads them (types only: safe in the browser). */
import type { PaymentMethodsView } from "#contract/billing";

export type { BusinessPlanJson as BusinessPlan, CatalogPlanJson as CatalogPlan, InvoiceJson as Invoice } from "#contract/billing";
export type { AdminCouponJson as AdminCoupon } from "#contract/coupons";
export type { ChangePreview, PaymentMethodsView } from "#contract/billing";

export type PaymentMethod = PaymentMethodsView["payment_methods"][number];

