import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";
import { issueToKey } from "#domain/validation";
import { adminUser, resolveOwner } from "#app/routes/manage/businesses.server";
import { countryOptions } from "#app/components/business/countries";
import { adminCreateBusinessSchema } from "#app/components/business/schemas";
import type { BusinessJson } from "#app/components/business/types";
import { AppForm } from "#app/components/ui/app-form";
import { buttonClass, SubmitButton } from "#app/components/ui/button";
import { FormErrors, SelectField, TextField } from "#app/components/ui/field";
import { guard, type RouteHandle } from "#app/lib/guard.server";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import type { Route } from "./+types/businesses.add";
import { apiRefusal, replyWithApiError } from "#app/lib/api-reply.server";

/** An administrator creates a business for an account (?owner=<user id> fills the owner in). */
export const handle = { permission: "admin.businesses" } satisfies RouteHandle;

export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

const PAGE = "/manage/businesses/add";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, user } = getRequestState(context);
  const ownerId = new URL(request.url).searchParams.get("owner") ?? "";
  const owner = ownerId ? await adminUser(api, user, ownerId) : null;
  return { owner: owner?.email ?? ownerId, ownerLabel: owner ? `${owner.name} ${owner.surname}`.trim() : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { api, user, session } = getRequestState(context);
  const submission = parseWithZod(await request.formData(), { schema: adminCreateBusinessSchema, error: issueToKey });
  if (submission.status !== "success") return data(submission.reply(), { status: 422 });
  const { owner, ...fields } = submission.value;
  const resolved = await resolveOwner(api, user, owner);
  if ("error" in resolved) return data(submission.reply({ fieldErrors: { owner: [resolved.error] } }), { status: 422 });
  let business: BusinessJson;
  try {
    ({ business } = await api.admin.businesses.create({ ...fields, owner_uuid: resolved.uuid }));
  } catch (error) {
    const refusal = apiRefusal(error);
    const result = replyWithApiError(submission, refusal, { fields: ["owner", ...Object.keys(fields)], rename: { owner_uuid: "owner" } });
    return data(result, { status: refusal.status });
  }
  return redirectWithToast(`/manage/businesses/${business.uuid}`, { kind: "success", message: "business:admin.created", values: { name: business.company_name } }, { session });
}

export default function AddBusiness({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("business");
  const [form, fields] = useForm({
    id: "admin-add-business",
    lastResult: actionData,
    defaultValue: { owner: loaderData.owner, country: "BR" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: adminCreateBusinessSchema, error: issueToKey }),
    shouldRevalidate: "onInput",
  });
  return (
    <div className="mx-auto max-w-3xl">
      <title>{`${t("admin.addTitle")} · Tarifa`}</title>
      <h1 className="mb-4 text-2xl font-semibold">{t("admin.addHeading")}</h1>
      <AppForm {...getFormProps(form)} action={PAGE} className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField field={fields.owner} label={t("admin.owner")} hint={loaderData.ownerLabel ?? t("admin.ownerHint")} autoComplete="off" required />
        <TextField field={fields.company_name} label={t("fields.company_name")} required />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField field={fields.country} label={t("fields.country")} options={countryOptions(i18n.language)} />
          <TextField field={fields.state} label={t("fields.state")} />
          <TextField field={fields.city} label={t("fields.city")} />
          <TextField field={fields.zip_code} label={t("fields.zip_code")} />
        </div>
        <TextField field={fields.address} label={t("fields.address")} />
        <div className="flex flex-wrap items-center gap-4">
          <SubmitButton pendingLabel={t("saving")}>{t("admin.create")}</SubmitButton>
          <Link to="/manage/businesses" className={buttonClass("link", "text-sm")}>
            {t("cancel")}
          </Link>
        </div>
      </AppForm>
    </div>
  );
}
