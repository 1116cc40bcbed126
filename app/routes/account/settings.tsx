import { useTranslation } from "react-i18next";
import { Outlet, redirect } from "react-router";
import { accountSettingsHandle } from "#app/components/account/route-flags";
import { appContext, guard } from "#app/lib/guard.server";
import { getRequestState } from "#app/lib/request-context.server";
import { SettingsNav } from "#app/components/account/settings-nav";
import type { Route } from "./+types/settings";

export const handle = accountSettingsHandle;
// The settings pages below inherit this guard (same flags).
export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

export function loader({ request, context }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  if (pathname.replace(/\/+$/, "") === "/account-settings") throw redirect("/account-settings/my-account");
  // The subscription belongs to the business: only its owner (or an administrator) manages it.
  const { business } = context.get(appContext);
  const isAdmin = getRequestState(context).user?.roles.includes("administrator") ?? false;
  return { showSubscriptions: !!business && (business.is_owner === true || isAdmin) };
}

export default function AccountSettings({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  return (
    <div className="mx-auto max-w-4xl">
      <h1 className="mb-4 text-2xl font-semibold">{t("settings.heading")}</h1>
      <div className="flex flex-col gap-6 md:flex-row">
        <aside className="md:w-52 md:shrink-0">
          <SettingsNav showSubscriptions={loaderData.showSubscriptions} />
        </aside>
        <section className="min-w-0 flex-1 rounded-lg border border-slate-200 bg-white p-4 md:p-6">
          <Outlet />
        </section>
      </div>
    </div>
  );
}
