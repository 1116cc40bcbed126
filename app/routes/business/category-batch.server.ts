import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { issueToKey } from "#domain/validation";
import type { ApiClient } from "#app/lib/api.server";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import { requireSelectedBusiness } from "#app/lib/business.server";
import { apiRefusal, replyWithApiError } from "#app/lib/api-reply.server";

type CategoryPatch = { uuid: string } & Record<string, unknown>;

/** PUT …/room-categories/batch: patches naming their category by uuid (spec section 7). */
export async function saveCategoryBatch(api: ApiClient, businessUuid: string, categories: CategoryPatch[]) {
  await api.put(`/api/v1/businesses/${businessUuid}/room-categories/batch`, { room_setup: { categories } });
}

/**
 * The action of a page that edits the same fields of every category at once (room counts,
 * capacity): the form checked against `schema`, the batch sent, the API's refusals beside
 * `fields` ("categories[].room_count"), and on success back to `page` with the toast `message`.
 */
export async function categoryBatchAction(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  options: { schema: z.ZodType<{ categories: CategoryPatch[] }>; fields: readonly string[]; page: string; message: string },
) {
  const { api, session } = getRequestState(context);
  const submission = parseWithZod(await request.formData(), { schema: options.schema, error: issueToKey });
  if (submission.status !== "success") return data(submission.reply(), { status: 422 });
  const business = requireSelectedBusiness(context);
  try {
    await saveCategoryBatch(api, business.uuid, submission.value.categories);
  } catch (error) {
    const refusal = apiRefusal(error);
    return data(replyWithApiError(submission, refusal, { fields: options.fields, stripPrefix: "room_setup." }), { status: refusal.status });
  }
  return redirectWithToast(options.page, { kind: "success", message: options.message }, { session });
}
