import type { TFunction } from "i18next";
import { ApiError } from "#app/lib/api.server";
import type { BillingDoneJson } from "#contract/billing";
import type { BusinessJson } from "#contract/business";

/** The billing calls of the screens (spec section 7, "Subscriptions and payments"). */

/** What a billing write answers: its translated message. */
export type BillingAnswer = BillingDoneJson;

/** Only the owner (or an administrator) may see cards and invoices or change the plan; the API agrees. */
export function canManageBilling(business: BusinessJson | null, roles: readonly string[]): boolean {
  return !!business && (business.is_owner === true || roles.includes("administrator"));
}

/**
 * The text to show for a refused call: the server's own message (the provider's decline, a
 * translated rule) or, when it gave none, the spec's store message for the operation.
 */
export function refusalMessage(error: ApiError, fallbackKey: string, t: TFunction): string {
  return error.serverMessage ? error.message : t(fallbackKey, { ns: "errors" });
}

