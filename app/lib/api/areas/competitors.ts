import type { z } from "zod";
import type { CompetitorJson, CompetitorRatesJson, MarketAnalysisJson, ratesImportedAnswer, ratesWrittenAnswer } from "#contract/competitors";
import type { competitorSchema, marketQuerySchema, rateBatchSchema, rateImportSchema } from "#domain/schemas/competitors";
import type { ApiVerbs } from "#app/lib/api/verbs.ts";

/** A period of nights as the API reads it (docs/api/competitors.md), `days` a number. */
export type MarketQuery = Omit<z.input<typeof marketQuerySchema>, "days"> & { days?: number };

/** The rate shopper's and the market analysis's calls (docs/api/competitors.md). */
export function competitorsApi(http: ApiVerbs) {
  const business = (businessUuid: string) => `/api/v1/businesses/${businessUuid}`;
  const base = (businessUuid: string) => `${business(businessUuid)}/competitors`;
  return {
    /** GET /businesses/{id}/competitors. */
    list: async (businessUuid: string): Promise<CompetitorJson[]> => (await http.get<{ data: CompetitorJson[] }>(base(businessUuid))).data,
    /** POST /businesses/{id}/competitors (201). */
    create: (businessUuid: string, body: z.input<typeof competitorSchema>) => http.post<{ data: CompetitorJson }>(base(businessUuid), body),
    /** PUT /businesses/{id}/competitors/{competitor}. */
    update: (businessUuid: string, competitorId: string, body: z.input<typeof competitorSchema>) =>
      http.put<{ data: CompetitorJson }>(`${base(businessUuid)}/${competitorId}`, body),
    /** DELETE /businesses/{id}/competitors/{competitor} (204). */
    delete: async (businessUuid: string, competitorId: string): Promise<void> => {
      await http.delete(`${base(businessUuid)}/${competitorId}`);
    },
    /** GET /businesses/{id}/competitors/rates: the set and every night's observations. */
    rates: (businessUuid: string, query: MarketQuery) => http.get<CompetitorRatesJson>(`${base(businessUuid)}/rates`, { query }),
    /** PUT /businesses/{id}/competitors/rates (a null rate clears the night). */
    saveRates: (businessUuid: string, body: z.input<typeof rateBatchSchema>) => http.put<z.infer<typeof ratesWrittenAnswer>>(`${base(businessUuid)}/rates`, body),
    /** POST /businesses/{id}/competitors/rates/import: rates from a CSV. */
    importRates: (businessUuid: string, body: z.input<typeof rateImportSchema>) =>
      http.post<z.infer<typeof ratesImportedAnswer>>(`${base(businessUuid)}/rates/import`, body),
    /** GET /businesses/{id}/market-analysis. */
    market: (businessUuid: string, query: MarketQuery) => http.get<MarketAnalysisJson>(`${business(businessUuid)}/market-analysis`, { query }),
  };
}
