import type { CommissionsJson, ExportsJson, FinancialJson, HostUnitsJson, ReportsSummaryJson, RewardsJson } from "#contract/reports";
import type { PeriodQuery } from "#domain/schemas/reports";
import type { ApiVerbs } from "#app/lib/api/verbs.ts";

/** The reports calls (docs/api/reports.md): each report for a period (the default one when left out). */
export function reportsApi(http: ApiVerbs) {
  const base = (businessUuid: string) => `/api/v1/businesses/${businessUuid}`;
  return {
    /** GET /businesses/{id}/reports: a summary of each report. */
    summary: (businessUuid: string, query: PeriodQuery) => http.get<ReportsSummaryJson>(`${base(businessUuid)}/reports`, { query }),
    /** GET /businesses/{id}/reports/financial. */
    financial: (businessUuid: string, query: PeriodQuery) => http.get<FinancialJson>(`${base(businessUuid)}/reports/financial`, { query }),
    /** GET /businesses/{id}/reports/commissions. */
    commissions: (businessUuid: string, query: PeriodQuery) => http.get<CommissionsJson>(`${base(businessUuid)}/reports/commissions`, { query }),
    /** GET /businesses/{id}/exports: what the export centre offers. */
    exports: (businessUuid: string, query: PeriodQuery) => http.get<ExportsJson>(`${base(businessUuid)}/exports`, { query }),
    /** GET /businesses/{id}/hosts/units: each unit's performance. */
    hostUnits: (businessUuid: string, query: PeriodQuery) => http.get<HostUnitsJson>(`${base(businessUuid)}/hosts/units`, { query }),
    /** GET /businesses/{id}/rewards. */
    rewards: (businessUuid: string) => http.get<RewardsJson>(`${base(businessUuid)}/rewards`),
  };
}
