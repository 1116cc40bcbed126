import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/**
 * The learning centre (spec: /learning, /manage/learning). Content is product-wide (not per
 * business). Modules and lessons carry one text version per locale; pt-BR is required and is the
 * fallback when the reader's locale has none (docs/decisions/0021-learning-centre.md).
 */
export const learningModules = pgTable(
  "learning_modules",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Seeded modules keep a stable key so the seed can update them instead of duplicating. */
    slug: text().unique(),
    position: integer().notNull(),
    level: text({ enum: ["beginner", "intermediate", "advanced"] }).notNull().default("beginner"),
    /** Title and description per locale: { "pt-BR": { title, description }, "en-US": … }. */
    texts: jsonb().$type<Record<string, { title: string; description: string }>>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("learning_modules_texts_pt", sql`${t.texts} ? 'pt-BR'`)],
);

export const learningLessons = pgTable(
  "learning_lessons",
  {
    id: uuid().primaryKey().defaultRandom(),
    moduleId: uuid()
      .notNull()
      .references(() => learningModules.id, { onDelete: "cascade" }),
    slug: text().unique(),
    position: integer().notNull(),
    estimatedMinutes: integer().notNull().default(5),
    videoUrl: text(),
    published: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("learning_lessons_module_idx").on(t.moduleId, t.position)],
);

/** One row per lesson and locale: the markdown body and the title, searched with full-text search. */
export const learningLessonVersions = pgTable(
  "learning_lesson_versions",
  {
    lessonId: uuid()
      .notNull()
      .references(() => learningLessons.id, { onDelete: "cascade" }),
    locale: text({ enum: ["pt-BR", "en-US", "es-ES", "fr-CA", "it-IT"] }).notNull(),
    title: text().notNull(),
    body: text().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.lessonId, t.locale] })],
);

/** Files attached to a lesson (images shown in the body, documents to download). */
export const learningAttachments = pgTable(
  "learning_attachments",
  {
    id: uuid().primaryKey().defaultRandom(),
    lessonId: uuid()
      .notNull()
      .references(() => learningLessons.id, { onDelete: "cascade" }),
    filename: text().notNull(),
    originalName: text().notNull(),
    contentType: text().notNull(),
    size: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique("learning_attachments_filename").on(t.filename)],
);

export const learningProgress = pgTable(
  "learning_progress",
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lessonId: uuid()
      .notNull()
      .references(() => learningLessons.id, { onDelete: "cascade" }),
    completedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.lessonId] })],
);
