import { z } from "zod";
import { LOCALES, type Locale } from "#domain/locale.ts";
import { LEARNING_LEVELS } from "#domain/schemas/learning.ts";
import { timestamp, uuid } from "./primitives.ts";

/** The learning centre's answers (docs/api/learning.md): doc({ response }), ADR 0022; the API's serializers are typed by them. */

const level = z.enum(LEARNING_LEVELS);
const localeAnswer = z.enum(LOCALES as unknown as [Locale, ...Locale[]]);
export const moduleHeaderAnswer = z
  .object({ uuid, title: z.string(), description: z.string(), level, position: z.number().int(), fallback: z.boolean() })
  .strict();
const readerLessonSummary = z
  .object({ uuid, title: z.string(), estimated_minutes: z.number().int(), fallback: z.boolean(), completed_at: timestamp.nullable() })
  .strict();
export const readerModuleAnswer = moduleHeaderAnswer
  .extend({ estimated_minutes: z.number().int(), lessons: z.array(readerLessonSummary), progress: z.object({ completed: z.number().int(), total: z.number().int() }).strict() })
  .strict();
const neighbour = z.object({ uuid, title: z.string() }).strict().nullable();
export const readerLessonAnswer = z
  .object({
    lesson: z
      .object({
        uuid,
        title: z.string(),
        locale: localeAnswer,
        fallback: z.boolean(),
        body_html: z.string(),
        video_url: z.string().nullable(),
        estimated_minutes: z.number().int(),
        completed_at: timestamp.nullable(),
        updated_at: timestamp,
        module: moduleHeaderAnswer,
        previous: neighbour,
        next: neighbour,
      })
      .strict(),
  })
  .strict();
export const progressAnswer = z.object({ completed_at: timestamp.nullable() }).strict();
export const searchHitAnswer = z
  .object({ uuid, title: z.string(), locale: z.string(), fallback: z.boolean(), module_uuid: uuid, snippet: z.string() })
  .strict();
const moduleTexts = z.record(z.string(), z.object({ title: z.string(), description: z.string() }).strict());
export const adminModuleAnswer = z.object({ uuid, level, position: z.number().int(), texts: moduleTexts, title: z.string() }).strict();
export const adminLessonBase = z
  .object({
    uuid,
    module_uuid: uuid,
    position: z.number().int(),
    estimated_minutes: z.number().int(),
    video_url: z.string().nullable(),
    published: z.boolean(),
    title: z.string(),
    locales: z.array(localeAnswer),
    versions: z.record(z.string(), z.object({ title: z.string(), body: z.string() }).strict()),
    updated_at: timestamp,
  })
  .strict();
export const adminCatalogueModuleAnswer = adminModuleAnswer.extend({ lessons: z.array(adminLessonBase) }).strict();
export const attachmentAnswer = z
  .object({ uuid, original_name: z.string(), content_type: z.string(), size: z.number().int(), url: z.string(), markdown: z.string(), created_at: timestamp })
  .strict();
export const adminLessonAnswer = adminLessonBase.extend({ attachments: z.array(attachmentAnswer) }).strict();

export type AdminCatalogueModuleJson = z.infer<typeof adminCatalogueModuleAnswer>;
export type AdminLessonJson = z.infer<typeof adminLessonAnswer>;
export type AttachmentJson = z.infer<typeof attachmentAnswer>;
