import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, useActionData } from "react-router";
import { assignPermissionFormSchema } from "#domain/schemas/admin";
import { isUuid } from "#domain/text/sanitize";
import { issueToKey } from "#domain/validation";
import { userWithEmail } from "#app/routes/manage/users.server";
import { AdminHeader } from "#app/components/admin/page";
import { assignable } from "#app/components/admin/shared";
import { AppForm } from "#app/components/ui/app-form";
import { SubmitButton } from "#app/components/ui/button";
import { FormErrors, SelectField, TextField } from "#app/components/ui/field";
import { ApiError } from "#app/lib/api.server";
import { guard, type RouteHandle } from "#app/lib/guard.server";
import { getI18n } from "#app/lib/i18n.server";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import type { Route } from "./+types/permissions.add-user";
import { replyWithApiError } from "#app/lib/api-reply.server";

export const handle: RouteHandle = { permission: "admin.permissions" };

export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

/** The permissions that can be given to an account here (not the per-business user.*); `?permission=` preselects one. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const permissions = (await getRequestState(context).api.admin.permissions.list()).filter(assignable);
  const wanted = new URL(request.url).searchParams.get("permission");
  const preselected = permissions.find((p) => isUuid(wanted) && p.uuid === wanted.toLowerCase())?.uuid ?? permissions[0]?.uuid ?? "";
  return { permissions: permissions.map((p) => ({ uuid: p.uuid, name: p.name, description: p.description })), preselected };
}

/** Finds the account by its e-mail, then gives it the permission; the API's refusals show beside the e-mail. */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: assignPermissionFormSchema, error: issueToKey });
  if (submission.status !== "success") return data(submission.reply(), { status: 422 });
  const { api, session, locale } = getRequestState(context);
  const { permission_uuid, email } = submission.value;
  try {
    const user = await userWithEmail(api, email);
    if (!user) {
      const t = getI18n(context).getFixedT(locale, "admin");
      return data(submission.reply({ fieldErrors: { email: [t("validation.userNotFound")] } }), { status: 422 });
    }
    await api.admin.permissions.assign(permission_uuid, { user_uuid: user.uuid });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // The API speaks of `user_uuid`; on this form that is the e-mail field.
    const { user_uuid, ...rest } = error.errors;
    const mapped = new ApiError(error.status, error.message, { ...rest, ...(user_uuid ? { email: user_uuid } : {}) }, error.serverMessage);
    return data(replyWithApiError(submission, mapped, { fields: ["permission_uuid", "email"] }), { status: error.status });
  }
  return redirectWithToast(
    `/manage/permissions/${permission_uuid}`,
    { kind: "success", message: "admin:permissions.assigned", values: { email } },
    { session },
  );
}

export default function AssignPermission({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { permissions, preselected } = loaderData;
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    lastResult,
    defaultValue: { permission_uuid: preselected },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: assignPermissionFormSchema, error: issueToKey }),
    shouldRevalidate: "onBlur",
  });
  return (
    <>
      <title>{`${t("assign.title")} · Tarifa`}</title>
      <AdminHeader title={t("assign.heading")} back={{ to: "/manage/permissions", label: t("permissions.back") }} />
      <p className="mb-4 max-w-2xl text-sm text-slate-700">{t("assign.intro")}</p>
      <AppForm {...getFormProps(form)} action="/manage/permissions/addUser" className="max-w-2xl space-y-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <SelectField
          field={fields.permission_uuid}
          label={t("assign.permission")}
          options={permissions.map((p) => ({ value: p.uuid, label: p.description ? `${p.name} — ${p.description}` : p.name }))}
          required
        />
        <TextField field={fields.email} label={t("assign.email")} type="email" autoComplete="off" hint={t("assign.emailHint")} required />
        <SubmitButton pendingLabel={t("assign.pending")}>{t("assign.submit")}</SubmitButton>
      </AppForm>
    </>
  );
}
