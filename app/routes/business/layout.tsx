import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";
import { BusinessSettingsNav } from "#app/components/business/settings-nav";
import { guard, type RouteHandle } from "#app/lib/guard.server";
import type { Route } from "./+types/layout";

export const handle = { permission: "user.businesses" } satisfies RouteHandle;

export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

/** The Businesses area: the user's businesses and the selected one's settings, under one set of tabs. */
export default function BusinessesLayout() {
  const { t } = useTranslation("business");
  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="mb-4 text-2xl font-semibold">{t("area.heading")}</h1>
      <BusinessSettingsNav />
      <Outlet />
    </div>
  );
}
