import { useTranslation } from "react-i18next";
import { Link, useActionData } from "react-router";
import { LessonForm } from "#app/components/learning/lesson-form";
import { lessonFormAction } from "#app/routes/manage/lesson-form.server";
import type { LessonFormAnswer } from "#app/components/learning/types";
import { guard } from "#app/lib/guard.server";
import { getRequestState } from "#app/lib/request-context.server";
import type { Route } from "./+types/learning.add";

export const handle = { permission: "admin.learning" } as const;
export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

export async function loader({ context, request }: Route.LoaderArgs) {
  const { api } = getRequestState(context);
  const modules = await api.admin.learning.modules();
  const wanted = new URL(request.url).searchParams.get("module");
  return { modules, moduleUuid: modules.find((m) => m.uuid === wanted)?.uuid ?? modules[0]?.uuid ?? "" };
}

export async function action({ context, request }: Route.ActionArgs) {
  return lessonFormAction(context, await request.formData(), null);
}

export default function AddLesson({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("learning");
  const answer = useActionData<LessonFormAnswer>();
  const { modules, moduleUuid } = loaderData;
  const empty = { module_uuid: moduleUuid, estimated_minutes: "5", video_url: "", versions: {} };
  return (
    <>
      <title>{`${t("admin.addTitle")} · Tarifa`}</title>
      <p className="mb-2 text-sm">
        <Link to="/manage/learning" className="text-brand-700 underline">
          {t("admin.title")}
        </Link>
      </p>
      <h1 className="mb-4 text-2xl font-semibold">{t("admin.addTitle")}</h1>
      {modules.length ? <LessonForm modules={modules} values={empty} answer={answer} submitLabel={t("admin.create")} /> : <p>{t("admin.noModules")}</p>}
    </>
  );
}
