/** Answers of the learning API (docs/api/learning.md); the administrator's come from the contract. */
export type { AdminCatalogueModuleJson as AdminModule, AdminLessonJson as AdminLesson } from "#contract/learning";

export interface ReaderLesson {
  uuid: string;
  title: string;
  estimated_minutes: number;
  fallback: boolean;
  completed_at: string | null;
}

export interface ReaderModule {
  uuid: string;
  title: string;
  description: string;
  level: "beginner" | "intermediate" | "advanced";
  position: number;
  fallback: boolean;
  estimated_minutes: number;
  lessons: ReaderLesson[];
  progress: { completed: number; total: number };
}

export interface SearchHit {
  uuid: string;
  title: string;
  locale: string;
  fallback: boolean;
  module_uuid: string;
  snippet: string;
}

export interface LessonPage {
  uuid: string;
  title: string;
  locale: string;
  fallback: boolean;
  body_html: string;
  video_url: string | null;
  estimated_minutes: number;
  completed_at: string | null;
  updated_at: string;
  module: { uuid: string; title: string; level: ReaderModule["level"] };
  previous: { uuid: string; title: string } | null;
  next: { uuid: string; title: string } | null;
}

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
