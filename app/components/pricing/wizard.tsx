import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/** The wizard's steps, in order (issue 5: base rate per category, bands, guests, first seasons). */
export const WIZARD_STEPS = ["rates", "bands", "guests", "seasons"] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

export function stepNumber(raw: string | null): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 && n <= WIZARD_STEPS.length ? n : 1;
}

/** The page frame of the wizard (spec route /price-settings/layout-container). */
export function LayoutContainer({ children }: { children: React.ReactNode }) {
  return <div className="mx-auto max-w-4xl">{children}</div>;
}

/** A step's header and progress (spec route /price-settings/step-wrapper): where you are, links back to done steps. */
export function StepWrapper({ step, children }: { step: number; children: React.ReactNode }) {
  const { t } = useTranslation("pricing");
  return (
    <section aria-labelledby="wizard-step-title">
      <ol className="mb-4 flex flex-wrap gap-2 text-sm" aria-label={t("wizard.progress")}>
        {WIZARD_STEPS.map((name, i) => {
          const n = i + 1;
          const current = n === step;
          return (
            <li key={name}>
              <Link
                to={`/price-settings/new-setting?step=${n}`}
                aria-current={current ? "step" : undefined}
                className={`inline-flex items-center gap-1 rounded-full px-3 py-1 ${current ? "bg-brand-600 text-white" : n < step ? "bg-brand-50 text-brand-900" : "bg-slate-100 text-slate-700"}`}
              >
                <span className="font-semibold">{n}</span> {t(`wizard.steps.${name}.short`)}
              </Link>
            </li>
          );
        })}
      </ol>
      <h2 id="wizard-step-title" className="text-xl font-semibold">
        {t("wizard.stepOf", { n: step, total: WIZARD_STEPS.length })} · {t(`wizard.steps.${WIZARD_STEPS[step - 1]}.title`)}
      </h2>
      <p className="mb-4 text-sm text-slate-700">{t(`wizard.steps.${WIZARD_STEPS[step - 1]}.intro`)}</p>
      {children}
    </section>
  );
}

/** A step's body (spec route /price-settings/step-content): the form card. */
export function StepContent({ children }: { children: React.ReactNode }) {
  return <div className="rounded-md border border-slate-200 bg-white p-4">{children}</div>;
}
