import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, useActionData } from "react-router";
import { createUserSchema } from "#domain/schemas/admin";
import { issueToKey } from "#domain/validation";
import { AdminHeader } from "#app/components/admin/page";
import { UserFields } from "#app/components/admin/user-form";
import { AppForm } from "#app/components/ui/app-form";
import { SubmitButton } from "#app/components/ui/button";
import { FormErrors } from "#app/components/ui/field";
import { ApiError } from "#app/lib/api.server";
import { guard, type RouteHandle } from "#app/lib/guard.server";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import type { Route } from "./+types/users.add";
import { replyWithApiError } from "#app/lib/api-reply.server";

export const handle: RouteHandle = { permission: "admin.users" };

export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

const FIELDS = ["name", "surname", "email", "roles", "preferred_language", "company", "phone"] as const;

/** The new account starts in the administrator's language unless they pick another. */
export function loader({ context }: Route.LoaderArgs) {
  return { language: getRequestState(context).locale };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: createUserSchema, error: issueToKey });
  if (submission.status !== "success") return data(submission.reply(), { status: 422 });
  const { api, session } = getRequestState(context);
  try {
    const user = await api.admin.users.create(submission.value);
    return redirectWithToast(
      `/manage/users/${user.uuid}`,
      { kind: "success", message: "admin:users.created", values: { email: user.email } },
      { session },
    );
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return data(replyWithApiError(submission, error, { fields: FIELDS }), { status: error.status });
  }
}

export default function AddUser({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    lastResult,
    defaultValue: { roles: ["owner"], preferred_language: loaderData.language },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: createUserSchema, error: issueToKey }),
    shouldRevalidate: "onBlur",
  });
  return (
    <>
      <title>{`${t("users.addTitle")} · Tarifa`}</title>
      <AdminHeader title={t("users.addHeading")} back={{ to: "/manage/users", label: t("users.back") }} />
      <p className="mb-4 max-w-2xl text-sm text-slate-700">{t("users.addIntro")}</p>
      <AppForm {...getFormProps(form)} action="/manage/users/add" className="max-w-2xl space-y-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <UserFields fields={fields} />
        <SubmitButton pendingLabel={t("users.creating")}>{t("users.create")}</SubmitButton>
      </AppForm>
    </>
  );
}
