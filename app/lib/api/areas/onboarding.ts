import type { z } from "zod";
import type { businessEnvelope } from "#contract/business";
import type { planChoiceSchema, pmsChoiceSchema } from "#domain/schemas/business";
import type { ApiVerbs } from "#app/lib/api/verbs.ts";

type Written = z.infer<typeof businessEnvelope>;

/** The onboarding wizard's and the first setup's calls (docs/api/businesses.md): each answers the business. */
export function onboardingApi(http: ApiVerbs) {
  const base = (businessUuid: string) => `/api/v1/businesses/${businessUuid}`;
  return {
    /** POST /businesses/{id}/onboarding/plan: subscribe, or Easy Lite. */
    choosePlan: (businessUuid: string, body: z.input<typeof planChoiceSchema>) => http.post<Written>(`${base(businessUuid)}/onboarding/plan`, body),
    /** POST /businesses/{id}/onboarding/submit: Easy Lite's onboarding finished. */
    submit: (businessUuid: string) => http.post<Written>(`${base(businessUuid)}/onboarding/submit`),
    /** PUT /businesses/{id}/pms: the PMS chosen, with its credentials (checked by the API against the PMS's own fields). */
    choosePms: (businessUuid: string, body: z.input<typeof pmsChoiceSchema>) => http.put<Written>(`${base(businessUuid)}/pms`, body),
    /** POST /businesses/{id}/setup/retry: the download tried again. */
    retrySetup: (businessUuid: string) => http.post<Written>(`${base(businessUuid)}/setup/retry`),
    /** POST /businesses/{id}/setup/complete: the data loaded is confirmed. */
    completeSetup: (businessUuid: string) => http.post<Written>(`${base(businessUuid)}/setup/complete`),
  };
}
