import type { z } from "zod";
import type { DailyOverviewJson, dailyRunNowAnswer } from "#contract/daily-commands";
import type { dailyBusinessQuerySchema, dailyRunSchema } from "#domain/schemas/daily-commands";
import type { ApiVerbs } from "#app/lib/api/verbs.ts";

type RunNow = z.infer<typeof dailyRunNowAnswer>;

/** The daily commands' calls (docs/api/daily-commands.md): schedules, last runs, run now, retry. */
export function adminCommandsApi(http: ApiVerbs) {
  const commands = "/api/v1/admin/daily-commands";
  return {
    /** GET /admin/daily-commands: each command and its last run per business (one business with `business_uuid`). */
    overview: (query: z.input<typeof dailyBusinessQuerySchema>) => http.get<DailyOverviewJson>(commands, { query }),
    /** POST /admin/daily-commands/{name}/run: for one business, or every one without `business_uuid`. */
    run: (command: string, body: z.input<typeof dailyRunSchema>) => http.post<RunNow>(`${commands}/${command}/run`, body),
    /** POST /admin/daily-commands/runs/{run}/retry: a failed run again. */
    retry: (runUuid: string) => http.post<RunNow>(`${commands}/runs/${runUuid}/retry`, {}),
  };
}
