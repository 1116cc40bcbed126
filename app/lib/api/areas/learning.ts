import type { z } from "zod";
import type { progressSchema, searchQuerySchema } from "#domain/schemas/learning";
import type { LessonPage, ReaderModule, SearchHit } from "#app/components/learning/types";
import type { ApiVerbs } from "#app/lib/api/verbs.ts";

/** The reader's learning calls (docs/api/learning.md): modules, search, a lesson and its progress. */
export function learningApi(http: ApiVerbs) {
  const base = "/api/v1/learning";
  return {
    /** GET /learning/modules: the published modules with the reader's progress. */
    modules: async (): Promise<ReaderModule[]> => (await http.get<{ data: ReaderModule[] }>(`${base}/modules`)).data,
    /** GET /learning/search?q= (422 when `q` is too short). */
    search: async (query: z.input<typeof searchQuerySchema>): Promise<SearchHit[]> => (await http.get<{ data: SearchHit[] }>(`${base}/search`, { query })).data,
    /** GET /learning/lessons/{lesson}. */
    lesson: (lessonId: string) => http.get<{ lesson: LessonPage }>(`${base}/lessons/${lessonId}`),
    /** PUT /learning/lessons/{lesson}/progress. */
    saveProgress: async (lessonId: string, body: z.input<typeof progressSchema>): Promise<void> => {
      await http.put(`${base}/lessons/${lessonId}/progress`, body);
    },
  };
}
