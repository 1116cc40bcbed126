import type { TFunction } from "i18next";
import { ApiError, type ApiClient } from "#app/lib/api.server";
import type { BusinessJson } from "#contract/business";
import type { CatalogPlan, Invoice, PaymentMethodsView, SubscriptionData } from "#app/components/billing/types";

/** The billing calls of the screens (spec section 7, "Subscriptions and payments"). */

export interface BillingAnswer {
  success: boolean;
  message: string;
}

/** Only the owner (or an administrator) may see cards and invoices or change the plan; the API agrees. */
export function canManageBilling(business: BusinessJson | null, roles: readonly string[]): boolean {
  return !!business && (business.is_owner === true || roles.includes("administrator"));
}

export async function loadCatalog(api: ApiClient): Promise<CatalogPlan[]> {
  return (await api.get<{ data: CatalogPlan[] }>("/api/v1/plans")).data;
}

export async function loadSubscription(api: ApiClient, businessUuid: string): Promise<SubscriptionData> {
  return (await api.get<{ data: SubscriptionData }>(`/api/v1/subscriptions/${businessUuid}`)).data;
}

export async function loadPaymentMethods(api: ApiClient, businessUuid: string): Promise<PaymentMethodsView> {
  return (await api.get<{ data: PaymentMethodsView }>(`/api/v1/payments/${businessUuid}/methods`)).data;
}

export async function loadInvoices(api: ApiClient, businessUuid: string): Promise<Invoice[]> {
  return (await api.get<{ data: Invoice[] }>(`/api/v1/payments/${businessUuid}/invoices`)).data;
}

/**
 * The text to show for a refused call: the server's own message (the provider's decline, a
 * translated rule) or, when it gave none, the spec's store message for the operation.
 */
export function refusalMessage(error: ApiError, fallbackKey: string, t: TFunction): string {
  return error.serverMessage ? error.message : t(fallbackKey, { ns: "errors" });
}

