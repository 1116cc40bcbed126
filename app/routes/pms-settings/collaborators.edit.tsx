import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";
import { isUuid } from "#domain/text/sanitize";
import { issueToKey } from "#domain/validation";
import { requireSelectedBusiness } from "#app/lib/business.server";
import { PermissionCheckboxes } from "#app/components/business/permission-checkboxes";
import { grantableBy } from "#app/components/business/permission-labels";
import { collaboratorPermissionsSchema } from "#app/components/business/schemas";
import { AppForm } from "#app/components/ui/app-form";
import { buttonClass, SubmitButton } from "#app/components/ui/button";
import { FormErrors } from "#app/components/ui/field";
import { guard, type RouteHandle, pageNotFound } from "#app/lib/guard.server";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import type { Route } from "./+types/collaborators.edit";
import { apiRefusal, replyWithApiError } from "#app/lib/api-reply.server";

/** One collaborator's permissions on the selected business. */
export const handle = { permission: "user.collaborators" } satisfies RouteHandle;

export const middleware: Route.MiddlewareFunction[] = [guard(handle)];


export async function loader({ params, context }: Route.LoaderArgs) {
  if (!isUuid(params.id)) pageNotFound();
  const { api } = getRequestState(context);
  const business = requireSelectedBusiness(context);
  const { data: collaborators } = await api.collaborators.list(business.uuid);
  const collaborator = collaborators.find((c) => c.user.uuid.toLowerCase() === params.id.toLowerCase());
  if (!collaborator) pageNotFound();
  const grantable = grantableBy(business.permissions);
  // What they already hold stays visible even when the editor could not grant it.
  for (const name of collaborator.permissions) if (!grantable.includes(name)) grantable.push(name);
  return { collaborator, grantable };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  if (!isUuid(params.id)) pageNotFound();
  const { api, session } = getRequestState(context);
  const submission = parseWithZod(await request.formData(), { schema: collaboratorPermissionsSchema, error: issueToKey });
  if (submission.status !== "success") return data(submission.reply(), { status: 422 });
  const business = requireSelectedBusiness(context);
  try {
    await api.collaborators.update(business.uuid, params.id, submission.value);
  } catch (error) {
    const refusal = apiRefusal(error);
    return data(replyWithApiError(submission, refusal, { fields: ["permissions"] }), { status: refusal.status });
  }
  return redirectWithToast("/pms-settings/collaborators", { kind: "success", message: "business:collaborators.updated" }, { session });
}

export default function EditCollaborator({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("business");
  const { collaborator, grantable } = loaderData;
  const name = `${collaborator.user.name} ${collaborator.user.surname}`.trim();
  const [form, fields] = useForm({
    id: "edit-collaborator",
    lastResult: actionData,
    defaultValue: { permissions: collaborator.permissions },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: collaboratorPermissionsSchema, error: issueToKey }),
    shouldRevalidate: "onInput",
  });
  return (
    <div className="mx-auto max-w-3xl">
      <title>{`${t("collaborators.editTitle")} · Tarifa`}</title>
      <h1 className="mb-1 text-2xl font-semibold">{t("collaborators.editHeading", { name })}</h1>
      <p className="mb-4 text-sm text-slate-700">{collaborator.user.email}</p>
      <AppForm {...getFormProps(form)} className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <FormErrors id={form.errorId} errors={form.errors} />
        <PermissionCheckboxes field={fields.permissions} options={grantable} />
        <div className="flex flex-wrap items-center gap-4">
          <SubmitButton pendingLabel={t("saving")}>{t("save")}</SubmitButton>
          <Link to="/pms-settings/collaborators" className={buttonClass("link", "text-sm")}>
            {t("cancel")}
          </Link>
        </div>
      </AppForm>
    </div>
  );
}
