import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Link, useActionData, useLocation } from "react-router";
import { resetPasswordSchema } from "#domain/schemas/auth";
import { issueToKey } from "#domain/validation";
import { NewPasswordFields } from "#app/components/account/new-password-fields";
import { AppForm } from "#app/components/ui/app-form";
import { SubmitButton } from "#app/components/ui/button";
import { FormErrors, TextField } from "#app/components/ui/field";
import { ApiError } from "#app/lib/api.server";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import type { Route } from "./+types/reset-password";
import { noHydration } from "#app/lib/hydration";
import { replyWithApiError } from "#app/lib/api-reply.server";

const FIELDS = ["email", "password", "password_confirmation"] as const;
const HIDDEN = ["password", "password_confirmation"];

/** Works fully as HTML forms and links: sent without scripts (app/lib/hydration.ts). */
export const handle = noHydration;

/** The link in the reset e-mail carries ?token=…&email=…; without a token there is nothing to reset. */
export function loader({ request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  return { token: query.get("token") ?? "", email: query.get("email") ?? "" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: resetPasswordSchema, error: issueToKey });
  if (submission.status !== "success") return data(submission.reply({ hideFields: HIDDEN }), { status: 422 });
  const { api, session } = getRequestState(context);
  try {
    await api.auth.resetPassword(submission.value);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // An invalid, expired or used token is reported on `token`, which is not a visible field: it shows on top.
    return data(replyWithApiError(submission, error, { fields: FIELDS, hideFields: HIDDEN }), { status: error.status });
  }
  return redirectWithToast("/login", { kind: "success", message: "auth:reset.done" }, { session });
}

export default function ResetPassword({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const lastResult = useActionData<typeof action>();
  const { search } = useLocation();
  const [form, fields] = useForm({
    lastResult,
    defaultValue: { token: loaderData.token, email: loaderData.email },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetPasswordSchema, error: issueToKey }),
    shouldRevalidate: "onInput",
  });
  if (!loaderData.token) {
    return (
      <>
        <title>{`${t("reset.title")} · Tarifa`}</title>
        <h1 className="mb-4 text-xl font-semibold">{t("reset.heading")}</h1>
        <p role="alert" className="mb-4 text-sm text-red-800">
          {t("reset.missingToken")}
        </p>
        <Link to="/forgot-password" className="text-sm text-brand-700 underline">
          {t("reset.requestNew")}
        </Link>
      </>
    );
  }
  const tokenRefused = !!form.errors?.length || !!fields.token.errors?.length;
  return (
    <>
      <title>{`${t("reset.title")} · Tarifa`}</title>
      <h1 className="mb-4 text-xl font-semibold">{t("reset.heading")}</h1>
      {/* The query stays on the action, so a refused post re-renders this page with its link intact. */}
      <AppForm {...getFormProps(form)} className="space-y-4" action={`/reset-password${search}`}>
        <input {...getInputProps(fields.token, { type: "hidden" })} />
        <FormErrors id={form.errorId} errors={[...(form.errors ?? []), ...(fields.token.errors ?? [])]} />
        {tokenRefused ? (
          <p className="text-sm">
            <Link to="/forgot-password" className="text-brand-700 underline">
              {t("reset.requestNew")}
            </Link>
          </p>
        ) : null}
        <TextField field={fields.email} label={t("reset.email")} type="email" autoComplete="email" required />
        <NewPasswordFields
          password={fields.password}
          confirmation={fields.password_confirmation}
          labels={{ password: t("reset.password"), confirmation: t("reset.passwordConfirmation") }}
        />
        <SubmitButton className="w-full" pendingLabel={t("reset.pending")}>
          {t("reset.submit")}
        </SubmitButton>
      </AppForm>
    </>
  );
}
