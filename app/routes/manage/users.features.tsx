import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, useActionData } from "react-router";
import { FEATURES } from "#domain/access/permissions";
import { userFeaturesFormSchema } from "#domain/schemas/admin";
import { issueToKey } from "#domain/validation";
import { uuidParam } from "#app/routes/manage/users.server";
import { UserStatusBadge } from "#app/components/admin/badges";
import { AdminHeader, UserTabs } from "#app/components/admin/page";
import { fullName } from "#app/components/admin/shared";
import { AppForm } from "#app/components/ui/app-form";
import { SubmitButton } from "#app/components/ui/button";
import { CheckboxGroup } from "#app/components/ui/choice-group";
import { FormErrors } from "#app/components/ui/field";
import { ApiError } from "#app/lib/api.server";
import { guard, type RouteHandle } from "#app/lib/guard.server";
import { orNotFound } from "#app/lib/not-found.server";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import type { Route } from "./+types/users.features";
import { replyWithApiError } from "#app/lib/api-reply.server";

export const handle: RouteHandle = { permission: "admin.users" };

export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

export async function loader({ params, context }: Route.LoaderArgs) {
  const user = await orNotFound(getRequestState(context).api.admin.users.get(uuidParam(params.id)));
  return { user };
}

/** Saves every box at once: an unticked box is not sent, so what the page shows is what is saved. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const id = uuidParam(params.id);
  const submission = parseWithZod(await request.formData(), { schema: userFeaturesFormSchema, error: issueToKey });
  if (submission.status !== "success") return data(submission.reply(), { status: 422 });
  const { api, session } = getRequestState(context);
  try {
    await api.admin.users.setFeatures(id, submission.value);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return data(replyWithApiError(submission, error, { fields: ["features"] }), { status: error.status });
  }
  return redirectWithToast(`/manage/users/${id}/features`, { kind: "success", message: "admin:features.saved" }, { session });
}

export default function UserFeatures({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { user } = loaderData;
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: `features-${user.uuid}-${user.updated_at}`,
    lastResult,
    defaultValue: { features: user.features },
  });
  return (
    <>
      <title>{`${t("features.title")} · ${fullName(user)} · Tarifa`}</title>
      <AdminHeader title={fullName(user)} back={{ to: "/manage/users", label: t("users.back") }}>
        <UserStatusBadge user={user} />
      </AdminHeader>
      <UserTabs uuid={user.uuid} />
      <h2 className="mb-1 text-lg font-semibold">{t("features.heading")}</h2>
      <p className="mb-4 max-w-2xl text-sm text-slate-700">{t("features.intro")}</p>
      <AppForm {...getFormProps(form)} action={`/manage/users/${user.uuid}/features`} className="max-w-2xl space-y-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <CheckboxGroup
          field={fields.features}
          legend={t("features.legend")}
          options={FEATURES.map((feature) => ({
            value: feature,
            label: t(`features.names.${feature}`),
            hint: t(`features.hints.${feature}`),
          }))}
        />
        <SubmitButton pendingLabel={t("features.saving")}>{t("features.save")}</SubmitButton>
      </AppForm>
    </>
  );
}
