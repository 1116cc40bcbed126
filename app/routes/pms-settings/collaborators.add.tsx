import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";
import { issueToKey } from "#domain/validation";
import { requireSelectedBusiness } from "#app/lib/business.server";
import { PermissionCheckboxes } from "#app/components/business/permission-checkboxes";
import { grantableBy } from "#app/components/business/permission-labels";
import { collaboratorSchema } from "#app/components/business/schemas";
import { AppForm } from "#app/components/ui/app-form";
import { buttonClass, SubmitButton } from "#app/components/ui/button";
import { FormErrors, TextField } from "#app/components/ui/field";
import { guard, type RouteHandle } from "#app/lib/guard.server";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import type { Route } from "./+types/collaborators.add";
import { apiRefusal, replyWithApiError } from "#app/lib/api-reply.server";

/**
 * Adds a collaborator by e-mail with the permissions ticked: someone with an account becomes a
 * member at once, anyone else gets an invitation by e-mail.
 */
export const handle = { permission: "user.collaborators" } satisfies RouteHandle;

export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

const PAGE = "/pms-settings/add-collaborator";

export async function loader({ context }: Route.LoaderArgs) {
  const business = requireSelectedBusiness(context);
  return { businessName: business.company_name, grantable: grantableBy(business.permissions) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { api, session } = getRequestState(context);
  const submission = parseWithZod(await request.formData(), { schema: collaboratorSchema, error: issueToKey });
  if (submission.status !== "success") return data(submission.reply(), { status: 422 });
  const business = requireSelectedBusiness(context);
  let answer: Awaited<ReturnType<typeof api.collaborators.add>>;
  try {
    answer = await api.collaborators.add(business.uuid, submission.value);
  } catch (error) {
    const refusal = apiRefusal(error);
    return data(replyWithApiError(submission, refusal, { fields: ["email", "permissions"] }), { status: refusal.status });
  }
  return redirectWithToast(
    "/pms-settings/collaborators",
    { kind: "success", message: "invitation" in answer ? "business:collaborators.invited" : "business:collaborators.added", values: { email: submission.value.email } },
    { session },
  );
}

export default function AddCollaborator({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("business");
  const [form, fields] = useForm({
    id: "add-collaborator",
    lastResult: actionData,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: collaboratorSchema, error: issueToKey }),
    shouldRevalidate: "onInput",
  });
  return (
    <div className="mx-auto max-w-3xl">
      <title>{`${t("collaborators.addTitle")} · Tarifa`}</title>
      <h1 className="mb-1 text-2xl font-semibold">{t("collaborators.addHeading")}</h1>
      <p className="mb-4 text-sm text-slate-700">{t("collaborators.addIntro", { name: loaderData.businessName })}</p>
      <AppForm {...getFormProps(form)} action={PAGE} className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField field={fields.email} label={t("collaborators.email")} type="email" autoComplete="off" required />
        <PermissionCheckboxes field={fields.permissions} options={loaderData.grantable} />
        <div className="flex flex-wrap items-center gap-4">
          <SubmitButton pendingLabel={t("collaborators.adding")}>{t("collaborators.addSubmit")}</SubmitButton>
          <Link to="/pms-settings/collaborators" className={buttonClass("link", "text-sm")}>
            {t("cancel")}
          </Link>
        </div>
      </AppForm>
    </div>
  );
}
