import type { z } from "zod";
import type { adminCatalogueModuleAnswer, AdminCatalogueModuleJson, AdminLessonJson, adminModuleAnswer, attachmentAnswer } from "#contract/learning";
import type { deletedAnswer } from "#contract/primitives";
import type { lessonSchema, moduleSchema, moveSchema, previewSchema, publishSchema } from "#domain/schemas/learning";
import type { ApiVerbs, Posted } from "#app/lib/api/verbs.ts";

type Deleted = z.infer<typeof deletedAnswer>;

/** The learning centre's editing calls (docs/api/learning.md, "Editors"): modules, lessons, images. */
export function adminLearningApi(http: ApiVerbs) {
  const admin = "/api/v1/admin/learning";
  const lesson = async (call: Promise<{ lesson: AdminLessonJson }>): Promise<AdminLessonJson> => (await call).lesson;
  return {
    /** GET /admin/learning/modules: every module with its lessons, published or not. */
    modules: async (): Promise<AdminCatalogueModuleJson[]> => (await http.get<{ data: AdminCatalogueModuleJson[] }>(`${admin}/modules`)).data,
    /** POST /admin/learning/modules (201): the form's texts as typed, for the API to check. */
    createModule: (body: Posted<z.input<typeof moduleSchema>>) => http.post<{ module: z.infer<typeof adminModuleAnswer> }>(`${admin}/modules`, body),
    /** PUT /admin/learning/modules/{id}. */
    updateModule: (moduleUuid: string, body: Posted<z.input<typeof moduleSchema>>) =>
      http.put<{ module: z.infer<typeof adminModuleAnswer> }>(`${admin}/modules/${moduleUuid}`, body),
    /** POST /admin/learning/modules/{id}/move: the catalogue in its new order. */
    moveModule: (moduleUuid: string, body: z.input<typeof moveSchema>) =>
      http.post<{ data: z.infer<typeof adminCatalogueModuleAnswer>[] }>(`${admin}/modules/${moduleUuid}/move`, body),
    /** DELETE /admin/learning/modules/{id}. */
    deleteModule: (moduleUuid: string) => http.delete<Deleted>(`${admin}/modules/${moduleUuid}`),
    /** GET /admin/learning/lessons/{id}: every version and the images. */
    lesson: (lessonUuid: string) => lesson(http.get(`${admin}/lessons/${lessonUuid}`)),
    /** POST /admin/learning/lessons (201): the form's values as typed, for the API to check. */
    createLesson: (body: Posted<z.input<typeof lessonSchema>>) => lesson(http.post(`${admin}/lessons`, body)),
    /** PUT /admin/learning/lessons/{id}. */
    updateLesson: (lessonUuid: string, body: Posted<z.input<typeof lessonSchema>>) => lesson(http.put(`${admin}/lessons/${lessonUuid}`, body)),
    /** POST /admin/learning/lessons/{id}/publish. */
    publishLesson: (lessonUuid: string, body: z.input<typeof publishSchema>) => lesson(http.post(`${admin}/lessons/${lessonUuid}/publish`, body)),
    /** POST /admin/learning/lessons/{id}/move: up or down within its module. */
    moveLesson: (lessonUuid: string, body: z.input<typeof moveSchema>) => lesson(http.post(`${admin}/lessons/${lessonUuid}/move`, body)),
    /** DELETE /admin/learning/lessons/{id}. */
    deleteLesson: (lessonUuid: string) => http.delete<Deleted>(`${admin}/lessons/${lessonUuid}`),
    /** POST /admin/learning/lessons/{id}/attachments (201): an image (multipart, field `file`). */
    attach: (lessonUuid: string, upload: FormData) => http.post<{ attachment: z.infer<typeof attachmentAnswer> }>(`${admin}/lessons/${lessonUuid}/attachments`, upload),
    /** DELETE /admin/learning/attachments/{id}. */
    detach: (attachmentUuid: string) => http.delete<Deleted>(`${admin}/attachments/${attachmentUuid}`),
    /** POST /admin/learning/preview: the Markdown as the reader will see it. */
    preview: async (body: z.input<typeof previewSchema>): Promise<string> => (await http.post<{ html: string }>(`${admin}/preview`, body)).html,
  };
}
