import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { SearchForm } from "#app/components/ui/search-form";
import { ApiError } from "#app/lib/api.server";
import { guard } from "#app/lib/guard.server";
import { getRequestState } from "#app/lib/request-context.server";
import type { Route } from "./+types/index";

export const handle = { permission: "user.learning" } as const;
export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

export async function loader({ context, request }: Route.LoaderArgs) {
  const { api } = getRequestState(context);
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim();
  const modules = await api.learning.modules();
  if (!q) return { modules, q, hits: null, searchError: null };
  try {
    const hits = await api.learning.search({ q });
    return { modules, q, hits, searchError: null };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 422) throw error;
    return { modules, q, hits: null, searchError: "learning:search.tooShort" };
  }
}

/** "«word»" marks from ts_headline become <mark>, everything else stays text. */
function Snippet({ text }: { text: string }) {
  const parts = text.split(/«|»/);
  return <>{parts.map((part, i) => (i % 2 === 1 ? <mark key={i}>{part}</mark> : part))}</>;
}

export default function Learning({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("learning");
  const { modules, q, hits, searchError } = loaderData;
  const total = modules.reduce((n, m) => n + m.progress.total, 0);
  const done = modules.reduce((n, m) => n + m.progress.completed, 0);
  return (
    <>
      <title>{`${t("title")} · Tarifa`}</title>
      <h1 className="mb-2 text-2xl font-semibold">{t("title")}</h1>
      <p className="mb-4 text-slate-700">{t("intro")}</p>
      <p className="mb-4 text-sm font-medium" role="status">
        {t("overall", { done, total })}
      </p>
      <SearchForm action="/learning" id="learning-q" name="q" defaultValue={q} label={t("search.label")} placeholder={t("search.placeholder")} submitLabel={t("search.submit")} />
      {searchError ? (
        <p className="mb-4 text-sm text-red-700" role="alert">
          {t(searchError.replace("learning:", ""))}
        </p>
      ) : null}
      {hits ? (
        <section aria-labelledby="learning-results" className="mb-8">
          <h2 id="learning-results" className="mb-2 text-lg font-semibold">
            {t("search.results", { count: hits.length, q })}
          </h2>
          {hits.length ? (
            <ul className="space-y-3">
              {hits.map((hit) => (
                <li key={hit.uuid} className="rounded-md border border-slate-200 bg-white p-3">
                  <Link to={`/learning/${hit.uuid}`} className="font-medium text-brand-700 underline">
                    {hit.title}
                  </Link>
                  {hit.fallback ? <span className="ml-2 text-xs text-slate-600">{t("fallbackShort")}</span> : null}
                  <p className="mt-1 text-sm text-slate-700">
                    <Snippet text={hit.snippet} />
                  </p>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-700">{t("search.none")}</p>
          )}
        </section>
      ) : null}
      {modules.length ? (
        <ol className="space-y-6">
          {modules.map((m) => (
            <li key={m.uuid}>
              <section aria-labelledby={`module-${m.uuid}`} className="rounded-lg border border-slate-200 bg-white p-4">
                <h2 id={`module-${m.uuid}`} className="text-lg font-semibold">
                  {m.title}
                </h2>
                <p className="text-sm text-slate-700">{m.description}</p>
                <p className="mt-1 text-sm text-slate-600">
                  {t(`level.${m.level}`)} · {t("minutes", { count: m.estimated_minutes })}
                </p>
                <div className="mt-2 flex items-center gap-2">
                  <progress className="h-2 w-40 accent-brand-600" max={m.progress.total} value={m.progress.completed} aria-label={t("moduleProgress", { title: m.title })} />
                  <span className="text-sm">{t("progress", { done: m.progress.completed, total: m.progress.total })}</span>
                </div>
                <ol className="mt-3 space-y-1">
                  {m.lessons.map((lesson, i) => (
                    <li key={lesson.uuid} className="flex flex-wrap items-baseline gap-2">
                      <span className="text-sm text-slate-600">{i + 1}.</span>
                      <Link to={`/learning/${lesson.uuid}`} className="text-brand-700 underline">
                        {lesson.title}
                      </Link>
                      <span className="text-xs text-slate-600">{t("minutes", { count: lesson.estimated_minutes })}</span>
                      {lesson.completed_at ? <span className="rounded bg-green-100 px-2 text-xs font-medium text-green-900">{t("done")}</span> : null}
                      {lesson.fallback ? <span className="text-xs text-slate-600">{t("fallbackShort")}</span> : null}
                    </li>
                  ))}
                </ol>
              </section>
            </li>
          ))}
        </ol>
      ) : (
        <p>{t("empty")}</p>
      )}
    </>
  );
}
