import type { z } from "zod";
import type { bookingCurvesAnswer, forecastAnswer, paceAnswer, pickupAnswer } from "#contract/tracking";
import type { bookingCurvesQuerySchema, forecastQuerySchema, paceQuerySchema, pickupQuerySchema } from "#domain/schemas/tracking";
import type { ApiVerbs, Asked } from "#app/lib/api/verbs.ts";

/** The tracking calls (docs/api/intelligence-tracking.md); questions as the page's URL asks them. */
export function trackingApi(http: ApiVerbs) {
  const base = (businessUuid: string) => `/api/v1/businesses/${businessUuid}/tracking`;
  return {
    /** GET …/tracking/pickup. */
    pickup: (businessUuid: string, query: Asked<z.input<typeof pickupQuerySchema>>) => http.get<z.infer<typeof pickupAnswer>>(`${base(businessUuid)}/pickup`, { query }),
    /** GET …/tracking/pace. */
    pace: (businessUuid: string, query: Asked<z.input<typeof paceQuerySchema>>) => http.get<z.infer<typeof paceAnswer>>(`${base(businessUuid)}/pace`, { query }),
    /** GET …/tracking/booking-curves. */
    curves: (businessUuid: string, query: Asked<z.input<typeof bookingCurvesQuerySchema>>) =>
      http.get<z.infer<typeof bookingCurvesAnswer>>(`${base(businessUuid)}/booking-curves`, { query }),
    /** GET …/tracking/forecast. */
    forecast: (businessUuid: string, query: Asked<z.input<typeof forecastQuerySchema>>) => http.get<z.infer<typeof forecastAnswer>>(`${base(businessUuid)}/forecast`, { query }),
  };
}
