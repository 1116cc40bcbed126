import { Outlet, useMatches } from "react-router";
import { useTranslation } from "react-i18next";
import { LanguageSwitcher } from "#app/components/layout/language-switcher";

/**
 * The shell of the pages outside the app (sign-in, registration, reset password, e-mail checks,
 * the development mailbox): the name, one card with the page, the language switcher. A page whose
 * handle says `wide` (the mailbox) gets a wider card.
 */
export function CardShell() {
  const { t } = useTranslation();
  const wide = useMatches().some((match) => (match.handle as { wide?: boolean } | undefined)?.wide);
  return (
    <div className="flex min-h-screen flex-col items-center justify-center px-4 py-10">
      <main id="main" className={`w-full ${wide ? "max-w-4xl" : "max-w-md"}`}>
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
