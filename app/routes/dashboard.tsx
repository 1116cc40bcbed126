import { useTranslation } from "react-i18next";
import { guard, type RouteHandle } from "../lib/guard.server";
import type { Route } from "./+types/dashboard";
import { useAppUser } from "./app-layout";

// Users without the dashboard permission land on the first page they may open (spec section 2).
export const handle: RouteHandle = { permission: "user.dashboard", landing: true };
export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

export default function Dashboard() {
  const { t } = useTranslation();
  const user = useAppUser();
  return (
    <>
      <title>{`${t("dashboard.title")} · Tarifa`}</title>
      <h1 className="text-2xl font-semibold">{t("dashboard.greeting", { name: user.name })}</h1>
    </>
  );
}
