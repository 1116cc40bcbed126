import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ONBOARDING_STEPS, type OnboardingStep } from "./onboarding-steps";

/** Where the owner is in the wizard; steps already reached are links back. */
export function OnboardingStepper({ current, reached }: { current: OnboardingStep; reached: OnboardingStep }) {
  const { t } = useTranslation("onboarding");
  const reachedIndex = ONBOARDING_STEPS.indexOf(reached);
  return (
    <nav aria-label={t("steps.label")} className="mb-6">
      <ol className="flex flex-wrap gap-2 text-sm">
        {ONBOARDING_STEPS.map((step, index) => {
          const isCurrent = step === current;
          const label = (
            <>
              <span
                aria-hidden="true"
                className={`mr-2 inline-flex h-6 w-6 items-center justify-center rounded-full text-xs font-semibold ${isCurrent ? "bg-brand-600 text-white" : index <= reachedIndex ? "bg-brand-100 text-brand-900" : "bg-slate-200 text-slate-700"}`}
              >
                {index + 1}
              </span>
              <span className="sr-only">{t("steps.number", { number: index + 1, total: ONBOARDING_STEPS.length })} </span>
              {t(`steps.${step}`)}
            </>
          );
          return (
            <li key={step} className="flex items-center">
              {isCurrent ? (
                <span aria-current="step" className="flex items-center rounded-md px-2 py-1 font-semibold text-brand-900">
                  {label}
                </span>
              ) : index <= reachedIndex ? (
                <Link to={`/onboarding?step=${step}`} className="flex items-center rounded-md px-2 py-1 text-slate-800 underline-offset-2 hover:underline">
                  {label}
                </Link>
              ) : (
                <span className="flex items-center px-2 py-1 text-slate-600">{label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
