import type { z } from "zod";
import type { BrainEventWriteJson, BrainPreviewJson, BrainSettingsWriteJson, DecisionJson, RecommendationsJson, UndoJson } from "#contract/brain";
import type { brainEventSchema, brainSettingsSchema, recommendationDecisionSchema, recommendationsQuerySchema, undoSchema } from "#domain/schemas/brain";
import type { ApiVerbs, Posted } from "#app/lib/api/verbs.ts";

/** The revenue brain's calls (issue 27): recommendations, their settings, events and decisions. */
export function recommendationsApi(http: ApiVerbs) {
  const base = (businessUuid: string) => `/api/v1/businesses/${businessUuid}/recommendations`;
  return {
    /** GET /businesses/{id}/recommendations: a range of nights (default the next 30), one category or all. */
    list: (businessUuid: string, query: z.input<typeof recommendationsQuerySchema>) => http.get<RecommendationsJson>(base(businessUuid), { query }),
    /** PUT …/recommendations/settings. */
    saveSettings: (businessUuid: string, body: z.input<typeof brainSettingsSchema>) => http.put<BrainSettingsWriteJson>(`${base(businessUuid)}/settings`, body),
    /** POST …/recommendations/preview: the what-if of settings not saved. */
    preview: (businessUuid: string, body: z.input<typeof brainSettingsSchema>) => http.post<BrainPreviewJson>(`${base(businessUuid)}/preview`, body),
    /** POST …/recommendations/events (201). */
    addEvent: (businessUuid: string, body: z.input<typeof brainEventSchema>) => http.post<BrainEventWriteJson>(`${base(businessUuid)}/events`, body),
    /** DELETE …/recommendations/events/{event} (204). */
    deleteEvent: async (businessUuid: string, eventId: string): Promise<void> => {
      await http.delete(`${base(businessUuid)}/events/${encodeURIComponent(eventId)}`);
    },
    /** POST …/recommendations/accept or …/reject. */
    decide: (businessUuid: string, accept: boolean, body: Posted<z.input<typeof recommendationDecisionSchema>>) =>
      http.post<DecisionJson>(`${base(businessUuid)}/${accept ? "accept" : "reject"}`, body),
    /** POST …/recommendations/undo. */
    undo: (businessUuid: string, body: Posted<z.input<typeof undoSchema>>) => http.post<UndoJson>(`${base(businessUuid)}/undo`, body),
  };
}
