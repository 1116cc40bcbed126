import type { z } from "zod";
import type { columnValuesAnswer, ImportDetail, ImportJson, ImportPreset } from "#contract/imports";
import type { columnValuesQuerySchema, dryRunSchema } from "#domain/imports/mapping";
import type { ApiVerbs, Posted } from "#app/lib/api/verbs.ts";
import type { StreamedBody } from "#app/lib/api/request.server.ts";

/** The reservation-import calls (docs/api/imports.md). */
export function importsApi(http: ApiVerbs) {
  const imports = (businessUuid: string) => `/api/v1/businesses/${businessUuid}/imports`;
  return {
    /** GET /businesses/{id}/imports. */
    list: async (businessUuid: string): Promise<ImportJson[]> => (await http.get<{ data: ImportJson[] }>(imports(businessUuid))).data,
    /** POST …/imports (201): the booking file uploaded (multipart, field `file`), passed on as the browser sends it. */
    upload: (businessUuid: string, upload: StreamedBody) => http.post<ImportDetail>(imports(businessUuid), upload),
    /** GET …/imports/{import}. */
    get: (businessUuid: string, importId: string) => http.get<ImportDetail>(`${imports(businessUuid)}/${importId}`),
    /** GET …/imports/{import}/values: one column's distinct values. */
    columnValues: async (businessUuid: string, importId: string, query: z.input<typeof columnValuesQuerySchema>) =>
      (await http.get<z.infer<typeof columnValuesAnswer>>(`${imports(businessUuid)}/${importId}/values`, { query })).data,
    /** PUT …/imports/{import}/mapping: a dry run of the mapping (the web passes on the form's mapping as posted). */
    dryRun: (businessUuid: string, importId: string, body: Posted<z.input<typeof dryRunSchema>>) =>
      http.put<ImportDetail>(`${imports(businessUuid)}/${importId}/mapping`, body),
    /** POST …/imports/{import}/run (202): the import queued. */
    run: (businessUuid: string, importId: string) => http.post<ImportDetail>(`${imports(businessUuid)}/${importId}/run`, {}),
    /** GET /businesses/{id}/import-presets. */
    presets: async (businessUuid: string): Promise<ImportPreset[]> =>
      (await http.get<{ data: ImportPreset[] }>(`/api/v1/businesses/${businessUuid}/import-presets`)).data,
  };
}
