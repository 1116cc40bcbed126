import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { requireSelectedBusiness } from "#app/lib/business.server";
import { listCollaborators } from "#app/routes/pms-settings/collaborators.server";
import { PmsPageHeader, PmsSettingsNav } from "#app/components/pms-settings/nav";
import { buttonClass } from "#app/components/ui/button";
import { guard, type RouteHandle } from "#app/lib/guard.server";
import { getRequestState } from "#app/lib/request-context.server";
import type { Route } from "./+types/users";

/**
 * Everyone with access to the selected business: the owner, the collaborators and the pending
 * invitations — the collaborators model (business_members), seen from the PMS settings.
 */
export const handle = { permission: "user.collaborators" } satisfies RouteHandle;

export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

export async function loader({ context }: Route.LoaderArgs) {
  const { api } = getRequestState(context);
  const business = requireSelectedBusiness(context);
  return { ...(await listCollaborators(api, business.uuid)), businessName: business.company_name };
}

export default function PmsUsers({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("pms");
  const { owner, data: members, invitations, businessName } = loaderData;
  const people = [
    ...(owner ? [{ uuid: owner.uuid, name: `${owner.name} ${owner.surname}`.trim(), email: owner.email, role: "owner", count: null as number | null }] : []),
    ...members.map((m) => ({ uuid: m.user.uuid, name: `${m.user.name} ${m.user.surname}`.trim(), email: m.user.email, role: "collaborator", count: m.permissions.length as number | null })),
    ...invitations.map((i) => ({ uuid: i.uuid, name: "", email: i.email, role: "invited", count: i.permissions.length as number | null })),
  ];
  return (
    <div className="mx-auto max-w-5xl">
      <PmsSettingsNav />
      <PmsPageHeader title={t("pages.users.title")} intro={t("users.intro", { name: businessName })}>
        <div className="flex flex-wrap gap-3">
          <Link to="/pms-settings/permissions" className={buttonClass("secondary")}>
            {t("pages.permissions.title")}
          </Link>
          <Link to="/pms-settings/add-collaborator" className={buttonClass()}>
            {t("users.add")}
          </Link>
        </div>
      </PmsPageHeader>
      <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t("pages.users.title")}</caption>
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="px-3 py-2">{t("users.name")}</th>
              <th scope="col" className="px-3 py-2">{t("users.email")}</th>
              <th scope="col" className="px-3 py-2">{t("users.role")}</th>
              <th scope="col" className="px-3 py-2">{t("users.access")}</th>
              <th scope="col" className="px-3 py-2"><span className="sr-only">{t("actions")}</span></th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {people.map((p) => (
              <tr key={`${p.role}-${p.uuid}`}>
                <th scope="row" className="px-3 py-2 font-semibold">{p.name || "—"}</th>
                <td className="px-3 py-2">{p.email}</td>
                <td className="px-3 py-2">{t(`users.roles.${p.role}`)}</td>
                <td className="px-3 py-2">{p.count === null ? t("users.everything") : t("users.permissionCount", { count: p.count })}</td>
                <td className="px-3 py-2 text-right">
                  {p.role === "collaborator" ? (
                    <Link to={`/pms-settings/edit-collaborator/${p.uuid}`} className={buttonClass("link")}>
                      {t("edit")}
                      <span className="sr-only"> {p.name}</span>
                    </Link>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
