import type { ActivityLogJson } from "#contract/activity";
import type { ActivityLogQuery } from "#domain/schemas/activity";
import type { ApiVerbs } from "#app/lib/api/verbs.ts";

/** The activity log's calls (docs/api/activity-log.md). */
export function activityApi(http: ApiVerbs) {
  return {
    /** GET /businesses/{id}/activity-log: one page, filtered. */
    log: (businessUuid: string, query: Partial<ActivityLogQuery>) => http.get<ActivityLogJson>(`/api/v1/businesses/${businessUuid}/activity-log`, { query }),
  };
}
