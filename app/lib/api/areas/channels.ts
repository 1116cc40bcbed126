import type { z } from "zod";
import type { PushStatusJson } from "#contract/channels";
import type { pushStatusQuerySchema } from "#domain/schemas/channels";
import type { ApiVerbs } from "#app/lib/api/verbs.ts";

/** The channel manager's calls (docs/api/channels.md). */
export function channelsApi(http: ApiVerbs) {
  return {
    /** GET /businesses/{id}/channel-push-status: each night's push per mapped category. */
    pushStatus: (businessUuid: string, query?: z.input<typeof pushStatusQuerySchema>) =>
      http.get<PushStatusJson>(`/api/v1/businesses/${businessUuid}/channel-push-status`, query ? { query } : undefined),
  };
}
