import type { Context } from "hono";
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { renderMarkdown } from "#domain/learning/markdown.ts";
import { lessonSchema, moduleSchema, moveSchema, previewSchema, progressSchema, publishSchema, searchQuerySchema } from "#domain/schemas/learning.ts";
import { isUuid } from "#domain/text/sanitize.ts";
import type { ApiEnv } from "#api/context.ts";
import { forbidden, notFound } from "#api/errors.ts";
import type { AuthedEnv } from "#api/middleware/auth.ts";
import {
  addAttachment,
  adminCatalogue,
  removeAttachment,
  adminLesson,
  createLesson,
  createModule,
  deleteLesson,
  deleteModule,
  lessonForReader,
  modulesForReader,
  moveLesson,
  moveModule,
  publishLesson,
  searchLessons,
  setProgress,
  updateLesson,
  updateModule,
} from "#api/services/learning.ts";
import {
  adminCatalogueModuleAnswer,
  adminLessonAnswer,
  adminModuleAnswer,
  attachmentAnswer,
  progressAnswer,
  readerLessonAnswer,
  readerModuleAnswer,
  searchHitAnswer,
} from "#contract/learning.ts";
import { z } from "zod";
import { envelope } from "#contract/primitives.ts";
import { permissionsOf } from "#api/services/permissions.ts";
import { detectImageType, readImage } from "#api/services/uploads.ts";
import { fieldError } from "#api/services/businesses.ts";
import { HttpError } from "#api/errors.ts";
import { jsonBody, parseWith } from "#api/validate.ts";
import { requireAdminPermission } from "./businesses-shared.ts";
import { docs } from "#api/openapi/describe.ts";

const doc = docs("Learning");

const catalogueAnswer = envelope(z.array(adminCatalogueModuleAnswer));
const moduleAnswer = z.object({ module: adminModuleAnswer }).strict();
const lessonAnswer = z.object({ lesson: adminLessonAnswer }).strict();
const deletedAnswer = z.object({ deleted: z.literal(true) }).strict();

type C = Context<AuthedEnv>;
const body = <S extends Parameters<typeof jsonBody>[1]>(c: C, schema: S) => jsonBody(c as unknown as Context<ApiEnv>, schema);

/** Readers need user.learning on their selected business (owners hold it; collaborators when granted). */
const requireReader = createMiddleware<AuthedEnv>(async (c, next) => {
  if (!(await permissionsOf(c.var.deps.db, c.var.user)).includes("user.learning")) throw forbidden();
  await next();
});
const requireEditor = requireAdminPermission("admin.learning");

function uuidParam(c: C, name: string, message: string): string {
  const id = c.req.param(name) ?? "";
  if (!isUuid(id)) throw notFound(message);
  return id.toLowerCase();
}
const lessonId = (c: C) => uuidParam(c, "lessonId", "learning:api.lessonNotFound");
const moduleId = (c: C) => uuidParam(c, "moduleId", "learning:api.moduleNotFound");

/** The learning centre, mounted under /api/v1 (docs/api/learning.md). */
export const learningRoutes = new Hono<AuthedEnv>()
  .use("/learning/*", requireReader)
  .use("/admin/learning/*", requireEditor)

  .get("/learning/modules", doc({ response: envelope(z.array(readerModuleAnswer)) }), async (c) => c.json({ data: await modulesForReader(c.var.deps.db, c.var.user.id, c.var.locale) }))

  .get("/learning/search", doc({ query: searchQuerySchema, response: envelope(z.array(searchHitAnswer)) }), async (c) => {
    const { q } = parseWith(c as unknown as Context<ApiEnv>, searchQuerySchema, { q: c.req.query("q") ?? "" });
    return c.json({ data: await searchLessons(c.var.deps.db, q, c.var.locale) });
  })

  .get("/learning/lessons/:lessonId", doc({ response: readerLessonAnswer }), async (c) => c.json(await lessonForReader(c.var.deps.db, c.var.user.id, lessonId(c), c.var.locale)))

  .put("/learning/lessons/:lessonId/progress", doc({ body: progressSchema, response: progressAnswer }), async (c) => {
    const id = lessonId(c);
    const { completed } = await body(c, progressSchema);
    return c.json(await setProgress(c.var.deps.db, c.var.user.id, id, completed, c.var.deps.now()));
  })

  .get("/admin/learning/modules", doc({ response: catalogueAnswer }), async (c) => c.json({ data: await adminCatalogue(c.var.deps.db) }))

  .post("/admin/learning/modules", doc({ body: moduleSchema, status: 201, response: moduleAnswer }), async (c) => c.json({ module: await createModule(c.var.deps.db, await body(c, moduleSchema), c.var.deps.now()) }, 201))

  .put("/admin/learning/modules/:moduleId", doc({ body: moduleSchema, response: moduleAnswer }), async (c) => {
    const id = moduleId(c);
    return c.json({ module: await updateModule(c.var.deps.db, id, await body(c, moduleSchema), c.var.deps.now()) });
  })

  .post("/admin/learning/modules/:moduleId/move", doc({ body: moveSchema, response: catalogueAnswer }), async (c) => {
    const id = moduleId(c);
    await moveModule(c.var.deps.db, id, (await body(c, moveSchema)).direction);
    return c.json({ data: await adminCatalogue(c.var.deps.db) });
  })

  .delete("/admin/learning/modules/:moduleId", doc({ response: deletedAnswer }), async (c) => {
    await deleteModule(c.var.deps.db, c.var.deps.config, moduleId(c));
    return c.json({ deleted: true });
  })

  .post("/admin/learning/lessons", doc({ body: lessonSchema, status: 201, response: lessonAnswer }), async (c) => {
    const id = await createLesson(c.var.deps.db, await body(c, lessonSchema), c.var.deps.now());
    return c.json({ lesson: await adminLesson(c.var.deps.db, id) }, 201);
  })

  .get("/admin/learning/lessons/:lessonId", doc({ response: lessonAnswer }), async (c) => c.json({ lesson: await adminLesson(c.var.deps.db, lessonId(c)) }))

  .put("/admin/learning/lessons/:lessonId", doc({ body: lessonSchema, response: lessonAnswer }), async (c) => {
    const id = lessonId(c);
    await updateLesson(c.var.deps.db, id, await body(c, lessonSchema), c.var.deps.now());
    return c.json({ lesson: await adminLesson(c.var.deps.db, id) });
  })

  .post("/admin/learning/lessons/:lessonId/publish", doc({ body: publishSchema, response: lessonAnswer }), async (c) => {
    const id = lessonId(c);
    await publishLesson(c.var.deps.db, id, (await body(c, publishSchema)).published, c.var.deps.now());
    return c.json({ lesson: await adminLesson(c.var.deps.db, id) });
  })

  .post("/admin/learning/lessons/:lessonId/move", doc({ body: moveSchema, response: lessonAnswer }), async (c) => {
    const id = lessonId(c);
    await moveLesson(c.var.deps.db, id, (await body(c, moveSchema)).direction);
    return c.json({ lesson: await adminLesson(c.var.deps.db, id) });
  })

  .delete("/admin/learning/lessons/:lessonId", doc({ response: deletedAnswer }), async (c) => {
    await deleteLesson(c.var.deps.db, c.var.deps.config, lessonId(c));
    return c.json({ deleted: true });
  })

  /** One image (PNG, JPEG or WebP, within the API's 1 MiB body limit), multipart field `file`. */
  .post("/admin/learning/lessons/:lessonId/attachments", doc({ form: true, status: 201, response: z.object({ attachment: attachmentAnswer }).strict() }), async (c) => {
    const id = lessonId(c);
    let form: Record<string, unknown>;
    try {
      form = await c.req.parseBody();
    } catch (error) {
      if (error instanceof HttpError) throw error;
      throw fieldError(c.var.t, "file", "learning:validation.imageType");
    }
    const file = form.file;
    if (!(file instanceof File) || file.size === 0) throw fieldError(c.var.t, "file", "validation.required");
    const bytes = new Uint8Array(await file.arrayBuffer());
    const type = detectImageType(bytes);
    if (!type) throw fieldError(c.var.t, "file", "learning:validation.imageType");
    const attachment = await addAttachment(c.var.deps.db, c.var.deps.config, id, { name: file.name, bytes, type }, c.var.deps.now());
    return c.json({ attachment }, 201);
  })

  .delete("/admin/learning/attachments/:attachmentId", doc({ response: deletedAnswer }), async (c) => {
    await removeAttachment(c.var.deps.db, c.var.deps.config, uuidParam(c, "attachmentId", "learning:api.attachmentNotFound"));
    return c.json({ deleted: true });
  })

  .post("/admin/learning/preview", doc({ body: previewSchema, response: z.object({ html: z.string() }).strict() }), async (c) => c.json({ html: renderMarkdown((await body(c, previewSchema)).body) }));

/** Lesson images, mounted at /api (public like logos: the names are unguessable, the content is training material). */
export const publicLearningRoutes = new Hono<ApiEnv>().get("/learning/files/:filename", doc({ produces: "image/*" }), async (c) => {
  const image = await readImage(c.var.deps.config, "learning", c.req.param("filename"));
  if (!image) throw notFound();
  return c.body(new Uint8Array(image.bytes), 200, {
    "content-type": image.contentType,
    "content-length": String(image.bytes.length),
    "cache-control": "public, max-age=31536000, immutable",
    "x-content-type-options": "nosniff",
    "content-security-policy": "default-src 'none'; sandbox",
  });
});
