import type { z } from "zod";
import type { BreakdownJson, DashboardJson, ExploreJson, goalsWrittenAnswer, GoalsYearJson, MonthlyJson } from "#contract/metrics";
import type { breakdownQuerySchema, exploreQuerySchema, goalsBodySchema, yearQuerySchema } from "#domain/schemas/metrics";
import type { ApiVerbs, Asked } from "#app/lib/api/verbs.ts";

/** The intelligence calls (docs/api/intelligence.md): the dashboard, the metrics and the goals; questions as the page's URL asks them. */
export function intelligenceApi(http: ApiVerbs) {
  const base = (businessUuid: string) => `/api/v1/businesses/${businessUuid}`;
  return {
    /** GET /businesses/{id}/dashboard. */
    dashboard: (businessUuid: string) => http.get<DashboardJson>(`${base(businessUuid)}/dashboard`),
    /** GET /businesses/{id}/metrics/monthly: a year (this one when left out). */
    monthly: (businessUuid: string, query: Asked<z.input<typeof yearQuerySchema>> = {}) => http.get<MonthlyJson>(`${base(businessUuid)}/metrics/monthly`, { query }),
    /** GET /businesses/{id}/metrics/breakdown: one dimension of a period. */
    breakdown: (businessUuid: string, query: Asked<z.input<typeof breakdownQuerySchema>>) => http.get<BreakdownJson>(`${base(businessUuid)}/metrics/breakdown`, { query }),
    /** GET /businesses/{id}/metrics/explore: the explorer's question (the default one when left out). */
    explore: (businessUuid: string, query: Asked<z.input<typeof exploreQuerySchema>> = {}) => http.get<ExploreJson>(`${base(businessUuid)}/metrics/explore`, { query }),
    /** GET /businesses/{id}/goals: a year's goals (this one when left out). */
    goals: (businessUuid: string, query: Asked<z.input<typeof yearQuerySchema>> = {}) => http.get<GoalsYearJson>(`${base(businessUuid)}/goals`, { query }),
    /** PUT /businesses/{id}/goals. */
    saveGoals: (businessUuid: string, body: z.input<typeof goalsBodySchema>) => http.put<z.infer<typeof goalsWrittenAnswer>>(`${base(businessUuid)}/goals`, body),
  };
}
