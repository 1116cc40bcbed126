import type { z } from "zod";
import type { DemandRuleWriteJson, StayNightsJson, StayRulesJson, StaySettingsWriteJson, StayWhatIfJson } from "#contract/stay-rules";
import type { demandRuleSchema, stayNightsQuerySchema, staySettingsSchema, stayWhatIfSchema } from "#domain/schemas/stay-rules";
import type { ApiVerbs } from "#app/lib/api/verbs.ts";

/** The stay-rule calls (issue 28). */
export function stayRulesApi(http: ApiVerbs) {
  const base = (businessUuid: string) => `/api/v1/businesses/${businessUuid}/stay-rules`;
  return {
    /** GET /businesses/{id}/stay-rules: settings, demand rules and gaps. */
    get: (businessUuid: string) => http.get<StayRulesJson>(base(businessUuid)),
    /** GET …/stay-rules/nights: each night's rules with their steps. */
    nights: (businessUuid: string, query: z.input<typeof stayNightsQuerySchema>) => http.get<StayNightsJson>(`${base(businessUuid)}/nights`, { query }),
    /** POST …/stay-rules/what-if: the settings' effect on one category; nothing saved. */
    whatIf: (businessUuid: string, body: z.input<typeof stayWhatIfSchema>) => http.post<StayWhatIfJson>(`${base(businessUuid)}/what-if`, body),
    /** PUT …/stay-rules/settings. */
    saveSettings: (businessUuid: string, body: z.input<typeof staySettingsSchema>) => http.put<StaySettingsWriteJson>(`${base(businessUuid)}/settings`, body),
    /** POST …/stay-rules/demand-rules (201). */
    addDemandRule: (businessUuid: string, body: z.input<typeof demandRuleSchema>) => http.post<DemandRuleWriteJson>(`${base(businessUuid)}/demand-rules`, body),
    /** POST …/stay-rules/demand-rules/suggested (201): adds Tarifa's suggested rule as it stands. */
    adoptSuggestedRule: (businessUuid: string) => http.post<DemandRuleWriteJson>(`${base(businessUuid)}/demand-rules/suggested`, {}),
    /** DELETE …/stay-rules/demand-rules/{rule} (204). */
    deleteDemandRule: async (businessUuid: string, ruleId: string): Promise<void> => {
      await http.delete(`${base(businessUuid)}/demand-rules/${encodeURIComponent(ruleId)}`);
    },
  };
}
