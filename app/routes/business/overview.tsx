import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";
import { issueToKey } from "#domain/validation";
import { requireSelectedBusiness } from "#app/lib/business.server";
import { businessTimeZone } from "#domain/business/timezone";
import { countryOptions } from "#app/components/business/countries";
import { TimeZoneField } from "#app/components/business/time-zone-field";
import { logoSrc } from "#app/components/business/logo";
import { businessDetailsSchema, DETAIL_FIELDS } from "#app/components/business/schemas";
import { StatusBadge } from "#app/components/business/status-badge";
import { categoriesOf, totalRooms } from "#app/components/business/types";
import { categoryColumns } from "#app/components/business/category-columns";
import { AppForm } from "#app/components/ui/app-form";
import { DataTable } from "#app/components/ui/data-table";
import { buttonClass, SubmitButton } from "#app/components/ui/button";
import { FormErrors, SelectField, TextField } from "#app/components/ui/field";
import { guard, type RouteHandle } from "#app/lib/guard.server";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import type { Route } from "./+types/overview";
import { apiRefusal, replyWithApiError } from "#app/lib/api-reply.server";

/** Everything about the selected hotel on one page, and the form for its details. */
export const handle = { permission: "user.businesses" } satisfies RouteHandle;

export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

const PAGE = "/businesses/overview";

export async function loader({ context }: Route.LoaderArgs) {
  const { api } = getRequestState(context);
  const business = requireSelectedBusiness(context);
  return {
    business: {
      uuid: business.uuid,
      status: business.status,
      company_name: business.company_name,
      corporate_name: business.corporate_name ?? "",
      corporate_tax_code: business.corporate_tax_code ?? "",
      email: business.email ?? "",
      phone_number: business.phone_number ?? "",
      website: business.website ?? "",
      address: business.address ?? "",
      city: business.city ?? "",
      state: business.state ?? "",
      zip_code: business.zip_code ?? "",
      country: business.country ?? "BR",
      timezone: businessTimeZone(business),
      typeTitle: business.business_type ? String(business.business_type.title ?? "") : null,
      purpose: business.accommodation_purpose ?? null,
      pmsName: business.pms?.name ?? null,
      paymentFrequency: business.payment_frequency ?? null,
      logoSrc: logoSrc(business),
      totalRooms: totalRooms(business),
      categories: categoriesOf(business),
      owner: business.owner ? `${business.owner.name} ${business.owner.surname}`.trim() : null,
    },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { api, session } = getRequestState(context);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: businessDetailsSchema, error: issueToKey });
  if (submission.status !== "success") return data(submission.reply(), { status: 422 });
  const business = requireSelectedBusiness(context);
  try {
    await api.business.saveDetails(business.uuid, submission.value);
  } catch (error) {
    const refusal = apiRefusal(error);
    return data(replyWithApiError(submission, refusal, { fields: DETAIL_FIELDS }), { status: refusal.status });
  }
  return redirectWithToast(PAGE, { kind: "success", message: "business:overview.saved" }, { session });
}

export default function BusinessOverview({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("business");
  const locale = i18n.language;
  const { business } = loaderData;
  const [form, fields] = useForm({
    id: "business-details",
    lastResult: actionData,
    defaultValue: business,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: businessDetailsSchema, error: issueToKey }),
    shouldRevalidate: "onInput",
  });
  const dash = "—";
  const place = [business.address, business.city, business.state, business.zip_code, business.country].filter(Boolean).join(", ");
  return (
    <>
      <title>{`${t("overview.title")} · ${business.company_name} · Tarifa`}</title>
      <section aria-labelledby="overview-heading" className="mb-8 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <div className="mb-4 flex flex-wrap items-center gap-4">
          {business.logoSrc ? (
            <img src={business.logoSrc} alt={t("logo.currentAlt")} width={64} height={64} className="h-16 w-16 rounded-md border border-slate-200 object-contain" />
          ) : null}
          <div>
            <h2 id="overview-heading" className="text-xl font-semibold">
              {business.company_name}
            </h2>
            <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700">
              <StatusBadge status={business.status} />
              {business.typeTitle ? <span>{business.typeTitle}</span> : null}
            </p>
          </div>
        </div>
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
          <Item label={t("fields.corporate_name")} value={business.corporate_name || dash} />
          <Item label={t("fields.corporate_tax_code")} value={business.corporate_tax_code || dash} />
          <Item label={t("fields.purpose")} value={business.purpose ? t(`purpose.${business.purpose}`, { defaultValue: business.purpose }) : dash} />
          <Item label={t("fields.owner")} value={business.owner ?? dash} />
          <Item label={t("fields.email")} value={business.email || dash} />
          <Item label={t("fields.phone_number")} value={business.phone_number || dash} />
          <Item label={t("fields.website")} value={business.website || dash} />
          <Item label={t("fields.location")} value={place || dash} />
          <Item label={t("fields.pms")} value={business.pmsName ?? t("overview.noPms")} />
          <Item label={t("fields.paymentFrequency")} value={business.paymentFrequency ? t(`paymentFrequency.${business.paymentFrequency}`, { defaultValue: business.paymentFrequency }) : dash} />
          <Item label={t("fields.totalRooms")} value={String(business.totalRooms)} />
        </dl>
        <h3 className="mb-2 mt-6 font-semibold">{t("overview.categoriesHeading")}</h3>
        {business.categories.length === 0 ? (
          <p className="text-sm text-slate-700">{t("categories.empty")}</p>
        ) : (
          <div className="overflow-x-auto">
            <DataTable caption={t("categories.caption")} rowHeader columns={categoryColumns(t, locale)} rows={business.categories} rowKey={(c) => c.uuid} />
          </div>
        )}
        <p className="mt-4 flex flex-wrap gap-4 text-sm">
          <Link to="/businesses/room-configurations" className={buttonClass("link")}>
            {t("overview.editCategories")}
          </Link>
          <Link to="/businesses/type" className={buttonClass("link")}>
            {t("overview.editType")}
          </Link>
          <Link to="/businesses/logo" className={buttonClass("link")}>
            {t("overview.editLogo")}
          </Link>
        </p>
      </section>

      <section aria-labelledby="details-heading">
        <h2 id="details-heading" className="mb-3 text-lg font-semibold">
          {t("overview.detailsHeading")}
        </h2>
        <AppForm {...getFormProps(form)} action={PAGE} className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
          <FormErrors id={form.errorId} errors={form.errors} />
          <TextField field={fields.company_name} label={t("fields.company_name")} autoComplete="organization" required />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField field={fields.corporate_name} label={t("fields.corporate_name")} />
            <TextField field={fields.corporate_tax_code} label={t("fields.corporate_tax_code")} />
            <TextField field={fields.email} label={t("fields.email")} type="email" autoComplete="email" />
            <TextField field={fields.phone_number} label={t("fields.phone_number")} type="tel" autoComplete="tel" />
          </div>
          <TextField field={fields.website} label={t("fields.website")} type="text" inputMode="url" autoComplete="url" />
          <TextField field={fields.address} label={t("fields.address")} autoComplete="street-address" />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField field={fields.city} label={t("fields.city")} autoComplete="address-level2" />
            <TextField field={fields.state} label={t("fields.state")} autoComplete="address-level1" />
            <TextField field={fields.zip_code} label={t("fields.zip_code")} autoComplete="postal-code" />
            <SelectField field={fields.country} label={t("fields.country")} options={countryOptions(locale, business.country)} autoComplete="country" />
          </div>
          <TimeZoneField field={fields.timezone} current={business.timezone} />
          <SubmitButton pendingLabel={t("saving")}>{t("save")}</SubmitButton>
        </AppForm>
      </section>
    </>
  );
}

function Item({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-medium text-slate-900 break-words">{value}</dd>
    </div>
  );
}
