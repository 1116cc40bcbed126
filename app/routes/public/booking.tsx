import { useTranslation } from "react-i18next";
import { data, Outlet } from "react-router";
import { textColourOn } from "#domain/booking-engine/rules";
import { readProfile } from "#app/routes/public/booking-engine.server";
import { LanguageSwitcher } from "#app/components/layout/language-switcher";
import { getRequestState } from "#app/lib/request-context.server";
import type { Route } from "./+types/booking";
import { noHydration } from "#app/lib/hydration";

/** Works fully as HTML forms and links: sent without scripts (app/lib/hydration.ts). */
export const handle = noHydration;

/**
 * The hotel's public booking page (/p/{slug}): no app layout, open to anyone (the navigation
 * guard lets /p/… through). Its own small frame: the hotel's logo and name on its accent colour,
 * the language switcher, then the search, the guest form or the confirmation. A slug that is
 * unknown, switched off or without the motor plan gets a friendly 404 page.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const profile = await readProfile(getRequestState(context).api, params.slug);
  if (!profile) return data({ profile: null }, { status: 404 });
  return { profile };
}

export default function PublicBooking({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("bookingEngine");
  const { profile } = loaderData;
  if (!profile) {
    return (
      <div className="flex min-h-screen flex-col items-center justify-center gap-6 px-4 py-10">
        <title>{`${t("public.notFoundTitle")} · Tarifa`}</title>
        <main id="main" className="w-full max-w-md rounded-lg border border-slate-200 bg-white p-6 text-center shadow-sm">
          <h1 className="mb-2 text-xl font-semibold">{t("public.notFoundTitle")}</h1>
          <p className="text-sm text-slate-700">{t("public.notFoundText")}</p>
        </main>
        <LanguageSwitcher />
      </div>
    );
  }
  const accent = profile.accent_color;
  const onAccent = textColourOn(accent);
  return (
    <div className="min-h-screen bg-slate-50" style={{ "--accent": accent, "--on-accent": onAccent } as React.CSSProperties}>
      <header style={{ backgroundColor: accent, color: onAccent }}>
        <div className="mx-auto flex max-w-3xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <a href={`/p/${profile.slug}`} className="flex items-center gap-3 font-semibold">
            {profile.business.logo ? <img src={profile.business.logo} alt="" width={40} height={40} className="h-10 w-10 rounded bg-white object-contain" /> : null}
            <span className="text-lg">{profile.business.name}</span>
          </a>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-3xl px-4 py-6">
        <Outlet />
      </main>
      <footer className="mx-auto flex max-w-3xl flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-4 py-4 text-sm text-slate-700">
        <p>
          {[profile.contact.email, profile.contact.phone].filter(Boolean).join(" · ")}
        </p>
        <LanguageSwitcher />
      </footer>
    </div>
  );
}
