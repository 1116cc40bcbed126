import { AppForm } from "#app/components/ui/app-form";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { NavLink, Outlet, useRouteLoaderData } from "react-router";
import { AdminNav } from "#app/components/admin/admin-nav";
import { BookingsNavItems } from "#app/components/bookings/nav";
import { LanguageSwitcher } from "#app/components/layout/language-switcher";
import { NotificationBell } from "#app/components/layout/notification-bell";
import { PricingNavItems } from "#app/components/pricing/nav";
import { BusinessSwitcher } from "#app/components/business/business-switcher";
import { GatedNavItems } from "#app/components/layout/gated-nav";
import { ReportsNav } from "#app/components/reports/nav";
import { IntelligenceNavItems } from "#app/components/intelligence/nav";
import { hasPlan } from "#domain/subscription/state";
import { FALLBACK_TIME_ZONE } from "#domain/business/timezone";
import { appContext, appStateMiddleware } from "#app/lib/guard.server";
import { getRequestState, requireUserMiddleware } from "#app/lib/request-context.server";
import { ErrorContent, ErrorPage } from "#app/components/error-page";
import type { loader as rootLoader } from "#app/root";
import type { Route } from "./+types/app-layout";

// The user's businesses, the selected one and its plans, for the route guards (guard.server.ts).
export const middleware: Route.MiddlewareFunction[] = [requireUserMiddleware, appStateMiddleware];

export async function loader({ context }: Route.LoaderArgs) {
  const { user, shell } = getRequestState(context);
  const { businesses, business, plans } = context.get(appContext);
  // requireUserMiddleware guarantees a user here.
  return {
    // What the shell and its pages read of the user (every signed-in document carries it; issue 29).
    user: { name: user!.name, surname: user!.surname, permissions: user!.permissions.map(({ name }) => ({ name })) },
    // For the business switcher in the top bar.
    businesses: businesses.map(({ uuid, company_name }) => ({ uuid, company_name })),
    selectedBusinessUuid: business?.uuid ?? null,
    // Every time on the pages is shown in the selected business's zone (useBusinessTimeZone).
    timeZone: typeof business?.timezone === "string" ? business.timezone : FALLBACK_TIME_ZONE,
    // The gated areas of spec section 6, for the sidebar (each page's guard enforces them).
    gates: {
      ai: hasPlan(plans, "ai"),
      motor: hasPlan(plans, "motor"),
      competitorAnalysis: hasPlan(plans, "competitorAnalysis"),
      competitors: user!.features.includes("competitors"),
    },
    // The host's view (Reports group) is for short-term rentals: business types with is_bnb.
    unreadNotifications: shell?.unread_notifications ?? 0,
    hostView: (business?.business_type as { is_bnb?: boolean } | null | undefined)?.is_bnb === true,
  };
}

export function useAppUser() {
  return useRouteLoaderData<typeof loader>("routes/shell/app-layout")!.user;
}

export default function AppLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AppShell data={loaderData}>
      <Outlet />
    </AppShell>
  );
}

/**
 * A page below the layout that fails (its loader, action or render throws) shows the error page
 * inside the layout, so the navigation stays. Without the layout's own data (its loader failed)
 * it is the whole error page.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation("errorPage");
  const data = useRouteLoaderData<typeof loader>("routes/shell/app-layout");
  const supportEmail = useRouteLoaderData<typeof rootLoader>("root")?.supportEmail;
  if (!data) return <ErrorPage error={error} supportEmail={supportEmail} />;
  return (
    <AppShell data={data}>
      <p className="mb-4 text-sm text-slate-600">{t("inLayout")}</p>
      <ErrorContent error={error} supportEmail={supportEmail} />
    </AppShell>
  );
}

function AppShell({ data: loaderData, children }: { data: Route.ComponentProps["loaderData"]; children: ReactNode }) {
  const { t } = useTranslation();
  const { user } = loaderData;
  const can = (permission: string) => user.permissions.some((p) => p.name === permission);
  return (
    <div className="min-h-screen md:flex">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:bg-white focus:p-2">
        {t("skipToContent")}
      </a>
      <aside className="border-b border-slate-200 bg-white md:w-60 md:border-b-0 md:border-r">
        <p className="px-4 py-4 text-xl font-bold text-brand-700">{t("appName")}</p>
        <nav aria-label={t("nav.main")} className="px-2 pb-4">
          <ul className="flex gap-1 overflow-x-auto md:flex-col">
            <li>
              <NavLink to="/" end className={NAV_LINK}>
                {t("nav.dashboard")}
              </NavLink>
            </li>
            <IntelligenceNavItems permissions={user.permissions} className={NAV_LINK} />
            <PricingNavItems permissions={user.permissions} className={NAV_LINK} />
            <BookingsNavItems permissions={user.permissions} className={NAV_LINK} />
            <GatedNavItems permissions={user.permissions} gates={loaderData.gates} className={NAV_LINK} />
            {can("user.learning") ? (
              <li>
                <NavLink to="/learning" className={NAV_LINK}>
                  {t("nav.learning", { ns: "learning" })}
                </NavLink>
              </li>
            ) : null}
            {can("user.businesses") ? (
              <li>
                <NavLink to="/businesses" className={NAV_LINK}>
                  {t("nav.businesses", { ns: "business" })}
                </NavLink>
              </li>
            ) : null}
            {can("user.pms-settings") ? (
              <li>
                <NavLink to="/pms-settings" end className={NAV_LINK}>
                  {t("nav.settings", { ns: "pms" })}
                </NavLink>
              </li>
            ) : null}
            {can("user.collaborators") ? (
              <li>
                <NavLink to="/pms-settings/collaborators" className={NAV_LINK}>
                  {t("nav.collaborators", { ns: "business" })}
                </NavLink>
              </li>
            ) : null}
          </ul>
          <ReportsNav permissions={user.permissions} hostView={loaderData.hostView} className={NAV_LINK} />
          <AdminNav permissions={user.permissions} linkClass={NAV_LINK} />
          {can("admin.businesses") ? (
            // Sits under the Administração group when AdminNav shows it; named in full when it does not.
            <ul aria-labelledby={can("admin.users") || can("admin.permissions") ? "nav-admin" : undefined} className="flex gap-1 md:flex-col">
              <li>
                <NavLink to="/manage/businesses" className={NAV_LINK}>
                  {can("admin.users") || can("admin.permissions") ? t("nav.allBusinesses", { ns: "business" }) : t("nav.adminBusinesses", { ns: "business" })}
                </NavLink>
              </li>
            </ul>
          ) : null}
        </nav>
      </aside>
      <div className="min-w-0 flex-1">
        <header className="flex flex-wrap items-center justify-end gap-4 border-b border-slate-200 bg-white px-4 py-2">
          <div className="mr-auto">
            <BusinessSwitcher businesses={loaderData.businesses} selectedUuid={loaderData.selectedBusinessUuid} />
          </div>
          <NotificationBell unread={loaderData.unreadNotifications} />
          <LanguageSwitcher />
          <span className="text-sm text-slate-700">{`${user.name} ${user.surname}`.trim()}</span>
          <NavLink to="/account-settings/my-account" className="text-sm text-brand-700 underline">
            {t("nav.account")}
          </NavLink>
          <AppForm action="/logout">
            <button type="submit" className="text-sm text-brand-700 underline">
              {t("logout.submit", { ns: "auth" })}
            </button>
          </AppForm>
        </header>
        <main id="main" className="p-4 md:p-6">
          {children}
        </main>
      </div>
    </div>
  );
}

/** The side menu's links; their look, the current page's (`active`) included, is `.nav-link` in app.css. */
const NAV_LINK = "nav-link";
