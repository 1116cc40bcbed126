import type { z } from "zod";
import type { AdminHolidayJson, holidayEnvelope, holidaysDeletedAnswer, holidaysImportedAnswer } from "#contract/holidays";
import type { holidayBulkDeleteSchema, holidayCsvSchema, holidayImportSchema, holidayListQuerySchema, holidaySchema } from "#domain/schemas/pricing";
import type { ApiVerbs } from "#app/lib/api/verbs.ts";

type Deleted = z.infer<typeof holidaysDeletedAnswer>;
type Imported = z.infer<typeof holidaysImportedAnswer>;

/** The administrator's holiday calls (/api/v1/admin/holidays): product-wide, so they need admin.businesses. */
export function adminHolidaysApi(http: ApiVerbs) {
  const holidays = "/api/v1/admin/holidays";
  return {
    /** GET /admin/holidays: one year, country and state. */
    list: async (query: z.input<typeof holidayListQuerySchema>): Promise<AdminHolidayJson[]> =>
      (await http.get<{ data: AdminHolidayJson[] }>(holidays, { query })).data,
    /** GET /admin/holidays/{id}. */
    get: async (holidayUuid: string): Promise<AdminHolidayJson> => (await http.get<z.infer<typeof holidayEnvelope>>(`${holidays}/${holidayUuid}`)).holiday,
    /** POST /admin/holidays (201). */
    create: (body: z.input<typeof holidaySchema>) => http.post<z.infer<typeof holidayEnvelope>>(holidays, body),
    /** PUT /admin/holidays/{id}. */
    update: (holidayUuid: string, body: z.input<typeof holidaySchema>) => http.put<z.infer<typeof holidayEnvelope>>(`${holidays}/${holidayUuid}`, body),
    /** DELETE /admin/holidays/{id}. */
    remove: (holidayUuid: string) => http.delete<Deleted>(`${holidays}/${holidayUuid}`),
    /** POST /admin/holidays/bulk-delete. */
    removeMany: (body: z.input<typeof holidayBulkDeleteSchema>) => http.post<Deleted>(`${holidays}/bulk-delete`, body),
    /** POST /admin/holidays/import: one year of a country's (or state's) holidays from the package. */
    importYear: (body: z.input<typeof holidayImportSchema>) => http.post<Imported>(`${holidays}/import`, body),
    /** POST /admin/holidays/import-csv. */
    importCsv: (body: z.input<typeof holidayCsvSchema>) => http.post<Imported>(`${holidays}/import-csv`, body),
  };
}
