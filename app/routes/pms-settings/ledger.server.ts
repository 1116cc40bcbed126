import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { isUuid } from "#domain/text/sanitize";
import { issueToKey } from "#domain/validation";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import { ApiError, bookingBusiness } from "#app/lib/bookings.server";
import { replyWithApiError } from "#app/lib/api-reply.server";
import type { ApiClient } from "#app/lib/api.server";
import type { LedgerRows } from "#app/lib/api/areas/ledger.ts";

export { ApiError, bookingBusiness as ledgerBusiness };

/** An API refusal without a form to show it beside (a delete, a poll): its message on top of the page. */
export function refusal(error: unknown) {
  if (!(error instanceof ApiError)) throw error;
  return data({ result: null, error: error.serverMessage ?? error.message }, { status: error.status });
}

/**
 * The action of a list-and-form settings page (items, categories, points of sale, accounts):
 * `intent=delete` deletes the row named by `uuid`; otherwise the form is checked with the web
 * schema and saved (PUT when it names a row, POST when new). Success redirects to the page with
 * a toast (post/redirect/get); a refusal comes back beside the fields.
 */
export async function listAndFormAction<S extends z.ZodType<{ uuid?: string }>, Body>(args: {
  request: Request;
  context: Readonly<RouterContextProvider>;
  page: string;
  /** The rows' calls, e.g. `(api) => api.ledger.items`. */
  rows: (api: ApiClient) => Pick<LedgerRows<unknown, string, Body>, "create" | "update" | "delete">;
  schema: S;
  /** What the API is sent for the parsed form (`withoutUuid` when the form is the body). */
  payload: (value: z.output<S>) => Body;
  fields: readonly string[];
}) {
  const { request, context, page, schema, fields } = args;
  const business = bookingBusiness(context);
  const { api, session } = getRequestState(context);
  const rows = args.rows(api);
  const formData = await request.formData();
  if (formData.get("intent") === "delete") {
    const id = String(formData.get("uuid") ?? "");
    if (!isUuid(id)) return data({ result: null, error: "validation.uuid" }, { status: 422 });
    try {
      await rows.delete(business.uuid, id);
    } catch (error) {
      return refusal(error);
    }
    return redirectWithToast(page, { kind: "success", message: "ledger:toast.deleted" }, { session });
  }
  const submission = parseWithZod(formData, { schema, error: issueToKey });
  if (submission.status !== "success") return data({ result: submission.reply(), error: null }, { status: 422 });
  const { uuid } = submission.value;
  const body = args.payload(submission.value);
  try {
    if (uuid && isUuid(uuid)) await rows.update(business.uuid, uuid, body);
    else await rows.create(business.uuid, body);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return data({ result: replyWithApiError(submission, error, { fields: fields }), error: null }, { status: error.status });
  }
  return redirectWithToast(page, { kind: "success", message: uuid ? "ledger:toast.saved" : "ledger:toast.created" }, { session });
}

/** A form whose fields are the API's body, but for the `uuid` naming the row edited. */
export const withoutUuid = <T extends { uuid?: string }>({ uuid: _uuid, ...value }: T): Omit<T, "uuid"> => value;

/** The row named by ?edit= in a list, or null. */
export function editingFrom<T extends { uuid: string }>(request: Request, rows: readonly T[]): T | null {
  const id = new URL(request.url).searchParams.get("edit");
  return id && isUuid(id) ? (rows.find((r) => r.uuid === id.toLowerCase()) ?? null) : null;
}
