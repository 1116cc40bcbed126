import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { isUuid } from "#domain/text/sanitize";
import { issueToKey } from "#domain/validation";
import { ApiError, pricingBusiness, pricingMiddleware, type PricingHandle } from "#app/lib/pricing.server";
import { seasonalityFormSchema } from "#app/components/pricing/schemas";
import type { PreviewAnswer } from "#app/components/pricing/season-preview";
import { getRequestState } from "#app/lib/request-context.server";
import type { Route } from "./+types/price-settings.preview";

/**
 * The live preview of the season form (JavaScript only): the form's draft goes to the API's
 * preview call, which answers how the next 90 nights' prices would change. Nothing is saved.
 */
export const handle: PricingHandle = { permission: "user.price-settings" };
export const middleware: Route.MiddlewareFunction[] = pricingMiddleware(handle);

export async function action({ request, context }: Route.ActionArgs) {
  const business = pricingBusiness(context);
  const { api } = getRequestState(context);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: seasonalityFormSchema, error: issueToKey });
  if (submission.status !== "success") return data<PreviewAnswer>({ ok: false }, { status: 200 });
  const id = String(formData.get("id") ?? "");
  try {
    const answer = await api.pricing.previewSeason(business.uuid, {
      ...submission.value,
      uuid: isUuid(id) ? id : null,
    });
    return data<PreviewAnswer>({ ok: true, ...answer });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return data<PreviewAnswer>({ ok: false });
  }
}
