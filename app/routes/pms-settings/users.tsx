import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { requireSelectedBusiness } from "#app/lib/business.server";
import { PmsPageHeader, PmsSettingsNav } from "#app/components/pms-settings/nav";
import { buttonClass } from "#app/components/ui/button";
import { guard, type RouteHandle } from "#app/lib/guard.server";
import { getRequestState } from "#app/lib/request-context.server";
import type { Route } from "./+types/users";
import { DataTable } from "#app/components/ui/data-table";

/**
 * Everyone with access to the selected business: the owner, the collaborators and the pending
 * invitations — the collaborators model (business_members), seen from the PMS settings.
 */
export const handle = { permission: "user.collaborators" } satisfies RouteHandle;

export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

export async function loader({ context }: Route.LoaderArgs) {
  const { api } = getRequestState(context);
  const business = requireSelectedBusiness(context);
  return { ...(await api.collaborators.list(business.uuid)), businessName: business.company_name };
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
        <DataTable
          caption={t("pages.users.title")}
          rows={people}
          rowKey={(p) => `${p.role}-${p.uuid}`}
          rowHeader
          columns={[
            { header: t("users.name"), className: "font-semibold", cell: (p) => p.name || "—" },
            { header: t("users.email"), cell: (p) => p.email },
            { header: t("users.role"), cell: (p) => t(`users.roles.${p.role}`) },
            { header: t("users.access"), cell: (p) => (p.count === null ? t("users.everything") : t("users.permissionCount", { count: p.count })) },
            {
              header: t("actions"),
              hiddenHeader: true,
              className: "text-right",
              cell: (p) =>
                p.role === "collaborator" ? (
                  <Link to={`/pms-settings/edit-collaborator/${p.uuid}`} className={buttonClass("link")}>
                    {t("edit")}
                    <span className="sr-only"> {p.name}</span>
                  </Link>
                ) : null,
            },
          ]}
        />
      </div>
    </div>
  );
}
