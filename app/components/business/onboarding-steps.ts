import { categoriesOf, type BusinessJson } from "./types";

export const ONBOARDING_STEPS = ["details", "type", "rooms", "plan"] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

export function isOnboardingStep(value: unknown): value is OnboardingStep {
  return typeof value === "string" && (ONBOARDING_STEPS as readonly string[]).includes(value);
}

/** The first step the draft has not done yet. */
export function resumeStep(draft: BusinessJson | null): OnboardingStep {
  if (!draft) return "details";
  if (draft.status === "ONBOARDING_EASY_LITE") return "plan";
  if (!draft.business_type_uuid && !draft.business_type?.uuid) return "type";
  if (categoriesOf(draft).length === 0) return "rooms";
  return "plan";
}

/** The step to show: the one asked for when it is already reachable, otherwise where to resume. */
export function stepToShow(draft: BusinessJson | null, requested: string | null): OnboardingStep {
  const resume = resumeStep(draft);
  if (!isOnboardingStep(requested)) return resume;
  return ONBOARDING_STEPS.indexOf(requested) <= ONBOARDING_STEPS.indexOf(resume) ? requested : resume;
}
