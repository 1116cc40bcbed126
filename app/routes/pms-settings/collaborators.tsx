import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";
import { isUuid } from "#domain/text/sanitize";
import { requireSelectedBusiness } from "#app/lib/business.server";
import { PermissionList } from "#app/components/business/permission-checkboxes";
import { AppForm } from "#app/components/ui/app-form";
import { buttonClass, SubmitButton } from "#app/components/ui/button";
import { FormErrors } from "#app/components/ui/field";
import { guard, type RouteHandle } from "#app/lib/guard.server";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import type { Route } from "./+types/collaborators";
import { apiRefusal } from "#app/lib/api-reply.server";

/** The selected business's collaborators and pending invitations: remove, revoke, edit, add. */
export const handle = { permission: "user.collaborators" } satisfies RouteHandle;

export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

const PAGE = "/pms-settings/collaborators";

export async function loader({ context }: Route.LoaderArgs) {
  const { api, user } = getRequestState(context);
  const business = requireSelectedBusiness(context);
  const list = await api.collaborators.list(business.uuid);
  return { businessName: business.company_name, me: user!.uuid, ...list };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { api, session } = getRequestState(context);
  const form = await request.formData();
  const intent = form.get("intent");
  const business = requireSelectedBusiness(context);
  try {
    if (intent === "remove") {
      const userUuid = String(form.get("user_uuid") ?? "");
      if (!isUuid(userUuid)) return data({ errors: ["validation.uuid"] }, { status: 422 });
      await api.collaborators.remove(business.uuid, userUuid);
      return redirectWithToast(PAGE, { kind: "success", message: "business:collaborators.removed" }, { session });
    }
    if (intent === "revoke") {
      const invitationUuid = String(form.get("invitation_uuid") ?? "");
      if (!isUuid(invitationUuid)) return data({ errors: ["validation.uuid"] }, { status: 422 });
      await api.collaborators.revokeInvitation(business.uuid, invitationUuid);
      return redirectWithToast(PAGE, { kind: "success", message: "business:collaborators.revoked" }, { session });
    }
  } catch (error) {
    const refusal = apiRefusal(error);
    return data({ errors: [refusal.message] }, { status: refusal.status });
  }
  return data({ errors: ["validation.choice"] }, { status: 400 });
}

export default function Collaborators({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("business");
  const { data: collaborators, invitations, owner, businessName, me } = loaderData;
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" });
  return (
    <div className="mx-auto max-w-5xl">
      <title>{`${t("collaborators.title")} · Tarifa`}</title>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{t("collaborators.heading")}</h1>
          <p className="text-sm text-slate-700">{t("collaborators.intro", { name: businessName })}</p>
        </div>
        <Link to="/pms-settings/add-collaborator" className={buttonClass()}>
          {t("collaborators.add")}
        </Link>
      </div>
      <FormErrors id="collaborators-errors" errors={actionData?.errors} />
      <section aria-labelledby="members-heading" className="mb-6 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <h2 id="members-heading" className="mb-3 text-lg font-semibold">
          {t("collaborators.membersHeading")}
        </h2>
        {owner ? (
          <p className="mb-3 text-sm text-slate-700">
            {t("collaborators.owner", { name: `${owner.name} ${owner.surname}`.trim(), email: owner.email })}
          </p>
        ) : null}
        {collaborators.length === 0 ? (
          <p className="text-slate-700">{t("collaborators.empty")}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {collaborators.map(({ user, permissions }) => {
              const name = `${user.name} ${user.surname}`.trim();
              return (
                <li key={user.uuid} className="flex flex-wrap items-start justify-between gap-3 py-3">
                  <div className="min-w-0">
                    <p className="font-semibold">{name}</p>
                    <p className="text-sm text-slate-700">{user.email}</p>
                    <div className="mt-1">
                      <PermissionList names={permissions} />
                    </div>
                  </div>
                  {user.uuid !== me ? (
                    <div className="flex items-center gap-3">
                      <Link to={`/pms-settings/edit-collaborator/${user.uuid}`} className={buttonClass("link", "text-sm")}>
                        {t("collaborators.edit")}
                        <span className="sr-only"> {name}</span>
                      </Link>
                      <AppForm action={PAGE}>
                        <input type="hidden" name="user_uuid" value={user.uuid} />
                        <SubmitButton name="intent" value="remove" variant="link" className="text-sm text-red-700" pendingLabel={t("collaborators.removing")}>
                          {t("collaborators.remove")}
                          <span className="sr-only"> {name}</span>
                        </SubmitButton>
                      </AppForm>
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <section aria-labelledby="invitations-heading" className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <h2 id="invitations-heading" className="mb-3 text-lg font-semibold">
          {t("collaborators.invitationsHeading")}
        </h2>
        {invitations.length === 0 ? (
          <p className="text-slate-700">{t("collaborators.noInvitations")}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {invitations.map((invitation) => (
              <li key={invitation.uuid} className="flex flex-wrap items-start justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="font-semibold">{invitation.email}</p>
                  <p className="text-sm text-slate-700">{t("collaborators.expires", { date: date.format(new Date(invitation.expires_at)) })}</p>
                  <div className="mt-1">
                    <PermissionList names={invitation.permissions} />
                  </div>
                </div>
                <AppForm action={PAGE}>
                  <input type="hidden" name="invitation_uuid" value={invitation.uuid} />
                  <SubmitButton name="intent" value="revoke" variant="link" className="text-sm text-red-700" pendingLabel={t("collaborators.revoking")}>
                    {t("collaborators.revoke")}
                    <span className="sr-only"> {invitation.email}</span>
                  </SubmitButton>
                </AppForm>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
