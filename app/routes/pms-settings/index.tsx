import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PMS_SETTINGS_GROUPS, PmsPageHeader, PmsSettingsNav, pageKey } from "#app/components/pms-settings/nav";
import { requireSelectedBusiness } from "#app/lib/business.server";
import { guard, type RouteHandle } from "#app/lib/guard.server";
import type { Route } from "./+types/index";

/** The PMS settings home: every settings page of the built-in PMS, grouped, with what it is for. */
export const handle = { permission: "user.pms-settings" } satisfies RouteHandle;

export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

export async function loader({ context }: Route.LoaderArgs) {
  return { businessName: requireSelectedBusiness(context).company_name };
}

export default function PmsSettingsIndex({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("pms");
  return (
    <div className="mx-auto max-w-5xl">
      <PmsSettingsNav />
      <PmsPageHeader title={t("index.title")} intro={t("index.intro", { name: loaderData.businessName })} />
      <div className="grid gap-4 md:grid-cols-2">
        {PMS_SETTINGS_GROUPS.map((group) => (
          <section key={group.key} aria-labelledby={`group-${group.key}`} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
            <h2 id={`group-${group.key}`} className="mb-2 text-lg font-semibold">
              {t(`index.groups.${group.key}`)}
            </h2>
            <ul className="space-y-3">
              {group.pages.map((page) => (
                <li key={page}>
                  <Link to={`/pms-settings/${page}`} className="font-medium text-brand-700 underline hover:text-brand-900">
                    {t(`pages.${pageKey(page)}.title`)}
                  </Link>
                  <p className="text-sm text-slate-700">{t(`pages.${pageKey(page)}.description`)}</p>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
}
