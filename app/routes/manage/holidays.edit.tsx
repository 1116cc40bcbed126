import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Link, useActionData } from "react-router";
import { isUuid } from "#domain/text/sanitize";
import { issueToKey } from "#domain/validation";
import { orNotFound } from "#app/lib/not-found.server";
import { HolidayFields } from "#app/components/pricing/holiday-form";
import { ApiError, pricingMiddleware, type PricingHandle } from "#app/lib/pricing.server";
import { holidayFormSchema } from "#app/components/pricing/schemas";
import { AppForm } from "#app/components/ui/app-form";
import { buttonClass, SubmitButton } from "#app/components/ui/button";
import { notFoundUnless } from "#app/lib/guard.server";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import type { Route } from "./+types/holidays.edit";
import { replyWithApiError } from "#app/lib/api-reply.server";

export const handle: PricingHandle = { permission: "admin.businesses" };
export const middleware: Route.MiddlewareFunction[] = pricingMiddleware(handle);

export async function loader({ context, params }: Route.LoaderArgs) {
  notFoundUnless(isUuid(params.id));
  const { api } = getRequestState(context);
  return { holiday: await orNotFound(api.admin.holidays.get(params.id)) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  notFoundUnless(isUuid(params.id));
  const { api, session } = getRequestState(context);
  const formData = await request.formData();
  if (formData.get("intent") === "delete") {
    await api.admin.holidays.remove(params.id);
    return redirectWithToast("/manage/holidays", { kind: "success", message: "pricing:holidays.deleted", values: { count: 1 } }, { session });
  }
  const submission = parseWithZod(formData, { schema: holidayFormSchema, error: issueToKey });
  if (submission.status !== "success") return data(submission.reply(), { status: 422 });
  try {
    await api.admin.holidays.update(params.id, submission.value);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return data(replyWithApiError(submission, error), { status: error.status });
  }
  const { country, date } = submission.value;
  return redirectWithToast(`/manage/holidays?year=${date.slice(0, 4)}&country=${country}`, { kind: "success", message: "pricing:holidays.saved" }, { session });
}

export default function EditHoliday({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("pricing");
  const { holiday } = loaderData;
  const lastResult = useActionData<typeof action>();
  const [form] = useForm({ lastResult, onValidate: ({ formData }) => parseWithZod(formData, { schema: holidayFormSchema, error: issueToKey }), shouldRevalidate: "onBlur" });
  return (
    <>
      <title>{`${t("holidays.editTitle")} · Tarifa`}</title>
      <h1 className="mb-4 text-2xl font-semibold">{t("holidays.editTitle")}</h1>
      <AppForm {...getFormProps(form)} action={`/manage/holidays/${holiday.uuid}`} className="max-w-2xl space-y-4 rounded-md border border-slate-200 bg-white p-4">
        <HolidayFields holiday={holiday} errors={form.allErrors} formErrors={form.errors} formErrorId={form.errorId} />
        <div className="flex flex-wrap gap-2">
          <SubmitButton name="intent" value="save" pendingLabel={t("saving")}>{t("holidays.save")}</SubmitButton>
          <Link to="/manage/holidays" className={buttonClass("secondary")}>{t("cancel")}</Link>
          <SubmitButton name="intent" value="delete" variant="danger" formNoValidate className="ml-auto">{t("holidays.delete")}</SubmitButton>
        </div>
      </AppForm>
    </>
  );
}
