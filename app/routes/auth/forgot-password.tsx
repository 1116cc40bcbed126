import { getFormProps, useForm } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { data, Link, redirect, useActionData } from "react-router";
import { validateForgotPassword } from "#app/components/account/auth-validation";
import { AppForm } from "#app/components/ui/app-form";
import { SubmitButton } from "#app/components/ui/button";
import { FormErrors, TextField } from "#app/components/ui/field";
import { ApiError } from "#app/lib/api.server";
import { useDeferredModule } from "#app/lib/deferred-module";
import { getRequestState } from "#app/lib/request-context.server";
import type { Route } from "./+types/forgot-password";
import { noHydration } from "#app/lib/hydration";
import { replyWithApiError } from "#app/lib/api-reply.server";

export function loader({ request }: Route.LoaderArgs) {
  return { sent: new URL(request.url).searchParams.has("sent") };
}

/**
 * Asks the API to e-mail a reset link. The answer is the same whether or not the address has an
 * account, so the page never tells who is a customer.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const submission = validateForgotPassword({ formData });
  if (submission.status !== "success") return data(submission.reply(), { status: 422 });
  const { api } = getRequestState(context);
  try {
    await api.auth.forgotPassword(submission.value);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return data(replyWithApiError(submission, error, { fields: ["email"] }), { status: error.status });
  }
  return redirect("/forgot-password?sent=1");
}

export default function ForgotPassword({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const lastResult = useActionData<typeof action>();
  const validation = useDeferredModule(() => import("#app/components/account/auth-validation"));
  const [form, fields] = useForm({
    lastResult,
    onValidate: validation?.validateForgotPassword,
    shouldRevalidate: "onInput",
  });
  return (
    <>
      <title>{`${t("forgot.title")} · Tarifa`}</title>
      <h1 className="mb-4 text-xl font-semibold">{t("forgot.heading")}</h1>
      {loaderData.sent ? (
        <p role="status" className="mb-4 rounded-md border border-brand-100 bg-brand-50 p-3 text-sm text-brand-900">
          {t("forgot.sent")}
        </p>
      ) : (
        <p className="mb-4 text-sm text-slate-700">{t("forgot.intro")}</p>
      )}
      <AppForm {...getFormProps(form)} className="space-y-4" action="/forgot-password">
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField field={fields.email} label={t("forgot.email")} type="email" autoComplete="email" required />
        <SubmitButton className="w-full" pendingLabel={t("forgot.pending")}>
          {loaderData.sent ? t("forgot.again") : t("forgot.submit")}
        </SubmitButton>
      </AppForm>
      <p className="mt-4 text-sm">
        <Link to="/login" className="text-brand-700 underline">
          {t("forgot.backToLogin")}
        </Link>
      </p>
    </>
  );
}

/** Works fully as HTML forms and links: sent without scripts (app/lib/hydration.ts). */
export const handle = noHydration;
