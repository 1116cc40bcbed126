import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { selectedBusiness } from "#app/lib/business.server";
import { buttonClass } from "#app/components/ui/button";
import { guard, type RouteHandle } from "#app/lib/guard.server";
import type { Route } from "./+types/completed";

/** The end of onboarding; reachable whatever the status, the e-mail check included (spec section 2). */
export const handle = { skipOnboarding: true, skipSetupCheck: true, skipEmailVerification: true, skipSubscribedMiddleware: true } satisfies RouteHandle;

export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

export async function loader({ context }: Route.LoaderArgs) {
  const business = selectedBusiness(context);
  return { name: business?.company_name ?? null };
}

const NEXT_STEPS = [
  { key: "prices", to: "/price-settings" },
  { key: "calendar", to: "/calendar" },
  { key: "bookings", to: "/bookings" },
] as const;

export default function OnboardingCompleted({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("onboarding");
  return (
    <div className="mx-auto max-w-3xl">
      <title>{`${t("completed.title")} · Tarifa`}</title>
      <div className="rounded-lg border border-emerald-200 bg-white p-6 text-center shadow-sm">
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.5} aria-hidden="true" className="mx-auto h-12 w-12 text-emerald-600">
          <circle cx="12" cy="12" r="9" />
          <path d="m8 12.5 2.5 2.5L16 9.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <h1 className="mt-2 text-2xl font-semibold">{t("completed.heading")}</h1>
        <p className="mt-2 text-slate-700">
          {loaderData.name ? t("completed.textNamed", { name: loaderData.name }) : t("completed.text")}
        </p>
      </div>
      <h2 className="mb-3 mt-8 text-lg font-semibold">{t("completed.nextHeading")}</h2>
      <ol className="grid gap-3 sm:grid-cols-3">
        {NEXT_STEPS.map((step, index) => (
          <li key={step.key} className="flex flex-col rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
            <span className="text-sm font-semibold text-brand-800">{t("completed.stepNumber", { number: index + 1 })}</span>
            <h3 className="font-semibold">{t(`completed.${step.key}.title`)}</h3>
            <p className="mb-3 flex-1 text-sm text-slate-700">{t(`completed.${step.key}.text`)}</p>
            <Link to={step.to} className={buttonClass("link", "text-sm")}>
              {t(`completed.${step.key}.link`)}
            </Link>
          </li>
        ))}
      </ol>
      <p className="mt-6">
        <Link to="/" className={buttonClass()}>
          {t("completed.dashboard")}
        </Link>
      </p>
    </div>
  );
}
