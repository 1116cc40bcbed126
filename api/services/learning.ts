import { and, asc, eq, gt, inArray, lt, sql, desc } from "drizzle-orm";
import { renderMarkdown, SEARCH_DICTIONARY } from "#domain/learning/markdown.ts";
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from "#domain/locale.ts";
import type { LessonInput, ModuleInput } from "#domain/schemas/learning.ts";
import type { Database } from "#api/db/client.ts";
import type { Config } from "#config";
import { learningAttachments, learningLessons, learningLessonVersions, learningModules, learningProgress } from "#api/db/schema/index.ts";
import { deleteImage, storeImage, type ImageType } from "./uploads.ts";
import { notFound } from "#api/errors.ts";
import type { z } from "zod";
import type {
  adminCatalogueModuleAnswer,
  adminLessonAnswer,
  adminLessonBase,
  adminModuleAnswer,
  attachmentAnswer,
  moduleHeaderAnswer,
  progressAnswer,
  readerLessonAnswer,
  readerModuleAnswer,
  searchHitAnswer,
} from "#contract/learning.ts";

type ModuleRow = typeof learningModules.$inferSelect;
type LessonRow = typeof learningLessons.$inferSelect;
type VersionRow = typeof learningLessonVersions.$inferSelect;

const localeOf = (value: string): Locale => (isLocale(value) ? value : DEFAULT_LOCALE);

/** The reader's version when there is one, else pt-BR (with `fallback: true` for the notice). */
function pick<T>(texts: Partial<Record<string, T>>, locale: Locale): { text: T; locale: Locale; fallback: boolean } {
  const own = texts[locale];
  if (own) return { text: own, locale, fallback: false };
  return { text: texts[DEFAULT_LOCALE] as T, locale: DEFAULT_LOCALE, fallback: locale !== DEFAULT_LOCALE };
}

function moduleHeader(m: ModuleRow, locale: Locale): z.infer<typeof moduleHeaderAnswer> {
  const { text, fallback } = pick(m.texts, locale);
  return { uuid: m.id, title: text.title, description: text.description, level: m.level, position: m.position, fallback };
}

async function versionsOf(db: Database, lessonIds: string[]): Promise<Map<string, Record<string, VersionRow>>> {
  const byLesson = new Map<string, Record<string, VersionRow>>();
  if (!lessonIds.length) return byLesson;
  const rows = await db.select().from(learningLessonVersions).where(inArray(learningLessonVersions.lessonId, lessonIds));
  for (const row of rows) byLesson.set(row.lessonId, { ...(byLesson.get(row.lessonId) ?? {}), [row.locale]: row });
  return byLesson;
}

async function completedBy(db: Database, userId: string): Promise<Map<string, Date>> {
  const rows = await db.select().from(learningProgress).where(eq(learningProgress.userId, userId));
  return new Map(rows.map((r) => [r.lessonId, r.completedAt]));
}

/** Published lessons in reading order (module position, then lesson position). */
async function publishedLessons(db: Database) {
  return db
    .select({ lesson: learningLessons, module: learningModules })
    .from(learningLessons)
    .innerJoin(learningModules, eq(learningModules.id, learningLessons.moduleId))
    .where(eq(learningLessons.published, true))
    .orderBy(asc(learningModules.position), asc(learningLessons.position));
}

/** GET /learning/modules: modules with at least one published lesson, and the reader's progress. */
export async function modulesForReader(db: Database, userId: string, localeName: string): Promise<z.infer<typeof readerModuleAnswer>[]> {
  const locale = localeOf(localeName);
  const rows = await publishedLessons(db);
  const versions = await versionsOf(db, rows.map((r) => r.lesson.id));
  const done = await completedBy(db, userId);
  const modules: z.infer<typeof readerModuleAnswer>[] = [];
  for (const { lesson, module } of rows) {
    let entry = modules.find((m) => m.uuid === module.id);
    if (!entry) {
      entry = { ...moduleHeader(module, locale), estimated_minutes: 0, lessons: [], progress: { completed: 0, total: 0 } };
      modules.push(entry);
    }
    const { text, fallback } = pick(versions.get(lesson.id) ?? {}, locale);
    const completedAt = done.get(lesson.id);
    entry.lessons.push({ uuid: lesson.id, title: text.title, estimated_minutes: lesson.estimatedMinutes, fallback, completed_at: completedAt?.toISOString() ?? null });
    entry.estimated_minutes += lesson.estimatedMinutes;
    entry.progress.total += 1;
    if (completedAt) entry.progress.completed += 1;
  }
  return modules;
}

/** GET /learning/lessons/{id}: one published lesson, rendered, with its neighbours. */
export async function lessonForReader(db: Database, userId: string, lessonId: string, localeName: string): Promise<z.infer<typeof readerLessonAnswer>> {
  const locale = localeOf(localeName);
  const rows = await publishedLessons(db);
  const index = rows.findIndex((r) => r.lesson.id === lessonId);
  if (index < 0) throw notFound("learning:api.lessonNotFound");
  const around = [rows[index - 1], rows[index], rows[index + 1]].filter(Boolean);
  const versions = await versionsOf(db, around.map((r) => r.lesson.id));
  const titleOf = (id: string) => pick(versions.get(id) ?? {}, locale).text.title;
  const { lesson, module } = rows[index];
  const { text, locale: shown, fallback } = pick(versions.get(lesson.id) ?? {}, locale);
  const [progress] = await db
    .select()
    .from(learningProgress)
    .where(and(eq(learningProgress.userId, userId), eq(learningProgress.lessonId, lesson.id)));
  const neighbour = (r: (typeof rows)[number] | undefined) => (r ? { uuid: r.lesson.id, title: titleOf(r.lesson.id) } : null);
  return {
    lesson: {
      uuid: lesson.id,
      title: text.title,
      locale: shown,
      fallback,
      body_html: renderMarkdown(text.body),
      video_url: lesson.videoUrl,
      estimated_minutes: lesson.estimatedMinutes,
      completed_at: progress?.completedAt.toISOString() ?? null,
      updated_at: text.updatedAt.toISOString(),
      module: moduleHeader(module, locale),
      previous: neighbour(rows[index - 1]),
      next: neighbour(rows[index + 1]),
    },
  };
}

export async function setProgress(db: Database, userId: string, lessonId: string, completed: boolean, at: Date): Promise<z.infer<typeof progressAnswer>> {
  const [lesson] = await db
    .select({ id: learningLessons.id })
    .from(learningLessons)
    .where(and(eq(learningLessons.id, lessonId), eq(learningLessons.published, true)));
  if (!lesson) throw notFound("learning:api.lessonNotFound");
  if (completed) {
    await db.insert(learningProgress).values({ userId, lessonId, completedAt: at }).onConflictDoNothing();
  } else {
    await db.delete(learningProgress).where(and(eq(learningProgress.userId, userId), eq(learningProgress.lessonId, lessonId)));
  }
  const [row] = await db.select().from(learningProgress).where(and(eq(learningProgress.userId, userId), eq(learningProgress.lessonId, lessonId)));
  return { completed_at: row?.completedAt.toISOString() ?? null };
}

/**
 * Full-text search over the published lessons in the reader's language, with that language's
 * dictionary (stemming "preços" finds "preço"); lessons without a version in that language are
 * searched in their pt-BR text with the portuguese dictionary.
 */
export async function searchLessons(db: Database, query: string, localeName: string): Promise<z.infer<typeof searchHitAnswer>[]> {
  const locale = localeOf(localeName);
  const rows = await db.execute<{ uuid: string; title: string; locale: string; module_uuid: string; snippet: string; rank: number }>(sql`
    with chosen as (
      select distinct on (l.id) l.id, l.module_id, m.position as module_position, l.position, v.locale, v.title, v.body
      from learning_lessons l
      join learning_modules m on m.id = l.module_id
      join learning_lesson_versions v on v.lesson_id = l.id and v.locale in (${locale}, ${DEFAULT_LOCALE})
      where l.published
      order by l.id, (v.locale = ${locale}) desc
    ), scored as (
      select c.*, case c.locale ${sql.raw(
        LOCALES.map((l) => `when '${l}' then '${SEARCH_DICTIONARY[l]}'::regconfig`).join(" "),
      )} end as cfg
      from chosen c
    )
    select id as uuid, title, locale, module_id as module_uuid,
      ts_headline(cfg, body, websearch_to_tsquery(cfg, ${query}), 'MaxWords=30, MinWords=10, StartSel=«, StopSel=»') as snippet,
      ts_rank(setweight(to_tsvector(cfg, title), 'A') || setweight(to_tsvector(cfg, body), 'B'), websearch_to_tsquery(cfg, ${query})) as rank
    from scored
    where (setweight(to_tsvector(cfg, title), 'A') || setweight(to_tsvector(cfg, body), 'B')) @@ websearch_to_tsquery(cfg, ${query})
    order by rank desc, module_position, position
    limit 50
  `);
  const list = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as Array<{ uuid: string; title: string; locale: string; module_uuid: string; snippet: string }>;
  return list.map((r) => ({ uuid: r.uuid, title: r.title, locale: r.locale, fallback: r.locale !== locale, module_uuid: r.module_uuid, snippet: plainSnippet(r.snippet) }));
}

/** The snippet is cut from the markdown source: drop its markup characters and collapse spaces. */
const plainSnippet = (text: string) => text.replace(/[*_#`>|]+/g, "").replace(/\s+/g, " ").trim();

// ── Administration ──────────────────────────────────────────────────────────

function adminModuleJson(m: ModuleRow): z.infer<typeof adminModuleAnswer> {
  return { uuid: m.id, level: m.level, position: m.position, texts: m.texts, title: m.texts[DEFAULT_LOCALE].title };
}

function adminLessonJson(lesson: LessonRow, versions: Record<string, VersionRow>): z.infer<typeof adminLessonBase> {
  return {
    uuid: lesson.id,
    module_uuid: lesson.moduleId,
    position: lesson.position,
    estimated_minutes: lesson.estimatedMinutes,
    video_url: lesson.videoUrl,
    published: lesson.published,
    title: versions[DEFAULT_LOCALE]?.title ?? "",
    locales: LOCALES.filter((l) => versions[l]),
    versions: Object.fromEntries(Object.values(versions).map((v) => [v.locale, { title: v.title, body: v.body }])),
    updated_at: lesson.updatedAt.toISOString(),
  };
}

export async function adminCatalogue(db: Database): Promise<z.infer<typeof adminCatalogueModuleAnswer>[]> {
  const modules = await db.select().from(learningModules).orderBy(asc(learningModules.position));
  const lessons = await db.select().from(learningLessons).orderBy(asc(learningLessons.position));
  const versions = await versionsOf(db, lessons.map((l) => l.id));
  return modules.map((m) => ({
    ...adminModuleJson(m),
    lessons: lessons.filter((l) => l.moduleId === m.id).map((l) => adminLessonJson(l, versions.get(l.id) ?? {})),
  }));
}

export async function adminLesson(db: Database, lessonId: string): Promise<z.infer<typeof adminLessonAnswer>> {
  const [lesson] = await db.select().from(learningLessons).where(eq(learningLessons.id, lessonId));
  if (!lesson) throw notFound("learning:api.lessonNotFound");
  return { ...adminLessonJson(lesson, (await versionsOf(db, [lesson.id])).get(lesson.id) ?? {}), attachments: await attachmentsOf(db, lesson.id) };
}

async function assertModule(db: Database, moduleId: string) {
  const [module] = await db.select({ id: learningModules.id }).from(learningModules).where(eq(learningModules.id, moduleId));
  if (!module) throw notFound("learning:api.moduleNotFound");
}

async function writeVersions(db: Database, lessonId: string, input: LessonInput, at: Date) {
  await db.delete(learningLessonVersions).where(eq(learningLessonVersions.lessonId, lessonId));
  const rows = LOCALES.flatMap((locale) => {
    const v = input.versions[locale];
    return v ? [{ lessonId, locale, title: v.title, body: v.body, updatedAt: at }] : [];
  });
  await db.insert(learningLessonVersions).values(rows);
}

export async function createLesson(db: Database, input: LessonInput, at: Date, slug?: string) {
  await assertModule(db, input.module_uuid);
  return db.transaction(async (tx) => {
    const [{ next }] = await tx
      .select({ next: sql<number>`coalesce(max(${learningLessons.position}), 0) + 1` })
      .from(learningLessons)
      .where(eq(learningLessons.moduleId, input.module_uuid));
    const [lesson] = await tx
      .insert(learningLessons)
      .values({ moduleId: input.module_uuid, slug, position: Number(next), estimatedMinutes: input.estimated_minutes, videoUrl: input.video_url, createdAt: at, updatedAt: at })
      .returning();
    await writeVersions(tx as unknown as Database, lesson.id, input, at);
    return lesson.id;
  });
}

export async function updateLesson(db: Database, lessonId: string, input: LessonInput, at: Date) {
  await assertModule(db, input.module_uuid);
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(learningLessons).where(eq(learningLessons.id, lessonId));
    if (!current) throw notFound("learning:api.lessonNotFound");
    let position = current.position;
    if (current.moduleId !== input.module_uuid) {
      const [{ next }] = await tx
        .select({ next: sql<number>`coalesce(max(${learningLessons.position}), 0) + 1` })
        .from(learningLessons)
        .where(eq(learningLessons.moduleId, input.module_uuid));
      position = Number(next);
    }
    await tx
      .update(learningLessons)
      .set({ moduleId: input.module_uuid, position, estimatedMinutes: input.estimated_minutes, videoUrl: input.video_url, updatedAt: at })
      .where(eq(learningLessons.id, lessonId));
    await writeVersions(tx as unknown as Database, lessonId, input, at);
  });
}

export async function publishLesson(db: Database, lessonId: string, published: boolean, at: Date) {
  const [row] = await db.update(learningLessons).set({ published, updatedAt: at }).where(eq(learningLessons.id, lessonId)).returning();
  if (!row) throw notFound("learning:api.lessonNotFound");
}

/** Deletes the lesson (its versions, progress and attachment rows cascade), then its image files. */
export async function deleteLesson(db: Database, config: Config, lessonId: string) {
  const files = await db.select({ filename: learningAttachments.filename }).from(learningAttachments).where(eq(learningAttachments.lessonId, lessonId));
  const [row] = await db.delete(learningLessons).where(eq(learningLessons.id, lessonId)).returning({ id: learningLessons.id });
  if (!row) throw notFound("learning:api.lessonNotFound");
  for (const { filename } of files) await deleteImage(config, "learning", filename);
}

/** Swaps the lesson with its neighbour in the module; at either end nothing changes. */
export async function moveLesson(db: Database, lessonId: string, direction: "up" | "down") {
  await db.transaction(async (tx) => {
    const [lesson] = await tx.select().from(learningLessons).where(eq(learningLessons.id, lessonId));
    if (!lesson) throw notFound("learning:api.lessonNotFound");
    const [other] = await tx
      .select()
      .from(learningLessons)
      .where(and(eq(learningLessons.moduleId, lesson.moduleId), direction === "up" ? lt(learningLessons.position, lesson.position) : gt(learningLessons.position, lesson.position)))
      .orderBy(direction === "up" ? desc(learningLessons.position) : asc(learningLessons.position))
      .limit(1);
    if (!other) return;
    await tx.update(learningLessons).set({ position: other.position }).where(eq(learningLessons.id, lesson.id));
    await tx.update(learningLessons).set({ position: lesson.position }).where(eq(learningLessons.id, other.id));
  });
}

export async function createModule(db: Database, input: ModuleInput, at: Date, slug?: string) {
  const [{ next }] = await db.select({ next: sql<number>`coalesce(max(${learningModules.position}), 0) + 1` }).from(learningModules);
  const [row] = await db
    .insert(learningModules)
    .values({ slug, position: Number(next), level: input.level, texts: stripEmpty(input.texts), createdAt: at, updatedAt: at })
    .returning();
  return adminModuleJson(row);
}

export async function updateModule(db: Database, moduleId: string, input: ModuleInput, at: Date) {
  const [row] = await db
    .update(learningModules)
    .set({ level: input.level, texts: stripEmpty(input.texts), updatedAt: at })
    .where(eq(learningModules.id, moduleId))
    .returning();
  if (!row) throw notFound("learning:api.moduleNotFound");
  return adminModuleJson(row);
}

export async function deleteModule(db: Database, config: Config, moduleId: string) {
  const files = await db
    .select({ filename: learningAttachments.filename })
    .from(learningAttachments)
    .innerJoin(learningLessons, eq(learningLessons.id, learningAttachments.lessonId))
    .where(eq(learningLessons.moduleId, moduleId));
  const [row] = await db.delete(learningModules).where(eq(learningModules.id, moduleId)).returning({ id: learningModules.id });
  if (!row) throw notFound("learning:api.moduleNotFound");
  for (const { filename } of files) await deleteImage(config, "learning", filename);
}

export async function moveModule(db: Database, moduleId: string, direction: "up" | "down") {
  await db.transaction(async (tx) => {
    const [module] = await tx.select().from(learningModules).where(eq(learningModules.id, moduleId));
    if (!module) throw notFound("learning:api.moduleNotFound");
    const [other] = await tx
      .select()
      .from(learningModules)
      .where(direction === "up" ? lt(learningModules.position, module.position) : gt(learningModules.position, module.position))
      .orderBy(direction === "up" ? desc(learningModules.position) : asc(learningModules.position))
      .limit(1);
    if (!other) return;
    await tx.update(learningModules).set({ position: other.position }).where(eq(learningModules.id, module.id));
    await tx.update(learningModules).set({ position: module.position }).where(eq(learningModules.id, other.id));
  });
}

function stripEmpty(texts: ModuleInput["texts"]): Record<string, { title: string; description: string }> {
  return Object.fromEntries(Object.entries(texts).filter(([, v]) => v)) as Record<string, { title: string; description: string }>;
}

// ── Images attached to a lesson ─────────────────────────────────────────────

type AttachmentRow = typeof learningAttachments.$inferSelect;

/** Where readers' browsers load an attached image (public: unguessable names, as logos). */
export const attachmentUrl = (filename: string) => `/api/learning/files/${filename}`;

export function attachmentJson(a: AttachmentRow): z.infer<typeof attachmentAnswer> {
  const url = attachmentUrl(a.filename);
  return { uuid: a.id, original_name: a.originalName, content_type: a.contentType, size: a.size, url, markdown: `![${a.originalName.replace(/[[\]]/g, "")}](${url})`, created_at: a.createdAt.toISOString() };
}

export async function attachmentsOf(db: Database, lessonId: string) {
  const rows = await db.select().from(learningAttachments).where(eq(learningAttachments.lessonId, lessonId)).orderBy(asc(learningAttachments.createdAt));
  return rows.map(attachmentJson);
}

/** Stores the image file, then its row; a failed insert removes the file again. */
export async function addAttachment(db: Database, config: Config, lessonId: string, file: { name: string; bytes: Uint8Array; type: ImageType }, at: Date) {
  const [lesson] = await db.select({ id: learningLessons.id }).from(learningLessons).where(eq(learningLessons.id, lessonId));
  if (!lesson) throw notFound("learning:api.lessonNotFound");
  const filename = await storeImage(config, "learning", lessonId, file.bytes, file.type);
  try {
    const [row] = await db
      .insert(learningAttachments)
      .values({ lessonId, filename, originalName: file.name.slice(0, 200) || filename, contentType: `image/${file.type.ext === "jpg" ? "jpeg" : file.type.ext}`, size: file.bytes.length, createdAt: at })
      .returning();
    return attachmentJson(row);
  } catch (error) {
    await deleteImage(config, "learning", filename);
    throw error;
  }
}

export async function removeAttachment(db: Database, config: Config, attachmentId: string) {
  const [row] = await db.delete(learningAttachments).where(eq(learningAttachments.id, attachmentId)).returning();
  if (!row) throw notFound("learning:api.attachmentNotFound");
  await deleteImage(config, "learning", row.filename);
}
