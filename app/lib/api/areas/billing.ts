import type { z } from "zod";
import type { BillingDoneJson, CatalogPlanJson, ChangePreview, InvoiceJson, PaymentMethodsView, SubscriptionStateJson } from "#contract/billing";
import type {
  addAddonSchema,
  addPaymentMethodSchema,
  changePlanSchema,
  paymentMethodIdSchema,
  removeAddonSchema,
  resumeSchema,
  subscribeSchema,
  unsubscribeSchema,
} from "#domain/schemas/billing";
import type { ApiVerbs } from "#app/lib/api/verbs.ts";

/** A change to the cards: its message and the cards as they are now. */
type CardsDone = BillingDoneJson & { data: PaymentMethodsView };

/** The billing calls (spec section 7, "Subscriptions and payments"); each write answers its translated message. */
export function billingApi(http: ApiVerbs) {
  const data = async <T>(path: string, query?: Record<string, string>) => (await http.get<{ data: T }>(path, { query })).data;
  const subscription = (businessUuid: string) => `/api/v1/subscriptions/${businessUuid}`;
  const methods = (businessUuid: string) => `/api/v1/payments/${businessUuid}/methods`;
  return {
    /** GET /plans: the catalogue. */
    plans: () => data<CatalogPlanJson[]>("/api/v1/plans"),
    /** GET /subscriptions/{id}. */
    subscription: (businessUuid: string) => data<SubscriptionStateJson>(subscription(businessUuid)),
    /** GET /subscriptions/{id}/change-plan/preview?to=. */
    changePreview: (businessUuid: string, to: string) => data<ChangePreview>(`${subscription(businessUuid)}/change-plan/preview`, { to }),
    /** GET /payments/{id}/methods. */
    paymentMethods: (businessUuid: string) => data<PaymentMethodsView>(methods(businessUuid)),
    /** GET /payments/{id}/invoices. */
    invoices: (businessUuid: string) => data<InvoiceJson[]>(`/api/v1/payments/${businessUuid}/invoices`),
    /** POST /subscriptions/{id}/subscribe. */
    subscribe: (businessUuid: string, body: z.input<typeof subscribeSchema>) => http.post<BillingDoneJson>(`${subscription(businessUuid)}/subscribe`, body),
    /** POST /subscriptions/{id}/unsubscribe. */
    unsubscribe: (businessUuid: string, body: z.input<typeof unsubscribeSchema>) => http.post<BillingDoneJson>(`${subscription(businessUuid)}/unsubscribe`, body),
    /** POST /subscriptions/{id}/resume. */
    resume: (businessUuid: string, body: z.input<typeof resumeSchema>) => http.post<BillingDoneJson>(`${subscription(businessUuid)}/resume`, body),
    /** POST /subscriptions/{id}/change-plan. */
    changePlan: (businessUuid: string, body: z.input<typeof changePlanSchema>) => http.post<BillingDoneJson>(`${subscription(businessUuid)}/change-plan`, body),
    /** POST /subscriptions/{id}/addons. */
    addAddon: (businessUuid: string, body: z.input<typeof addAddonSchema>) => http.post<BillingDoneJson>(`${subscription(businessUuid)}/addons`, body),
    /** POST /subscriptions/{id}/addons/remove. */
    removeAddon: (businessUuid: string, body: z.input<typeof removeAddonSchema>) => http.post<BillingDoneJson>(`${subscription(businessUuid)}/addons/remove`, body),
    /** POST /payments/{id}/methods (201). */
    addCard: (businessUuid: string, body: z.input<typeof addPaymentMethodSchema>) => http.post<CardsDone>(methods(businessUuid), body),
    /** PUT /payments/{id}/methods/default. */
    setDefaultCard: (businessUuid: string, body: z.input<typeof paymentMethodIdSchema>) => http.put<CardsDone>(`${methods(businessUuid)}/default`, body),
    /** DELETE /payments/{id}/methods: the card named in the body. */
    removeCard: (businessUuid: string, body: z.input<typeof paymentMethodIdSchema>) => http.delete<CardsDone>(methods(businessUuid), body),
  };
}
