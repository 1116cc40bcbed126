import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";
import { BUSINESS_STATUSES } from "#domain/business/status";
import { isUuid } from "#domain/text/sanitize";
import { issueToKey } from "#domain/validation";
import { businessTimeZone } from "#domain/business/timezone";
import { countryOptions } from "#app/components/business/countries";
import { TimeZoneField } from "#app/components/business/time-zone-field";
import { adminBusinessSchema, businessStatusSchema, DETAIL_FIELDS } from "#app/components/business/schemas";
import { StatusBadge } from "#app/components/business/status-badge";
import { totalRooms } from "#app/components/business/types";
import { AppForm } from "#app/components/ui/app-form";
import { buttonClass, SubmitButton } from "#app/components/ui/button";
import { FormErrors, SelectField, TextField } from "#app/components/ui/field";
import { ApiError } from "#app/lib/api.server";
import { guard, type RouteHandle, pageNotFound } from "#app/lib/guard.server";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import type { Route } from "./+types/businesses.edit";
import { apiRefusal, replyWithApiError } from "#app/lib/api-reply.server";

/** One business, for administrators: its details and flags, and its status (forced, to repair a stuck setup). */
export const handle = { permission: "admin.businesses" } satisfies RouteHandle;

export const middleware: Route.MiddlewareFunction[] = [guard(handle)];


export async function loader({ params, context }: Route.LoaderArgs) {
  if (!isUuid(params.id)) pageNotFound();
  const { api } = getRequestState(context);
  try {
    const b = await api.business.get(params.id);
    return {
      business: {
        uuid: b.uuid,
        status: b.status,
        slug: b.slug ?? null,
        owner: b.owner ?? null,
        totalRooms: totalRooms(b),
        categories: b.room_setup?.categories.length ?? 0,
        pmsName: b.pms?.name ?? null,
        values: {
          company_name: b.company_name,
          corporate_name: b.corporate_name ?? "",
          corporate_tax_code: b.corporate_tax_code ?? "",
          email: b.email ?? "",
          phone_number: b.phone_number ?? "",
          website: b.website ?? "",
          address: b.address ?? "",
          city: b.city ?? "",
          state: b.state ?? "",
          zip_code: b.zip_code ?? "",
          country: b.country ?? "BR",
          timezone: businessTimeZone(b),
          is_whitelisted: b.is_whitelisted ? "on" : "",
          advisory: b.advisory ? "on" : "",
        },
      },
    };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 422)) pageNotFound();
    throw error;
  }
}

type ActionResult = { form: "details" | "status"; result: ReturnType<typeof replyWithApiError> };

export async function action({ request, params, context }: Route.ActionArgs) {
  if (!isUuid(params.id)) pageNotFound();
  const { api, session } = getRequestState(context);
  const formData = await request.formData();
  const page = `/manage/businesses/${params.id}`;
  if (formData.get("intent") === "status") {
    const submission = parseWithZod(formData, { schema: businessStatusSchema, error: issueToKey });
    if (submission.status !== "success") return data<ActionResult>({ form: "status", result: submission.reply() }, { status: 422 });
    try {
      await api.admin.businesses.setStatus(params.id, submission.value);
    } catch (error) {
      const refusal = apiRefusal(error);
      return data<ActionResult>({ form: "status", result: replyWithApiError(submission, refusal, { fields: ["status"] }) }, { status: refusal.status });
    }
    return redirectWithToast(page, { kind: "success", message: "business:admin.statusChanged" }, { session });
  }
  const submission = parseWithZod(formData, { schema: adminBusinessSchema, error: issueToKey });
  if (submission.status !== "success") return data<ActionResult>({ form: "details", result: submission.reply() }, { status: 422 });
  try {
    await api.admin.businesses.update(params.id, submission.value);
  } catch (error) {
    const refusal = apiRefusal(error);
    const result = replyWithApiError(submission, refusal, { fields: [...DETAIL_FIELDS, "is_whitelisted", "advisory"] });
    return data<ActionResult>({ form: "details", result }, { status: refusal.status });
  }
  return redirectWithToast(page, { kind: "success", message: "business:admin.saved" }, { session });
}

export default function ManageBusiness({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("business");
  const { business } = loaderData;
  const [form, fields] = useForm({
    id: "admin-business",
    lastResult: actionData?.form === "details" ? actionData.result : undefined,
    defaultValue: business.values,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: adminBusinessSchema, error: issueToKey }),
    shouldRevalidate: "onInput",
  });
  const [statusForm, statusFields] = useForm({
    id: "admin-business-status",
    lastResult: actionData?.form === "status" ? actionData.result : undefined,
    defaultValue: { status: business.status },
  });
  const owner = business.owner;
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <title>{`${business.values.company_name} · ${t("admin.title")} · Tarifa`}</title>
      <div>
        <Link to="/manage/businesses" className={buttonClass("link", "text-sm")}>
          {t("admin.backToList")}
        </Link>
        <h1 className="mt-2 text-2xl font-semibold">{business.values.company_name}</h1>
        <p className="mt-1 flex flex-wrap items-center gap-3 text-sm text-slate-700">
          <StatusBadge status={business.status} />
          <span>{t("rooms.total", { count: business.totalRooms })}</span>
          <span>{business.pmsName ?? t("overview.noPms")}</span>
          <Link to={`/manage/businesses/${business.uuid}/channex`} className="text-brand-700 underline">
            {t("channels:admin.title")}
          </Link>
          <Link to={`/manage/businesses/${business.uuid}/activity-log`} className="text-brand-700 underline">
            {t("activity:title")}
          </Link>
          {owner ? (
            <Link to={`/manage/users/${owner.uuid}/businesses`} className="text-brand-700 underline">
              {t("admin.ownerLink", { name: `${owner.name} ${owner.surname}`.trim(), email: owner.email })}
            </Link>
          ) : null}
        </p>
      </div>

      <section aria-labelledby="status-heading" className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <h2 id="status-heading" className="mb-1 text-lg font-semibold">
          {t("admin.statusHeading")}
        </h2>
        <p className="mb-3 text-sm text-slate-700">{t("admin.statusIntro")}</p>
        <AppForm {...getFormProps(statusForm)} className="flex flex-wrap items-end gap-3">
          <FormErrors id={statusForm.errorId} errors={statusForm.errors} />
          <div className="min-w-64">
            <SelectField
              field={statusFields.status}
              label={t("admin.status")}
              options={BUSINESS_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
            />
          </div>
          <SubmitButton name="intent" value="status" variant="secondary" pendingLabel={t("saving")}>
            {t("admin.changeStatus")}
          </SubmitButton>
        </AppForm>
      </section>

      <section aria-labelledby="admin-details-heading">
        <h2 id="admin-details-heading" className="mb-3 text-lg font-semibold">
          {t("overview.detailsHeading")}
        </h2>
        <AppForm {...getFormProps(form)} className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
          <FormErrors id={form.errorId} errors={form.errors} />
          <TextField field={fields.company_name} label={t("fields.company_name")} required />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField field={fields.corporate_name} label={t("fields.corporate_name")} />
            <TextField field={fields.corporate_tax_code} label={t("fields.corporate_tax_code")} />
            <TextField field={fields.email} label={t("fields.email")} type="email" />
            <TextField field={fields.phone_number} label={t("fields.phone_number")} type="tel" />
          </div>
          <TextField field={fields.website} label={t("fields.website")} inputMode="url" />
          <TextField field={fields.address} label={t("fields.address")} />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField field={fields.city} label={t("fields.city")} />
            <TextField field={fields.state} label={t("fields.state")} />
            <TextField field={fields.zip_code} label={t("fields.zip_code")} />
            <SelectField field={fields.country} label={t("fields.country")} options={countryOptions(i18n.language, business.values.country)} />
          </div>
          <TimeZoneField field={fields.timezone} current={business.values.timezone} />
          <div className="space-y-2">
            <label className="flex items-center gap-2 text-sm">
              <input {...getInputProps(fields.is_whitelisted, { type: "checkbox" })} className="accent-brand-600" />
              {t("admin.whitelisted")}
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input {...getInputProps(fields.advisory, { type: "checkbox" })} className="accent-brand-600" />
              {t("admin.advisory")}
            </label>
          </div>
          <SubmitButton name="intent" value="details" pendingLabel={t("saving")}>
            {t("save")}
          </SubmitButton>
        </AppForm>
      </section>
    </div>
  );
}
