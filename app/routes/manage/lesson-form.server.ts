import { data } from "react-router";
import { LOCALES } from "#domain/locale";
import { ApiError } from "#app/lib/api.server";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import type { AdminLesson, LessonFormAnswer, LessonFormValues } from "#app/components/learning/types";

export function valuesOf(formData: FormData): LessonFormValues {
  const text = (name: string) => String(formData.get(name) ?? "");
  return {
    module_uuid: text("module_uuid"),
    estimated_minutes: text("estimated_minutes"),
    video_url: text("video_url"),
    versions: Object.fromEntries(LOCALES.map((l) => [l, { title: text(`title.${l}`), body: text(`body.${l}`) }])),
  };
}

export function valuesFromLesson(lesson: AdminLesson): LessonFormValues {
  return {
    module_uuid: lesson.module_uuid,
    estimated_minutes: String(lesson.estimated_minutes),
    video_url: lesson.video_url ?? "",
    versions: Object.fromEntries(LOCALES.map((l) => [l, lesson.versions[l] ?? { title: "", body: "" }])),
  };
}

/** The API body: pt-BR always (so its errors show), other locales only when something was typed. */
function bodyOf(values: LessonFormValues) {
  const versions = Object.fromEntries(
    LOCALES.filter((l) => l === "pt-BR" || values.versions[l].title.trim() || values.versions[l].body.trim()).map((l) => [l, values.versions[l]]),
  );
  return { module_uuid: values.module_uuid, estimated_minutes: values.estimated_minutes, video_url: values.video_url, versions };
}

/** API field paths ("versions.en-US.title") → form field names ("title.en-US"). */
function fieldErrors(errors: Record<string, string[]>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [path, messages] of Object.entries(errors)) {
    const m = /^versions\.([A-Za-z-]+)\.(title|body)$/.exec(path);
    out[m ? `${m[2]}.${m[1]}` : path] = messages;
  }
  return out;
}

/**
 * The add and edit pages' action: "preview" renders each filled version through the API and shows
 * the form again with what was typed; "save" creates or updates the lesson (post/redirect/get).
 */
export async function lessonFormAction(context: Parameters<typeof getRequestState>[0], formData: FormData, lessonId: string | null) {
  const { api, session } = getRequestState(context);
  const values = valuesOf(formData);
  if (formData.get("intent") === "preview") {
    const preview: Record<string, string> = {};
    for (const locale of LOCALES) {
      const body = values.versions[locale].body;
      if (body.trim()) preview[locale] = await api.admin.learning.preview({ body });
    }
    return data<LessonFormAnswer>({ values, errors: {}, preview });
  }
  try {
    const lesson = lessonId ? await api.admin.learning.updateLesson(lessonId, bodyOf(values)) : await api.admin.learning.createLesson(bodyOf(values));
    return redirectWithToast(`/manage/learning/${lesson.uuid}`, { kind: "success", message: "learning:admin.saved" }, { session });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const errors = fieldErrors(error.errors);
    return data<LessonFormAnswer>({ values, errors, formError: Object.keys(errors).length ? undefined : error.message }, { status: error.status });
  }
}
