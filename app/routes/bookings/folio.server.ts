import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { isUuid } from "#domain/text/sanitize";
import { issueToKey } from "#domain/validation";
import type { ApiClient } from "#app/lib/api.server";
import type { AppSession } from "#app/lib/session.server";
import { redirectWithToast } from "#app/lib/toast.server";
import { ApiError } from "#app/lib/bookings.server";
import { extraForm, paymentForm, paymentPayload } from "#app/components/ledger/schemas";
import type { FolioActionData, FolioData } from "#app/components/ledger/types";
import { replyWithApiError } from "#app/lib/api-reply.server";

/**
 * The folio section of a reservation's page (extras, payments, balance): what its loader adds,
 * and the part of its action that handles the folio's forms.
 */

export const FOLIO_INTENTS = ["add_extra", "remove_extra", "add_payment", "remove_payment"] as const;
export const isFolioIntent = (intent: unknown): boolean => (FOLIO_INTENTS as readonly unknown[]).includes(intent);

export async function loadFolio(api: ApiClient, businessUuid: string, reservationId: string): Promise<FolioData> {
  const [folio, items, pointsOfSale, accounts] = await Promise.all([
    api.folio.get(businessUuid, reservationId),
    api.folio.activeItems(businessUuid),
    api.folio.activePointsOfSale(businessUuid),
    api.ledger.accountsWhere(businessUuid, { active: "1" }),
  ]);
  return { folio, items, pointsOfSale, accounts };
}

export async function folioAction(args: { formData: FormData; api: ApiClient; session: AppSession; businessUuid: string; reservationId: string }) {
  const { formData, api, session, businessUuid, reservationId } = args;
  const page = `/bookings/${reservationId}`;
  const intent = formData.get("intent");
  const done = (message: string) => redirectWithToast(`${page}#folio-heading`, { kind: "success", message }, { session });
  if (intent === "remove_extra" || intent === "remove_payment") {
    const id = String(formData.get("uuid") ?? "");
    if (!isUuid(id)) return data<FolioActionData>({ folio: { error: "validation.uuid" } }, { status: 422 });
    try {
      await api.folio.remove(businessUuid, reservationId, intent === "remove_extra" ? "extras" : "payments", id);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return data<FolioActionData>({ folio: { error: error.serverMessage ?? error.message } }, { status: error.status });
    }
    return done(intent === "remove_extra" ? "ledger:toast.extraRemoved" : "ledger:toast.paymentRemoved");
  }
  if (intent === "add_extra") {
    const submission = parseWithZod(formData, { schema: extraForm, error: issueToKey });
    if (submission.status !== "success") return data<FolioActionData>({ folio: { extra: submission.reply() } }, { status: 422 });
    const { intent: _intent, ...body } = submission.value;
    try {
      await api.folio.addExtra(businessUuid, reservationId, body);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return data<FolioActionData>({ folio: { extra: replyWithApiError(submission, error, { fields: ["item_uuid", "quantity", "point_of_sale_uuid"] }) } }, { status: error.status });
    }
    return done("ledger:toast.extraAdded");
  }
  const submission = parseWithZod(formData, { schema: paymentForm, error: issueToKey });
  if (submission.status !== "success") return data<FolioActionData>({ folio: { payment: submission.reply() } }, { status: 422 });
  try {
    await api.folio.addPayment(businessUuid, reservationId, paymentPayload(submission.value));
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return data<FolioActionData>({ folio: { payment: replyWithApiError(submission, error, { fields: ["account_uuid", "kind", "amount", "received_on", "notes"] }) } }, { status: error.status });
  }
  return done("ledger:toast.paymentAdded");
}
