import { Outlet, useMatches } from "react-router";
import { useTranslation } from "react-i18next";
import { LanguageSwitcher } from "#app/components/layout/language-switcher";
import { noHydration } from "#app/lib/hydration";

/** Works fully as HTML forms and links: sent without scripts (app/lib/hydration.ts). */
export const handle = noHydration;

/**
 * Pages anyone may open, signed in or not (reset password, check e-mail, verify e-mail, the
 * development mailbox): the guest layout's look without its guest-only middleware. A page whose
 * handle says `wide` (the mailbox) gets a wider card.
 */
export default function PublicLayout() {
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
