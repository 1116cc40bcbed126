import { useTranslation } from "react-i18next";
import { data, Link, useActionData } from "react-router";
import { LOCALES } from "#domain/locale";
import { LEARNING_LEVELS } from "#domain/schemas/learning";
import { ModuleEditor } from "#app/components/learning/module-editor";
import { AppForm } from "#app/components/ui/app-form";
import { buttonClass, SubmitButton } from "#app/components/ui/button";
import { DataTable } from "#app/components/ui/data-table";
import { FieldErrors, FormErrors } from "#app/components/ui/field";
import { ApiError } from "#app/lib/api.server";
import { guard } from "#app/lib/guard.server";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import type { Route } from "./+types/learning";

export const handle = { permission: "admin.learning" } as const;
export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

const PAGE = "/manage/learning";

export async function loader({ context }: Route.LoaderArgs) {
  const { api } = getRequestState(context);
  return { modules: await api.admin.learning.modules() };
}

/** Every button of the page posts `intent` = "<what>:<uuid>" (or "create-module"). */
export async function action({ context, request }: Route.ActionArgs) {
  const { api, session } = getRequestState(context);
  const formData = await request.formData();
  const [what, id = ""] = String(formData.get("intent") ?? "").split(":");
  const done = (message: string) => redirectWithToast(PAGE, { kind: "success", message: `learning:admin.${message}` }, { session });
  try {
    switch (what) {
      case "publish":
      case "unpublish":
        await api.admin.learning.publishLesson(id, { published: what === "publish" });
        return done(what === "publish" ? "publishedToast" : "unpublishedToast");
      case "up":
      case "down":
        await api.admin.learning.moveLesson(id, { direction: what });
        return done("moved");
      case "delete":
        await api.admin.learning.deleteLesson(id);
        return done("deleted");
      case "module-up":
      case "module-down":
        await api.admin.learning.moveModule(id, { direction: what === "module-up" ? "up" : "down" });
        return done("moved");
      case "module-delete":
        await api.admin.learning.deleteModule(id);
        return done("moduleDeleted");
      case "module-save": {
        // Every language's title and description; a language left empty falls back to pt-BR.
        const text = (name: string) => String(formData.get(name) ?? "");
        const values: Record<string, string> = { level: text("level") };
        const texts: Record<string, { title: string; description: string }> = {};
        for (const locale of LOCALES) {
          const title = (values[`title_${locale}`] = text(`title_${locale}`));
          const description = (values[`description_${locale}`] = text(`description_${locale}`));
          if (locale === "pt-BR" || title.trim() || description.trim()) texts[locale] = { title, description };
        }
        try {
          await api.admin.learning.updateModule(id, { level: values.level, texts });
        } catch (error) {
          if (!(error instanceof ApiError) || error.status !== 422) throw error;
          return data({ errors: error.errors, message: error.message, module: id, values }, { status: 422 });
        }
        return done("moduleSaved");
      }
      case "create-module": {
        const text = (name: string) => String(formData.get(name) ?? "");
        const texts: Record<string, { title: string; description: string }> = { "pt-BR": { title: text("module_title_pt"), description: text("module_description_pt") } };
        if (text("module_title_en").trim()) texts["en-US"] = { title: text("module_title_en"), description: text("module_description_en") };
        try {
          await api.admin.learning.createModule({ level: text("level"), texts });
        } catch (error) {
          if (!(error instanceof ApiError) || error.status !== 422) throw error;
          return data({ errors: error.errors, message: error.message }, { status: 422 });
        }
        return done("moduleCreated");
      }
    }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return redirectWithToast(PAGE, { kind: "error", message: error.message }, { session });
  }
  return redirectWithToast(PAGE, { kind: "error", message: "learning:admin.unknownAction" }, { session });
}

const control = "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2";

export default function ManageLearning({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("learning");
  const answer = useActionData<typeof action>();
  // A refused module edit answers with its module's uuid: its errors go beside that form only.
  const editing = answer && "module" in answer ? answer : null;
  const errors = (answer && "errors" in answer && !editing ? answer.errors : {}) as Record<string, string[]>;
  const { modules } = loaderData;
  type Lesson = (typeof modules)[number]["lessons"][number];
  return (
    <>
      <title>{`${t("admin.title")} · Tarifa`}</title>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold">{t("admin.title")}</h1>
        {modules.length ? (
          <Link to="/manage/learning/add" className={`${buttonClass("primary")} ml-auto`}>
            {t("admin.addLesson")}
          </Link>
        ) : null}
      </div>
      {modules.map((m, mi) => (
          <section key={m.uuid} aria-labelledby={`m-${m.uuid}`} className="mb-6 rounded-lg border border-slate-200 bg-white p-4">
            <AppForm>
            <div className="flex flex-wrap items-center gap-2">
              <h2 id={`m-${m.uuid}`} className="text-lg font-semibold">
                {mi + 1}. {m.title}
              </h2>
              <span className="text-sm text-slate-600">{t(`level.${m.level}`)}</span>
              <span className="ml-auto flex gap-2">
                <SubmitButton name="intent" value={`module-up:${m.uuid}`} variant="secondary" disabled={mi === 0} aria-label={t("admin.moduleUp", { title: m.title })}>
                  ↑
                </SubmitButton>
                <SubmitButton name="intent" value={`module-down:${m.uuid}`} variant="secondary" disabled={mi === modules.length - 1} aria-label={t("admin.moduleDown", { title: m.title })}>
                  ↓
                </SubmitButton>
                <SubmitButton name="intent" value={`module-delete:${m.uuid}`} variant="danger" aria-label={t("admin.moduleDelete", { title: m.title })}>
                  {t("admin.delete")}
                </SubmitButton>
              </span>
            </div>
            {m.lessons.length ? (
              <div className="mt-3 overflow-x-auto">
                <DataTable
                  caption={t("admin.lessonsOf", { title: m.title })}
                  className="min-w-[40rem]"
                  columns={[
                    {
                      header: t("admin.lessonTitle"),
                      cell: (l: Lesson) => (
                        <Link to={`/manage/learning/${l.uuid}`} className="text-brand-700 underline">
                          {l.title}
                        </Link>
                      ),
                    },
                    { header: t("admin.locales"), cell: (l: Lesson) => l.locales.join(", ") },
                    { header: t("admin.status"), cell: (l: Lesson) => (l.published ? t("admin.published") : t("admin.draft")) },
                    {
                      header: t("admin.actions"),
                      hiddenHeader: true,
                      cell: (l: Lesson) => (
                        <div className="flex flex-wrap justify-end gap-2">
                          <SubmitButton name="intent" value={`up:${l.uuid}`} variant="secondary" disabled={l.uuid === m.lessons[0].uuid} aria-label={t("admin.up", { title: l.title })}>
                            ↑
                          </SubmitButton>
                          <SubmitButton name="intent" value={`down:${l.uuid}`} variant="secondary" disabled={l.uuid === m.lessons[m.lessons.length - 1].uuid} aria-label={t("admin.down", { title: l.title })}>
                            ↓
                          </SubmitButton>
                          <SubmitButton name="intent" value={`${l.published ? "unpublish" : "publish"}:${l.uuid}`} variant="secondary" aria-label={t(l.published ? "admin.unpublishNamed" : "admin.publishNamed", { title: l.title })}>
                            {l.published ? t("admin.unpublish") : t("admin.publish")}
                          </SubmitButton>
                          <SubmitButton name="intent" value={`delete:${l.uuid}`} variant="danger" aria-label={t("admin.deleteNamed", { title: l.title })}>
                            {t("admin.delete")}
                          </SubmitButton>
                        </div>
                      ),
                    },
                  ]}
                  rows={m.lessons}
                  rowKey={(l) => l.uuid}
                />
              </div>
            ) : (
              <p className="mt-2 text-sm text-slate-700">{t("admin.noLessons")}</p>
            )}
            </AppForm>
            <p className="mt-2">
              <Link to={`/manage/learning/add?module=${m.uuid}`} className="text-sm text-brand-700 underline">
                {t("admin.addLessonTo", { title: m.title })}
              </Link>
            </p>
            <ModuleEditor module={m} refused={editing?.module === m.uuid ? { errors: editing.errors as Record<string, string[]>, message: editing.message, values: (editing as { values?: Record<string, string> }).values ?? {} } : null} />
          </section>
        ))}

      <section aria-labelledby="new-module" className="max-w-3xl rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="new-module" className="mb-3 text-lg font-semibold">
          {t("admin.newModule")}
        </h2>
        <AppForm>
          <FormErrors id="module-form-error" errors={answer && "message" in answer && !Object.keys(errors).length ? [answer.message] : undefined} />
          <div className="mb-3">
            <label htmlFor="level" className="block text-sm font-medium">{t("admin.level")}</label>
            <select id="level" name="level" className={control} defaultValue="beginner">
              {LEARNING_LEVELS.map((level) => (
                <option key={level} value={level}>
                  {t(`level.${level}`)}
                </option>
              ))}
            </select>
            <FieldErrors id="level-error" errors={errors.level} />
          </div>
          <div className="grid gap-3 sm:grid-cols-2">
            <div>
              <label htmlFor="module_title_pt" className="block text-sm font-medium">{t("admin.moduleTitle", { locale: t("admin.locale.pt-BR") })}</label>
              <input id="module_title_pt" name="module_title_pt" required className={control} aria-invalid={errors["texts.pt-BR.title"] ? true : undefined} aria-describedby={errors["texts.pt-BR.title"] ? "module_title_pt-error" : undefined} />
              <FieldErrors id="module_title_pt-error" errors={errors["texts.pt-BR.title"]} />
              <label htmlFor="module_description_pt" className="mt-2 block text-sm font-medium">{t("admin.moduleDescription", { locale: t("admin.locale.pt-BR") })}</label>
              <textarea id="module_description_pt" name="module_description_pt" rows={2} className={control} />
            </div>
            <div>
              <label htmlFor="module_title_en" className="block text-sm font-medium">{t("admin.moduleTitle", { locale: t("admin.locale.en-US") })}</label>
              <input id="module_title_en" name="module_title_en" className={control} />
              <label htmlFor="module_description_en" className="mt-2 block text-sm font-medium">{t("admin.moduleDescription", { locale: t("admin.locale.en-US") })}</label>
              <textarea id="module_description_en" name="module_description_en" rows={2} className={control} />
            </div>
          </div>
          <SubmitButton name="intent" value="create-module" className="mt-3">
            {t("admin.createModule")}
          </SubmitButton>
        </AppForm>
      </section>
    </>
  );
}
