import type { z } from "zod";
import type { feedWritten, IcalFeedJson, icalPollAllAnswer, icalPollOneAnswer, IcalImportJson, importWritten } from "#contract/ledger";
import type { icalFeedSchema, icalImportSchema } from "#domain/schemas/ledger";
import type { ApiVerbs } from "#app/lib/api/verbs.ts";

/** The iCalendar calls (docs/api/ical.md): the rooms' exported feeds and the calendars imported. */
export function icalApi(http: ApiVerbs) {
  const feeds = (businessUuid: string) => `/api/v1/businesses/${businessUuid}/ical-feeds`;
  const imports = (businessUuid: string) => `/api/v1/businesses/${businessUuid}/ical-imports`;
  return {
    /** GET /businesses/{id}/ical-feeds. */
    feeds: async (businessUuid: string): Promise<IcalFeedJson[]> => (await http.get<{ data: IcalFeedJson[] }>(feeds(businessUuid))).data,
    /** POST …/ical-feeds (201). */
    createFeed: (businessUuid: string, body: z.input<typeof icalFeedSchema>) => http.post<z.infer<typeof feedWritten>>(feeds(businessUuid), body),
    /** POST …/ical-feeds/{feed}/regenerate: a new secret address. */
    regenerateFeed: (businessUuid: string, feedId: string) => http.post<z.infer<typeof feedWritten>>(`${feeds(businessUuid)}/${feedId}/regenerate`, {}),
    /** DELETE …/ical-feeds/{feed} (204). */
    revokeFeed: async (businessUuid: string, feedId: string): Promise<void> => {
      await http.delete(`${feeds(businessUuid)}/${feedId}`);
    },
    /** GET /businesses/{id}/ical-imports. */
    imports: async (businessUuid: string): Promise<IcalImportJson[]> => (await http.get<{ data: IcalImportJson[] }>(imports(businessUuid))).data,
    /** POST …/ical-imports (201). */
    createImport: (businessUuid: string, body: z.input<typeof icalImportSchema>) => http.post<z.infer<typeof importWritten>>(imports(businessUuid), body),
    /** PUT …/ical-imports/{import}. */
    updateImport: (businessUuid: string, importId: string, body: z.input<typeof icalImportSchema>) =>
      http.put<z.infer<typeof importWritten>>(`${imports(businessUuid)}/${importId}`, body),
    /** DELETE …/ical-imports/{import} (204). */
    deleteImport: async (businessUuid: string, importId: string): Promise<void> => {
      await http.delete(`${imports(businessUuid)}/${importId}`);
    },
    /** POST …/ical-imports/poll (202): a check of every active import, queued. */
    pollAll: (businessUuid: string) => http.post<z.infer<typeof icalPollAllAnswer>>(`${imports(businessUuid)}/poll`, {}),
    /** POST …/ical-imports/{import}/poll (202). */
    pollOne: (businessUuid: string, importId: string) => http.post<z.infer<typeof icalPollOneAnswer>>(`${imports(businessUuid)}/${importId}/poll`, {}),
  };
}
