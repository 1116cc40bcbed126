import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, useActionData } from "react-router";
import { createPermissionSchema } from "#domain/schemas/admin";
import { issueToKey } from "#domain/validation";
import { AdminHeader } from "#app/components/admin/page";
import { PermissionFields } from "#app/components/admin/permission-form";
import { AppForm } from "#app/components/ui/app-form";
import { SubmitButton } from "#app/components/ui/button";
import { FormErrors } from "#app/components/ui/field";
import { ApiError } from "#app/lib/api.server";
import { guard, type RouteHandle } from "#app/lib/guard.server";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import type { Route } from "./+types/permissions.add";
import { replyWithApiError } from "#app/lib/api-reply.server";

export const handle: RouteHandle = { permission: "admin.permissions" };

export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

const FIELDS = ["name", "guard"] as const;

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: createPermissionSchema, error: issueToKey });
  if (submission.status !== "success") return data(submission.reply(), { status: 422 });
  const { api, session } = getRequestState(context);
  try {
    const permission = await api.admin.permissions.create(submission.value);
    return redirectWithToast(
      `/manage/permissions/${permission.uuid}`,
      { kind: "success", message: "admin:permissions.created", values: { name: permission.name } },
      { session },
    );
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return data(replyWithApiError(submission, error, { fields: FIELDS }), { status: error.status });
  }
}

export default function AddPermission() {
  const { t } = useTranslation("admin");
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    lastResult,
    defaultValue: { guard: "admin" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: createPermissionSchema, error: issueToKey }),
    shouldRevalidate: "onInput",
  });
  return (
    <>
      <title>{`${t("permissions.addTitle")} · Tarifa`}</title>
      <AdminHeader title={t("permissions.addHeading")} back={{ to: "/manage/permissions", label: t("permissions.back") }} />
      <p className="mb-4 max-w-2xl text-sm text-slate-700">{t("permissions.addIntro")}</p>
      <AppForm {...getFormProps(form)} action="/manage/permissions/add" className="max-w-2xl space-y-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <PermissionFields name={fields.name} guard={fields.guard} description={fields.description.getFieldset()} />
        <SubmitButton pendingLabel={t("permissions.creating")}>{t("permissions.create")}</SubmitButton>
      </AppForm>
    </>
  );
}
