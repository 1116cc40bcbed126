import type { z } from "zod";
import type {
  CalendarJson,
  CompactCalendarJson,
  DaysToUpdateJson,
  ManualPricesJson,
  OccupationLogJson,
  PublishJson,
  SeasonalityPreviewJson,
  Suggestion,
  TariffConfigurationJson,
} from "#contract/pricing";
import type { SeasonalityCreatedJson, TariffWriteJson } from "#contract/tariff-writes";
import type {
  calendarQuerySchema,
  fluctuationLevelsSchema,
  leadTimeSchema,
  manualPricesSchema,
  nightRangeQuerySchema,
  occupancyPricingSchema,
  publishSchema,
  roomsTariffSchema,
  seasonalityPreviewSchema,
  seasonalitySchema,
} from "#domain/schemas/pricing";
import type { BrainPreviewJson } from "#contract/brain";
import type { ApiVerbs } from "#app/lib/api/verbs.ts";

/** Each price setting's what-if and the body it takes: the same as that setting's save. */
export interface WhatIfBodies {
  "rooms-tariff": z.input<typeof roomsTariffSchema>;
  "fluctuation-levels": z.input<typeof fluctuationLevelsSchema>;
  "occupancy-pricing": z.input<typeof occupancyPricingSchema>;
  "lead-time": z.input<typeof leadTimeSchema>;
  sazonalities: z.input<typeof seasonalityPreviewSchema>;
}

/** The pricing calls (spec section 7, "Pricing"): bodies as the API's own schemas read them. */
export function pricingApi(http: ApiVerbs) {
  const business = (businessUuid: string) => `/api/v1/businesses/${businessUuid}`;
  const tariff = (businessUuid: string) => `${business(businessUuid)}/tariff-configuration`;
  return {
    /** GET /businesses/{id}/tariff-configuration. */
    tariffConfiguration: async (businessUuid: string): Promise<TariffConfigurationJson> =>
      (await http.get<{ tariff_configuration: TariffConfigurationJson }>(tariff(businessUuid))).tariff_configuration,
    /** POST …/tariff-configuration/rooms-tariff. */
    saveRoomsTariff: (businessUuid: string, body: z.input<typeof roomsTariffSchema>) => http.post<TariffWriteJson>(`${tariff(businessUuid)}/rooms-tariff`, body),
    /** POST …/tariff-configuration/fluctuation-levels. */
    saveLevels: (businessUuid: string, body: z.input<typeof fluctuationLevelsSchema>) =>
      http.post<TariffWriteJson>(`${tariff(businessUuid)}/fluctuation-levels`, body),
    /** PUT …/tariff-configuration/occupancy-pricing. */
    saveOccupancy: (businessUuid: string, body: z.input<typeof occupancyPricingSchema>) =>
      http.put<TariffWriteJson>(`${tariff(businessUuid)}/occupancy-pricing`, body),
    /** PUT …/tariff-configuration/lead-time. */
    saveLeadTime: (businessUuid: string, body: z.input<typeof leadTimeSchema>) => http.put<TariffWriteJson>(`${tariff(businessUuid)}/lead-time`, body),
    /** POST …/tariff-configuration/sazonalities (201). */
    createSeason: (businessUuid: string, body: z.input<typeof seasonalitySchema>) =>
      http.post<SeasonalityCreatedJson>(`${tariff(businessUuid)}/sazonalities`, body),
    /** PUT …/tariff-configuration/sazonalities/{season}. */
    updateSeason: (businessUuid: string, seasonId: string, body: z.input<typeof seasonalitySchema>) =>
      http.put<TariffWriteJson>(`${tariff(businessUuid)}/sazonalities/${seasonId}`, body),
    /** DELETE …/tariff-configuration/sazonalities/{season}. */
    deleteSeason: (businessUuid: string, seasonId: string) => http.delete<TariffWriteJson>(`${tariff(businessUuid)}/sazonalities/${seasonId}`),
    /** POST …/tariff-configuration/sazonalities/preview: the next nights' prices with a draft season; nothing saved. */
    previewSeason: (businessUuid: string, body: z.input<typeof seasonalityPreviewSchema>) =>
      http.post<SeasonalityPreviewJson>(`${tariff(businessUuid)}/sazonalities/preview`, body),
    /** POST …/tariff-configuration/{setting}/what-if: the next 90 nights now and after the change; nothing saved. */
    whatIf: <S extends keyof WhatIfBodies>(businessUuid: string, setting: S, body: WhatIfBodies[S]) =>
      http.post<BrainPreviewJson>(`${tariff(businessUuid)}/${setting}/what-if`, body),
    /** GET /ai/content/{id}/seasonalities: seasons suggested from the calendar and holidays. */
    suggestions: async (businessUuid: string): Promise<Suggestion[]> =>
      (await http.get<{ data: Suggestion[] }>(`/api/v1/ai/content/${businessUuid}/seasonalities`)).data,
    /** GET /businesses/{id}/calendar (format=full). */
    calendar: (businessUuid: string, query: Omit<z.input<typeof calendarQuerySchema>, "format">) =>
      http.get<CalendarJson>(`${business(businessUuid)}/calendar`, { query }),
    /** GET /businesses/{id}/calendar?format=compact: the same days, seasons, levels and holidays by UUID, cells as tuples. */
    compactCalendar: (businessUuid: string, query: Omit<z.input<typeof calendarQuerySchema>, "format">) =>
      http.get<CompactCalendarJson>(`${business(businessUuid)}/calendar`, { query: { ...query, format: "compact" } }),
    /** PUT /businesses/{id}/manual-prices. */
    saveManualPrices: (businessUuid: string, body: z.input<typeof manualPricesSchema>) => http.put<ManualPricesJson>(`${business(businessUuid)}/manual-prices`, body),
    /** GET /businesses/{id}/days-to-update. */
    daysToUpdate: (businessUuid: string) => http.get<DaysToUpdateJson>(`${business(businessUuid)}/days-to-update`),
    /** POST /businesses/{id}/days-to-update/publish. */
    publish: (businessUuid: string, body: z.input<typeof publishSchema>) => http.post<PublishJson>(`${business(businessUuid)}/days-to-update/publish`, body),
    /** GET /businesses/{id}/occupation-logs, newest first. */
    occupationLogs: async (businessUuid: string, query: z.input<typeof nightRangeQuerySchema>): Promise<OccupationLogJson[]> =>
      (await http.get<{ data: OccupationLogJson[] }>(`${business(businessUuid)}/occupation-logs`, { query })).data,
  };
}
