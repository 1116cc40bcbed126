import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Link, useActionData } from "react-router";
import { issueToKey } from "#domain/validation";
import { HolidayFields } from "#app/components/pricing/holiday-form";
import { ApiError, pricingMiddleware, type PricingHandle } from "#app/lib/pricing.server";
import { holidayFormSchema } from "#app/components/pricing/schemas";
import { AppForm } from "#app/components/ui/app-form";
import { buttonClass, SubmitButton } from "#app/components/ui/button";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import type { Route } from "./+types/holidays.add";
import { replyWithApiError } from "#app/lib/api-reply.server";

export const handle: PricingHandle = { permission: "admin.businesses" };
export const middleware: Route.MiddlewareFunction[] = pricingMiddleware(handle);

export async function action({ request, context }: Route.ActionArgs) {
  const { api, session } = getRequestState(context);
  const submission = parseWithZod(await request.formData(), { schema: holidayFormSchema, error: issueToKey });
  if (submission.status !== "success") return data(submission.reply(), { status: 422 });
  try {
    await api.admin.holidays.create(submission.value);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return data(replyWithApiError(submission, error), { status: error.status });
  }
  const { country, date } = submission.value;
  return redirectWithToast(`/manage/holidays?year=${date.slice(0, 4)}&country=${country}`, { kind: "success", message: "pricing:holidays.saved" }, { session });
}

export default function AddHoliday() {
  const { t } = useTranslation("pricing");
  const lastResult = useActionData<typeof action>();
  const [form] = useForm({ lastResult, onValidate: ({ formData }) => parseWithZod(formData, { schema: holidayFormSchema, error: issueToKey }), shouldRevalidate: "onInput" });
  return (
    <>
      <title>{`${t("holidays.addTitle")} · Tarifa`}</title>
      <h1 className="mb-4 text-2xl font-semibold">{t("holidays.addTitle")}</h1>
      <AppForm {...getFormProps(form)} action="/manage/holidays/add" className="max-w-2xl space-y-4 rounded-md border border-slate-200 bg-white p-4">
        <HolidayFields errors={form.allErrors} formErrors={form.errors} formErrorId={form.errorId} />
        <div className="flex gap-2">
          <SubmitButton pendingLabel={t("saving")}>{t("holidays.save")}</SubmitButton>
          <Link to="/manage/holidays" className={buttonClass("secondary")}>{t("cancel")}</Link>
        </div>
      </AppForm>
    </>
  );
}
