import { Outlet } from "react-router";
import { LanguageSwitcher } from "#app/components/layout/language-switcher";
import { guestOnlyMiddleware } from "#app/lib/request-context.server";
import type { Route } from "./+types/guest-layout";
import { useTranslation } from "react-i18next";
import { noHydration } from "#app/lib/hydration";

export const middleware: Route.MiddlewareFunction[] = [guestOnlyMiddleware];

export default function GuestLayout() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-screen flex-col items-center justify-center px-4 py-10">
      <main id="main" className="w-full max-w-md">
        <p className="mb-6 text-center text-2xl font-bold text-brand-700">{t("appName")}</p>
        <div className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
          <Outlet />
        </div>
      </main>
      <footer className="mt-6">
        <LanguageSwitcher />
      </footer>
    </div>
  );
}

/** Works fully as HTML forms and links: sent without scripts (app/lib/hydration.ts). */
export const handle = noHydration;
