import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Form, Link, useActionData } from "react-router";
import { issueToKey } from "#domain/validation";
import { Input } from "#app/components/pricing/form-bits";
import { ApiError, pricingMiddleware, type PricingHandle } from "#app/lib/pricing.server";
import { holidayCsvFormSchema, holidayImportFormSchema } from "#app/components/pricing/schemas";
import { AppForm } from "#app/components/ui/app-form";
import { buttonClass, SubmitButton } from "#app/components/ui/button";
import { FileField, FormErrors } from "#app/components/ui/field";
import { tooLargeUploadErrors } from "#app/lib/upload-too-large";
import { formatDate } from "#app/lib/format-date";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import type { Route } from "./+types/holidays";
import { replyWithApiError } from "#app/lib/api-reply.server";
import { DataTable } from "#app/components/ui/data-table";

/** Holidays are product-wide: administrators with admin.businesses manage them (as the API requires). */
export const handle: PricingHandle = { permission: "admin.businesses" };
export const middleware: Route.MiddlewareFunction[] = pricingMiddleware(handle);

const PAGE = "/manage/holidays";

export async function loader({ context, request }: Route.LoaderArgs) {
  const { api } = getRequestState(context);
  const url = new URL(request.url);
  const year = /^\d{4}$/.test(url.searchParams.get("year") ?? "") ? url.searchParams.get("year")! : String(new Date().getUTCFullYear());
  const country = /^[A-Za-z]{2}$/.test(url.searchParams.get("country") ?? "") ? url.searchParams.get("country")!.toUpperCase() : "BR";
  const state = (url.searchParams.get("state") ?? "").toUpperCase();
  const holidays = await api.admin.holidays.list({ year, country, state: state || undefined });
  return {
    holidays,
    year,
    country,
    state,
    back: `${PAGE}?${new URLSearchParams({ year, country, ...(state ? { state } : {}) })}`,
    fileErrors: tooLargeUploadErrors(request),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { api, session } = getRequestState(context);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const back = String(formData.get("back") ?? PAGE);
  const target = back.startsWith(PAGE) ? back : PAGE;
  try {
    if (intent === "delete-selected" || intent.startsWith("delete:")) {
      const ids = intent.startsWith("delete:") ? [intent.slice(7)] : formData.getAll("ids").map(String);
      if (!ids.length) return redirectWithToast(target, { kind: "error", message: "pricing:holidays.noneSelected" }, { session });
      const answer = await api.admin.holidays.removeMany({ ids });
      return redirectWithToast(target, { kind: "success", message: "pricing:holidays.deleted", values: { count: answer.deleted } }, { session });
    }
    if (intent === "import") {
      const submission = parseWithZod(formData, { schema: holidayImportFormSchema, error: issueToKey });
      if (submission.status !== "success") return data({ form: "import", result: submission.reply() }, { status: 422 });
      try {
        const answer = await api.admin.holidays.importYear(submission.value);
        return redirectWithToast(`${PAGE}?year=${submission.value.year}&country=${submission.value.country}`, { kind: "success", message: "pricing:holidays.imported", values: answer }, { session });
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        return data({ form: "import", result: replyWithApiError(submission, error) }, { status: error.status });
      }
    }
    if (intent === "csv") {
      const file = formData.get("file");
      const text = file instanceof File && file.size > 0 ? await file.text() : String(formData.get("csv") ?? "");
      const input = new FormData();
      input.set("csv", text);
      const country = String(formData.get("country") ?? "").trim();
      if (country) input.set("country", country);
      const submission = parseWithZod(input, { schema: holidayCsvFormSchema, error: issueToKey });
      if (submission.status !== "success") return data({ form: "csv", result: submission.reply() }, { status: 422 });
      try {
        const answer = await api.admin.holidays.importCsv(submission.value);
        return redirectWithToast(target, { kind: "success", message: "pricing:holidays.imported", values: answer }, { session });
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        return data({ form: "csv", result: replyWithApiError(submission, error) }, { status: error.status });
      }
    }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return redirectWithToast(target, { kind: "error", message: error.message }, { session });
  }
  return redirectWithToast(target, { kind: "error", message: "pricing:holidays.unknownAction" }, { session });
}

export default function ManageHolidays({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("pricing");
  const { holidays, year, country, state, back, fileErrors } = loaderData;
  const answer = useActionData<typeof action>();
  const [importForm] = useForm({ id: "holiday-import", lastResult: answer?.form === "import" ? answer.result : undefined });
  const [csvForm] = useForm({ id: "holiday-csv", lastResult: answer?.form === "csv" ? answer.result : undefined });
  return (
    <>
      <title>{`${t("holidays.title")} · Tarifa`}</title>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold">{t("holidays.title")}</h1>
        <Link to="/manage/holidays/add" className={`${buttonClass("primary")} ml-auto`}>
          {t("holidays.add")}
        </Link>
      </div>

      <Form method="get" className="mb-4 flex flex-wrap items-end gap-3" aria-label={t("holidays.filter")}>
        <div>
          <label htmlFor="filter-year" className="block text-sm font-medium">{t("holidays.year")}</label>
          <input id="filter-year" name="year" type="number" min={1970} max={2100} defaultValue={year} className="mt-1 w-28 rounded-md border border-slate-300 px-3 py-2" />
        </div>
        <div>
          <label htmlFor="filter-country" className="block text-sm font-medium">{t("holidays.country")}</label>
          <input id="filter-country" name="country" maxLength={2} defaultValue={country} className="mt-1 w-20 rounded-md border border-slate-300 px-3 py-2 uppercase" />
        </div>
        <div>
          <label htmlFor="filter-state" className="block text-sm font-medium">{t("holidays.state")}</label>
          <input id="filter-state" name="state" maxLength={3} defaultValue={state} className="mt-1 w-20 rounded-md border border-slate-300 px-3 py-2 uppercase" />
        </div>
        <button type="submit" className={buttonClass("secondary")}>
          {t("holidays.apply")}
        </button>
      </Form>

      <AppForm action={PAGE} className="mb-8">
        <input type="hidden" name="back" value={back} />
        <div className="mb-2 flex flex-wrap items-center gap-2">
          <p className="text-sm" role="status">
            {t("holidays.count", { count: holidays.length })}
          </p>
          {holidays.length ? (
            <SubmitButton name="intent" value="delete-selected" variant="danger" className="ml-auto">
              {t("holidays.deleteSelected")}
            </SubmitButton>
          ) : null}
        </div>
        {holidays.length ? (
          <div className="overflow-x-auto">
            <DataTable
              caption={t("holidays.caption")}
              className="min-w-[36rem]"
              rows={holidays}
              rowKey={(h) => h.uuid}
              columns={[
                {
                  header: t("holidays.select"),
                  hiddenHeader: true,
                  cell: (h) => (
                    <input type="checkbox" name="ids" value={h.uuid} id={`h-${h.uuid}`} aria-label={t("holidays.selectNamed", { name: h.name, date: h.date })} className="h-4 w-4 accent-brand-600" />
                  ),
                },
                { header: t("holidays.date"), cell: (h) => formatDate(h.date, i18n.language) },
                { header: t("holidays.name"), cell: (h) => h.name },
                { header: t("holidays.place"), cell: (h) => (h.state ? `${h.country}-${h.state}` : `${h.country} (${t("holidays.national")})`) },
                { header: t("holidays.source"), cell: (h) => t(`holidays.sources.${h.source}`, { defaultValue: h.source }) },
                {
                  header: t("holidays.actions"),
                  hiddenHeader: true,
                  cell: (h) => (
                    <span className="flex gap-2">
                      <Link to={`/manage/holidays/${h.uuid}`} className="text-brand-700 underline" aria-label={t("holidays.editNamed", { name: h.name })}>
                        {t("holidays.edit")}
                      </Link>
                      <SubmitButton name="intent" value={`delete:${h.uuid}`} variant="link" aria-label={t("holidays.deleteNamed", { name: h.name })}>
                        {t("holidays.delete")}
                      </SubmitButton>
                    </span>
                  ),
                },
              ]}
            />
          </div>
        ) : null}
      </AppForm>

      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="import-heading" className="rounded-md border border-slate-200 bg-white p-4">
          <h2 id="import-heading" className="mb-2 font-semibold">{t("holidays.importHeading")}</h2>
          <p className="mb-3 text-sm text-slate-700">{t("holidays.importIntro")}</p>
          <AppForm {...getFormProps(importForm)} action={PAGE} className="space-y-3">
            <FormErrors id={importForm.errorId} errors={importForm.errors} />
            <div className="grid grid-cols-3 gap-3">
              <Input name="country" id="import-country" label={t("holidays.country")} errors={importForm.allErrors} defaultValue={country} maxLength={2} required />
              <Input name="state" id="import-state" label={t("holidays.state")} errors={importForm.allErrors} defaultValue={state} maxLength={3} />
              <Input name="year" id="import-year" type="number" label={t("holidays.year")} errors={importForm.allErrors} defaultValue={year} required />
            </div>
            <SubmitButton name="intent" value="import" pendingLabel={t("saving")}>
              {t("holidays.importSubmit")}
            </SubmitButton>
          </AppForm>
        </section>
        <section aria-labelledby="csv-heading" className="rounded-md border border-slate-200 bg-white p-4">
          <h2 id="csv-heading" className="mb-2 font-semibold">{t("holidays.csvHeading")}</h2>
          <p className="mb-3 text-sm text-slate-700">{t("holidays.csvIntro")}</p>
          <AppForm {...getFormProps(csvForm)} action={PAGE} encType="multipart/form-data" className="space-y-3">
            <input type="hidden" name="back" value={back} />
            <FormErrors id={csvForm.errorId} errors={[...(csvForm.errors ?? []), ...Object.entries(csvForm.allErrors).filter(([k]) => k !== "" && k !== "csv").flatMap(([, v]) => v ?? [])]} />
            <FileField id="csv-file" label={t("holidays.csvFile")} accept=".csv,text/csv" errors={fileErrors} />
            <div>
              <label htmlFor="csv-text" className="block text-sm font-medium">{t("holidays.csvText")}</label>
              <textarea id="csv-text" name="csv" rows={4} placeholder={"date;name;country;state\n2027-03-19;São José;BR;CE"} className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 font-mono text-xs" />
            </div>
            <Input name="country" id="csv-country" label={t("holidays.csvCountry")} errors={csvForm.allErrors} maxLength={2} defaultValue={country} />
            <SubmitButton name="intent" value="csv" pendingLabel={t("saving")}>
              {t("holidays.csvSubmit")}
            </SubmitButton>
          </AppForm>
        </section>
      </div>
    </>
  );
}
