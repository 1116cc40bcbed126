import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";
import { isUuid } from "#domain/text/sanitize";
import { requireSelectedBusiness } from "#app/lib/business.server";
import { grantableBy } from "#app/components/business/permission-labels";
import { PmsPageHeader, PmsSettingsNav } from "#app/components/pms-settings/nav";
import { PermissionMatrix } from "#app/components/pms-settings/permission-matrix";
import { AppForm } from "#app/components/ui/app-form";
import { buttonClass, SubmitButton } from "#app/components/ui/button";
import { FormErrors } from "#app/components/ui/field";
import { guard, type RouteHandle } from "#app/lib/guard.server";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import type { Route } from "./+types/permissions";
import { apiRefusal } from "#app/lib/api-reply.server";

/**
 * The permission matrix: one row per collaborator, one column per user.* permission; saved at
 * once (PUT …/collaborators). The owner holds everything; nobody changes their own row, and a
 * column the editor does not hold cannot be changed (the API refuses it too).
 */
export const handle = { permission: "user.collaborators" } satisfies RouteHandle;

export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

const PAGE = "/pms-settings/permissions";

export async function loader({ context }: Route.LoaderArgs) {
  const { api, user } = getRequestState(context);
  const business = requireSelectedBusiness(context);
  const list = await api.collaborators.list(business.uuid);
  return { ...list, me: user!.uuid, grantable: grantableBy(business.permissions) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { api, session } = getRequestState(context);
  const form = await request.formData();
  const people = form.getAll("user_uuid").map(String);
  if (people.length === 0 || !people.every(isUuid)) return data({ errors: ["validation.choice"] }, { status: 422 });
  const collaborators = people.map((uuid) => ({ user_uuid: uuid, permissions: form.getAll(`permissions.${uuid}`).map(String) }));
  try {
    await api.collaborators.savePermissions(requireSelectedBusiness(context).uuid, { collaborators });
  } catch (error) {
    const refusal = apiRefusal(error);
    return data({ errors: [...Object.values(refusal.errors).flat(), ...(Object.keys(refusal.errors).length ? [] : [refusal.message])] }, { status: refusal.status });
  }
  return redirectWithToast(PAGE, { kind: "success", message: "pms:permissions.saved" }, { session });
}

export default function Permissions({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("pms");
  const { data: members, owner, me, grantable } = loaderData;
  const editable = members.filter((m) => m.user.uuid !== me);
  return (
    <div className="mx-auto max-w-6xl">
      <PmsSettingsNav />
      <PmsPageHeader title={t("pages.permissions.title")} intro={t("permissions.intro")} />
      <FormErrors id="permissions-errors" errors={actionData?.errors} />
      {members.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-4 text-slate-700">
          {t("permissions.empty")}{" "}
          <Link to="/pms-settings/add-collaborator" className="text-brand-700 underline">
            {t("users.add")}
          </Link>
        </p>
      ) : (
        <AppForm action={PAGE} className="space-y-4">
          <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
            <PermissionMatrix members={members} owner={owner} me={me} grantable={grantable} />
          </div>
          {editable.length ? <SubmitButton pendingLabel={t("saving")}>{t("permissions.save")}</SubmitButton> : null}
          <Link to="/pms-settings/users" className={buttonClass("link", "ml-4 text-sm")}>
            {t("pages.users.title")}
          </Link>
        </AppForm>
      )}
    </div>
  );
}
