import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, useActionData } from "react-router";
import { changePasswordSchema } from "#domain/schemas/auth";
import { issueToKey } from "#domain/validation";
import { NewPasswordFields } from "#app/components/account/new-password-fields";
import { AppForm } from "#app/components/ui/app-form";
import { SubmitButton } from "#app/components/ui/button";
import { FormErrors, TextField } from "#app/components/ui/field";
import { ApiError } from "#app/lib/api.server";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import { accountSettingsHandle } from "#app/components/account/route-flags";
import type { Route } from "./+types/settings.security";
import { replyWithApiError } from "#app/lib/api-reply.server";

export const handle = accountSettingsHandle;

const PAGE = "/account-settings/security";
const FIELDS = ["current_password", "password", "password_confirmation"] as const;
const HIDDEN = [...FIELDS];

/** Changes the password; a wrong current password comes back from the API as a 422 on current_password. */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: changePasswordSchema, error: issueToKey });
  if (submission.status !== "success") return data(submission.reply({ hideFields: HIDDEN }), { status: 422 });
  const { api, session } = getRequestState(context);
  try {
    await api.accounts.changePassword(submission.value);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return data(replyWithApiError(submission, error, { fields: FIELDS, hideFields: HIDDEN }), { status: error.status });
  }
  return redirectWithToast(PAGE, { kind: "success", message: "account:security.changed" }, { session });
}

export default function Security() {
  const { t } = useTranslation("account");
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changePasswordSchema, error: issueToKey }),
    shouldRevalidate: "onInput",
  });
  return (
    <>
      <title>{`${t("security.title")} · Tarifa`}</title>
      <h2 className="mb-1 text-lg font-semibold">{t("security.heading")}</h2>
      <p className="mb-4 text-sm text-slate-700">{t("security.intro")}</p>
      <AppForm {...getFormProps(form)} action={PAGE} className="max-w-md space-y-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField
          field={fields.current_password}
          label={t("security.currentPassword")}
          type="password"
          autoComplete="current-password"
          required
        />
        <NewPasswordFields
          password={fields.password}
          confirmation={fields.password_confirmation}
          labels={{ password: t("security.newPassword"), confirmation: t("security.passwordConfirmation") }}
        />
        <SubmitButton pendingLabel={t("security.pending")}>{t("security.submit")}</SubmitButton>
      </AppForm>
    </>
  );
}
