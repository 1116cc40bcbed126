import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { issueToKey } from "#domain/validation";
import { requireSelectedBusiness } from "#app/lib/business.server";
import { BusinessTypeIcon } from "#app/components/business/icons";
import { ACCOMMODATION_PURPOSES, businessTypeSchema } from "#app/components/business/schemas";
import { translated } from "#app/components/business/types";
import { AppForm } from "#app/components/ui/app-form";
import { SubmitButton } from "#app/components/ui/button";
import { ChoiceGroup } from "#app/components/ui/choice-group";
import { FormErrors } from "#app/components/ui/field";
import { guard, type RouteHandle } from "#app/lib/guard.server";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import type { Route } from "./+types/type";
import { apiRefusal, replyWithApiError } from "#app/lib/api-reply.server";

/** The selected business's type (from /business-types) and accommodation purpose. */
export const handle = { permission: "user.businesses" } satisfies RouteHandle;

export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

const PAGE = "/businesses/type";

export async function loader({ context }: Route.LoaderArgs) {
  const { api, locale } = getRequestState(context);
  const [business, types] = await Promise.all([requireSelectedBusiness(context), api.business.types()]);
  return {
    current: {
      business_type_uuid: business.business_type_uuid ?? business.business_type?.uuid ?? "",
      accommodation_purpose: business.accommodation_purpose ?? "",
    },
    types: types.map((type) => ({
      uuid: type.uuid,
      title: translated(type.title, locale),
      description: translated(type.description, locale),
      icon: type.icon,
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { api, session } = getRequestState(context);
  const submission = parseWithZod(await request.formData(), { schema: businessTypeSchema, error: issueToKey });
  if (submission.status !== "success") return data(submission.reply(), { status: 422 });
  const business = requireSelectedBusiness(context);
  try {
    await api.business.saveType(business.uuid, submission.value);
  } catch (error) {
    const refusal = apiRefusal(error);
    return data(replyWithApiError(submission, refusal, { fields: ["business_type_uuid", "accommodation_purpose"] }), { status: refusal.status });
  }
  return redirectWithToast(PAGE, { kind: "success", message: "business:type.saved" }, { session });
}

export default function BusinessType({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("business");
  const [form, fields] = useForm({
    id: "business-type",
    lastResult: actionData,
    defaultValue: loaderData.current,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: businessTypeSchema, error: issueToKey }),
    shouldRevalidate: "onInput",
  });
  return (
    <>
      <title>{`${t("type.title")} · Tarifa`}</title>
      <AppForm {...getFormProps(form)} action={PAGE} className="space-y-6 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <h2 className="text-lg font-semibold">{t("type.heading")}</h2>
        <FormErrors id={form.errorId} errors={form.errors} />
        <ChoiceGroup
          field={fields.business_type_uuid}
          legend={t("type.typeLegend")}
          type="radio"
          required
          options={loaderData.types.map((type) => ({ value: type.uuid, label: type.title, description: type.description, icon: <BusinessTypeIcon name={type.icon} /> }))}
        />
        <ChoiceGroup
          field={fields.accommodation_purpose}
          legend={t("type.purposeLegend")}
          type="radio"
          columns={3}
          required
          options={ACCOMMODATION_PURPOSES.map((purpose) => ({ value: purpose, label: t(`purpose.${purpose}`), description: t(`purpose.${purpose}Hint`) }))}
        />
        <SubmitButton pendingLabel={t("saving")}>{t("save")}</SubmitButton>
      </AppForm>
    </>
  );
}
