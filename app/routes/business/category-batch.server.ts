import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { issueToKey } from "#domain/validation";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import { requireSelectedBusiness } from "#app/lib/business.server";
import { apiRefusal, replyWithApiError } from "#app/lib/api-reply.server";

type CategoryPatch = { uuid: string } & Record<string, unknown>;

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
    await api.business.updateCategories(business.uuid, { room_setup: { categories: submission.value.categories } });
  } catch (error) {
    const refusal = apiRefusal(error);
    return data(replyWithApiError(submission, refusal, { fields: options.fields, stripPrefix: "room_setup." }), { status: refusal.status });
  }
  return redirectWithToast(options.page, { kind: "success", message: options.message }, { session });
}
