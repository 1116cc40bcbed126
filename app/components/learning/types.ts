/** Answers of the learning API (docs/api/learning.md), from the contract. */
import type { z } from "zod";
import type { readerLessonAnswer, readerModuleAnswer, searchHitAnswer } from "#contract/learning";
export type { AdminCatalogueModuleJson as AdminModule, AdminLessonJson as AdminLesson } from "#contract/learning";

/** The reader's answers are the contract's. */
export type ReaderModule = z.infer<typeof readerModuleAnswer>;
export type ReaderLesson = ReaderModule["lessons"][number];
export type SearchHit = z.infer<typeof searchHitAnswer>;
export type LessonPage = z.infer<typeof readerLessonAnswer>["lesson"];

/** What the lesson form posted, as the form shows it again (after a preview or an error). */
export interface LessonFormValues {
  module_uuid: string;
  estimated_minutes: string;
  video_url: string;
  versions: Record<string, { title: string; body: string }>;
}

export interface LessonFormAnswer {
  values: LessonFormValues;
  errors: Record<string, string[]>;
  formError?: string;
  preview?: Record<string, string>;
}
