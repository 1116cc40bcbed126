import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";
import { isUuid } from "#domain/text/sanitize";
import { MarkdownBody } from "#app/components/learning/markdown-body";
import { AppForm } from "#app/components/ui/app-form";
import { buttonClass, SubmitButton } from "#app/components/ui/button";
import { ApiError } from "#app/lib/api.server";
import { formatDate } from "#app/lib/format-date";
import { guard } from "#app/lib/guard.server";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import type { Route } from "./+types/lesson";

export const handle = { permission: "user.learning" } as const;
export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

function lessonIdOf(params: Route.LoaderArgs["params"]): string {
  if (!isUuid(params.id)) throw data(null, { status: 404, statusText: "Page Not Found" });
  return params.id;
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const { api } = getRequestState(context);
  try {
    return await api.learning.lesson(lessonIdOf(params));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw data(null, { status: 404, statusText: "Page Not Found" });
    throw error;
  }
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const { api, session } = getRequestState(context);
  const id = lessonIdOf(params);
  const completed = (await request.formData()).get("intent") === "complete";
  try {
    await api.learning.saveProgress(id, { completed });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return redirectWithToast(`/learning/${id}`, { kind: "error", message: error.message }, { session });
  }
  return redirectWithToast(`/learning/${id}`, { kind: "success", message: completed ? "learning:lesson.marked" : "learning:lesson.unmarked" }, { session });
}

export default function Lesson({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("learning");
  const { lesson } = loaderData;
  return (
    <>
      <title>{`${lesson.title} · ${t("title")} · Tarifa`}</title>
      <nav aria-label={t("breadcrumb")} className="mb-2 text-sm">
        <Link to="/learning" className="text-brand-700 underline">
          {t("title")}
        </Link>
        <span aria-hidden="true"> / </span>
        <span>{lesson.module.title}</span>
      </nav>
      <article lang={lesson.locale}>
        <h1 className="mb-1 text-2xl font-semibold">{lesson.title}</h1>
        <p className="mb-4 text-sm text-slate-600">{t("minutes", { count: lesson.estimated_minutes })}</p>
        {lesson.fallback ? (
          <p className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" role="note" lang={i18n.language}>
            {t("fallbackNotice")}
          </p>
        ) : null}
        {lesson.video_url ? (
          <p className="mb-4">
            <a href={lesson.video_url} className="text-brand-700 underline" rel="noopener noreferrer" target="_blank">
              {t("lesson.video")}
            </a>
          </p>
        ) : null}
        <MarkdownBody html={lesson.body_html} />
      </article>
      <div className="mt-6 flex flex-wrap items-center gap-3 border-t border-slate-200 pt-4">
        {lesson.completed_at ? (
          <>
            <p className="text-sm font-medium text-green-900" role="status">
              {t("lesson.completedOn", { date: formatDate(lesson.completed_at.slice(0, 10), i18n.language) })}
            </p>
            <AppForm>
              <SubmitButton name="intent" value="undo" variant="secondary">
                {t("lesson.undo")}
              </SubmitButton>
            </AppForm>
          </>
        ) : (
          <AppForm>
            <SubmitButton name="intent" value="complete">
              {t("lesson.complete")}
            </SubmitButton>
          </AppForm>
        )}
      </div>
      <nav aria-label={t("lesson.pager")} className="mt-6 flex flex-wrap justify-between gap-3">
        {lesson.previous ? (
          <Link to={`/learning/${lesson.previous.uuid}`} rel="prev" className={buttonClass("secondary")}>
            {t("lesson.previous", { title: lesson.previous.title })}
          </Link>
        ) : (
          <span />
        )}
        {lesson.next ? (
          <Link to={`/learning/${lesson.next.uuid}`} rel="next" className={buttonClass("secondary")}>
            {t("lesson.next", { title: lesson.next.title })}
          </Link>
        ) : null}
      </nav>
    </>
  );
}
