import { z } from "zod";
import { LOCALES } from "#domain/locale.ts";

export const LEARNING_LEVELS = ["beginner", "intermediate", "advanced"] as const;
export type LearningLevel = (typeof LEARNING_LEVELS)[number];

const version = z.object({
  title: z.string().trim().min(1).max(200),
  body: z.string().trim().min(1).max(50_000),
});

const optionalVersion = version.optional();

/** One text per locale; pt-BR is required, the others fall back to it. */
const versions = z.object({
  "pt-BR": version,
  "en-US": optionalVersion,
  "es-ES": optionalVersion,
  "fr-CA": optionalVersion,
  "it-IT": optionalVersion,
});

const https = z
  .string()
  .trim()
  .max(500)
  .regex(/^https:\/\/[^\s<>"']+$/, "learning:validation.videoUrl");

/** POST/PUT /api/v1/admin/learning/lessons… */
export const lessonSchema = z.object({
  module_uuid: z.uuid(),
  estimated_minutes: z.coerce.number().int().min(1).max(240),
  video_url: https.nullish().or(z.literal("").transform(() => null)).transform((v) => v ?? null),
  versions,
});
export type LessonInput = z.output<typeof lessonSchema>;

const moduleText = z.object({ title: z.string().trim().min(1).max(200), description: z.string().trim().max(1000).default("") });

/** POST/PUT /api/v1/admin/learning/modules… */
export const moduleSchema = z.object({
  level: z.enum(LEARNING_LEVELS),
  texts: z.object({
    "pt-BR": moduleText,
    "en-US": moduleText.optional(),
    "es-ES": moduleText.optional(),
    "fr-CA": moduleText.optional(),
    "it-IT": moduleText.optional(),
  }),
});
export type ModuleInput = z.output<typeof moduleSchema>;

export const publishSchema = z.object({ published: z.boolean() });
export const moveSchema = z.object({ direction: z.enum(["up", "down"]) });
export const progressSchema = z.object({ completed: z.boolean() });
export const previewSchema = z.object({ body: z.string().max(50_000) });
export const searchQuerySchema = z.object({ q: z.string().trim().min(2).max(200) });

export { LOCALES };
