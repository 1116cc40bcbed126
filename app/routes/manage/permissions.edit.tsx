import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Link, useActionData } from "react-router";
import { updatePermissionSchema } from "#domain/schemas/admin";
import { isUuid } from "#domain/text/sanitize";
import { issueToKey } from "#domain/validation";
import { uuidParam } from "#app/routes/manage/users.server";
import { PermissionKindBadge } from "#app/components/admin/badges";
import { AdminHeader } from "#app/components/admin/page";
import { PermissionFields } from "#app/components/admin/permission-form";
import { assignable, fullName } from "#app/components/admin/shared";
import { AppForm } from "#app/components/ui/app-form";
import { buttonClass, SubmitButton } from "#app/components/ui/button";
import { FormErrors } from "#app/components/ui/field";
import { ApiError } from "#app/lib/api.server";
import { guard, type RouteHandle } from "#app/lib/guard.server";
import { orNotFound } from "#app/lib/not-found.server";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import type { Route } from "./+types/permissions.edit";
import { replyWithApiError } from "#app/lib/api-reply.server";

export const handle: RouteHandle = { permission: "admin.permissions" };

export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

const FIELDS = ["name", "guard"] as const;

export async function loader({ params, context }: Route.LoaderArgs) {
  const { api } = getRequestState(context);
  const id = uuidParam(params.id);
  const permission = await orNotFound(api.admin.permissions.get(id));
  return { permission, holders: await api.admin.permissions.holders(id) };
}

/** Three kinds of post: save the permission, delete it (custom only), take it from one account. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const id = uuidParam(params.id);
  const page = `/manage/permissions/${id}`;
  const { api, session } = getRequestState(context);
  const formData = await request.formData();
  const intent = formData.get("intent");

  if (intent === "delete" || intent === "remove-user") {
    const userId = String(formData.get("user_uuid") ?? "");
    if (intent === "remove-user" && !isUuid(userId)) return redirectWithToast(page, { kind: "error", message: "admin:permissions.removeFailed" }, { session });
    try {
      if (intent === "delete") await api.admin.permissions.remove(id);
      else await api.admin.permissions.unassign(id, userId);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return redirectWithToast(page, { kind: "error", message: error.serverMessage ?? error.message }, { session });
    }
    return intent === "delete"
      ? redirectWithToast("/manage/permissions", { kind: "success", message: "admin:permissions.deleted" }, { session })
      : redirectWithToast(page, { kind: "success", message: "admin:permissions.removed" }, { session });
  }

  const submission = parseWithZod(formData, { schema: updatePermissionSchema, error: issueToKey });
  if (submission.status !== "success") return data(submission.reply(), { status: 422 });
  try {
    // Every language is sent, so clearing a description removes it.
    await api.admin.permissions.update(id, { ...submission.value, description: submission.value.description ?? {} });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return data(replyWithApiError(submission, error, { fields: FIELDS }), { status: error.status });
  }
  return redirectWithToast(page, { kind: "success", message: "admin:permissions.saved" }, { session });
}

export default function EditPermission({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("admin");
  const { permission, holders } = loaderData;
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: `permission-${permission.uuid}-${permission.updated_at}`,
    lastResult,
    defaultValue: { name: permission.name, guard: permission.guard, description: permission.descriptions },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: updatePermissionSchema, error: issueToKey }),
    shouldRevalidate: "onBlur",
  });
  const date = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" }).format(new Date(iso));
  const canAssign = assignable(permission);
  return (
    <>
      <title>{`${permission.name} · ${t("permissions.title")} · Tarifa`}</title>
      <AdminHeader title={permission.name} back={{ to: "/manage/permissions", label: t("permissions.back") }}>
        <PermissionKindBadge system={permission.system} />
      </AdminHeader>

      <div className="grid gap-8 lg:grid-cols-2">
        <section aria-labelledby="permission-heading">
          <h2 id="permission-heading" className="mb-4 text-lg font-semibold">
            {t("permissions.detailsHeading")}
          </h2>
          {!permission.system ? <p className="mb-4 text-sm text-slate-700">{t("permissions.customNote")}</p> : null}
          <AppForm {...getFormProps(form)} action={`/manage/permissions/${permission.uuid}`} className="space-y-4">
            <input type="hidden" name="intent" value="save" />
            <FormErrors id={form.errorId} errors={form.errors} />
            <PermissionFields
              name={fields.name}
              guard={fields.guard}
              description={fields.description.getFieldset()}
              system={permission.system}
            />
            <SubmitButton pendingLabel={t("permissions.saving")}>{t("permissions.save")}</SubmitButton>
          </AppForm>
          {!permission.system ? (
            <AppForm action={`/manage/permissions/${permission.uuid}`} className="mt-6 rounded-md border border-red-200 bg-red-50 p-4">
              <p className="mb-3 text-sm text-red-900">{t("permissions.deleteIntro", { users: permission.users_count })}</p>
              <SubmitButton name="intent" value="delete" variant="danger" pendingLabel={t("permissions.deleting")}>
                {t("permissions.delete")}
              </SubmitButton>
            </AppForm>
          ) : null}
        </section>

        <section aria-labelledby="holders-heading">
          <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
            <h2 id="holders-heading" className="text-lg font-semibold">
              {t("permissions.holdersHeading", { total: holders.length })}
            </h2>
            {canAssign ? (
              <Link to={`/manage/permissions/addUser?permission=${permission.uuid}`} className={buttonClass("secondary")}>
                {t("permissions.assign")}
              </Link>
            ) : null}
          </div>
          {permission.guard === "admin" && permission.system ? (
            <p className="mb-3 text-sm text-slate-700">{t("permissions.administratorsNote")}</p>
          ) : null}
          {!canAssign ? <p className="mb-3 text-sm text-slate-700">{t("permissions.perBusinessNote")}</p> : null}
          {holders.length === 0 ? (
            canAssign ? <p className="text-sm text-slate-700">{t("permissions.noHolders")}</p> : null
          ) : (
            <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 bg-white">
              {holders.map((holder) => (
                <li key={holder.uuid} className="flex flex-wrap items-center justify-between gap-3 p-3 text-sm">
                  <div>
                    <Link to={`/manage/users/${holder.uuid}`} className="font-medium text-brand-700 underline">
                      {fullName(holder)}
                    </Link>
                    <p className="break-all text-slate-700">{holder.email}</p>
                    <p className="text-slate-600">{t("permissions.grantedAt", { date: date(holder.granted_at) })}</p>
                  </div>
                  <AppForm action={`/manage/permissions/${permission.uuid}`}>
                    <input type="hidden" name="user_uuid" value={holder.uuid} />
                    <SubmitButton name="intent" value="remove-user" variant="secondary" pendingLabel={t("permissions.removing")}>
                      {t("permissions.remove")}
                      <span className="sr-only"> {fullName(holder)}</span>
                    </SubmitButton>
                  </AppForm>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  );
}
