import { useTranslation } from "react-i18next";
import { data, Link, useActionData } from "react-router";
import { isUuid } from "#domain/text/sanitize";
import { LessonForm } from "#app/components/learning/lesson-form";
import { lessonFormAction, valuesFromLesson } from "#app/routes/manage/lesson-form.server";
import type { LessonFormAnswer } from "#app/components/learning/types";
import { AppForm } from "#app/components/ui/app-form";
import { SubmitButton } from "#app/components/ui/button";
import { FileField } from "#app/components/ui/field";
import { ApiError } from "#app/lib/api.server";
import { redirectWithToast } from "#app/lib/toast.server";
import { tooLargeUploadErrors } from "#app/lib/upload-too-large";
import { guard } from "#app/lib/guard.server";
import { getRequestState } from "#app/lib/request-context.server";
import type { Route } from "./+types/learning.edit";

export const handle = { permission: "admin.learning" } as const;
export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

function idOf(params: Route.LoaderArgs["params"]): string {
  if (!isUuid(params.id)) throw data(null, { status: 404, statusText: "Page Not Found" });
  return params.id;
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { api } = getRequestState(context);
  const id = idOf(params);
  try {
    const [lesson, modules] = await Promise.all([api.admin.learning.lesson(id), api.admin.learning.modules()]);
    return { lesson, modules, values: valuesFromLesson(lesson), fileErrors: tooLargeUploadErrors(request) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw data(null, { status: 404, statusText: "Page Not Found" });
    throw error;
  }
}

/** The lesson form (preview, save) and the images section (upload, delete) post here. */
export async function action({ context, params, request }: Route.ActionArgs) {
  const id = idOf(params);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  if (intent !== "upload" && !intent.startsWith("delete-image:")) return lessonFormAction(context, formData, id);
  const { api, session } = getRequestState(context);
  const page = `/manage/learning/${id}`;
  try {
    if (intent === "upload") {
      const file = formData.get("file");
      if (!(file instanceof File) || file.size === 0) return data({ imageErrors: ["validation.required"] }, { status: 422 });
      const upload = new FormData();
      upload.append("file", file, file.name);
      await api.admin.learning.attach(id, upload);
      return redirectWithToast(page, { kind: "success", message: "learning:admin.uploaded" }, { session });
    }
    await api.admin.learning.detach(intent.slice("delete-image:".length));
    return redirectWithToast(page, { kind: "success", message: "learning:admin.imageDeleted" }, { session });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const messages = Object.values(error.errors).flat();
    return data({ imageErrors: messages.length ? messages : [error.message] }, { status: error.status });
  }
}

export default function EditLesson({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("learning");
  const actionData = useActionData<LessonFormAnswer | { imageErrors: string[] }>();
  const answer = actionData && "values" in actionData ? actionData : undefined;
  const { lesson, modules, values, fileErrors } = loaderData;
  const imageErrors = actionData && "imageErrors" in actionData ? actionData.imageErrors : fileErrors;
  const attachments = lesson.attachments ?? [];
  return (
    <>
      <title>{`${lesson.title} · ${t("admin.title")} · Tarifa`}</title>
      <p className="mb-2 text-sm">
        <Link to="/manage/learning" className="text-brand-700 underline">
          {t("admin.title")}
        </Link>
      </p>
      <h1 className="mb-1 text-2xl font-semibold">{lesson.title}</h1>
      <p className="mb-4 text-sm text-slate-700">{lesson.published ? t("admin.published") : t("admin.draft")}</p>
      <LessonForm modules={modules} values={values} answer={answer} submitLabel={t("admin.save")} />
      <section aria-labelledby="lesson-images" className="mt-8 max-w-3xl rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="lesson-images" className="mb-2 text-lg font-semibold">
          {t("admin.images")}
        </h2>
        {attachments.length ? (
          <>
            <p className="mb-2 text-sm text-slate-700">{t("admin.imageHint")}</p>
            <AppForm>
              <ul className="space-y-2">
                {attachments.map((a) => (
                  <li key={a.uuid} className="flex flex-wrap items-center gap-3">
                    <img src={a.url} alt={a.original_name} className="h-12 w-12 rounded border border-slate-200 object-cover" />
                    <code className="break-all rounded bg-slate-100 px-2 py-1 text-xs">{a.markdown}</code>
                    <SubmitButton name="intent" value={`delete-image:${a.uuid}`} variant="danger" className="px-3 py-1" aria-label={t("admin.deleteImage", { name: a.original_name })}>
                      {t("admin.delete")}
                    </SubmitButton>
                  </li>
                ))}
              </ul>
            </AppForm>
          </>
        ) : (
          <p className="mb-2 text-sm text-slate-700">{t("admin.noImages")}</p>
        )}
        <AppForm encType="multipart/form-data" className="mt-3 flex flex-wrap items-end gap-3">
          <FileField id="lesson-image" label={t("admin.imageFile")} accept="image/png,image/jpeg,image/webp" errors={imageErrors} />
          <SubmitButton name="intent" value="upload" variant="secondary">
            {t("admin.upload")}
          </SubmitButton>
        </AppForm>
      </section>
    </>
  );
}
