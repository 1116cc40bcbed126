import type { z } from "zod";
import type { BillingDoneJson, CatalogPlanJson, ChangePreview, InvoiceJson, PaymentMethodsView, SubscriptionStateJson } from "#contract/billing";
import type { subscribeSchema } from "#domain/schemas/billing";
import type { ApiVerbs } from "#app/lib/api/verbs.ts";

/** The billing calls (spec section 7, "Subscriptions and payments"). */
export function billingApi(http: ApiVerbs) {
  const data = async <T>(path: string, query?: Record<string, string>) => (await http.get<{ data: T }>(path, { query })).data;
  return {
    /** GET /plans: the catalogue. */
    plans: () => data<CatalogPlanJson[]>("/api/v1/plans"),
    /** GET /subscriptions/{id}. */
    subscription: (businessUuid: string) => data<SubscriptionStateJson>(`/api/v1/subscriptions/${businessUuid}`),
    /** GET /subscriptions/{id}/change-plan/preview?to=. */
    changePreview: (businessUuid: string, to: string) =>
      data<ChangePreview>(`/api/v1/subscriptions/${businessUuid}/change-plan/preview`, { to }),
    /** GET /payments/{id}/methods. */
    paymentMethods: (businessUuid: string) => data<PaymentMethodsView>(`/api/v1/payments/${businessUuid}/methods`),
    /** GET /payments/{id}/invoices. */
    invoices: (businessUuid: string) => data<InvoiceJson[]>(`/api/v1/payments/${businessUuid}/invoices`),
    /** POST /subscriptions/{id}/subscribe. */
    subscribe: (businessUuid: string, body: z.input<typeof subscribeSchema>) => http.post<BillingDoneJson>(`/api/v1/subscriptions/${businessUuid}/subscribe`, body),
  };
}
