import { AppForm } from "#app/components/ui/app-form";
import { getFormProps, useForm } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { data, Link, redirect, useActionData, useSearchParams } from "react-router";
import { validateLogin } from "#app/components/account/auth-validation";
import { SubmitButton } from "#app/components/ui/button";
import { FormErrors, TextField } from "#app/components/ui/field";
import { ApiError } from "#app/lib/api.server";
import { useDeferredModule } from "#app/lib/deferred-module";
import { getRequestState } from "#app/lib/request-context.server";
import { commitSession } from "#app/lib/session.server";
import { signedIn } from "#app/lib/sign-in.server";
import type { Route } from "./+types/login";
import { noHydration } from "#app/lib/hydration";

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const submission = validateLogin({ formData });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["password"] }), { status: 422 });
  const { api, session } = getRequestState(context);
  try {
    const answer = await api.auth.login(submission.value);
    if ("challenge_token" in answer) {
      // The password was right; the code is still owed. The challenge waits in the signed session cookie.
      session.set("twoFactorChallenge", answer.challenge_token);
      const search = new URL(request.url).search;
      return redirect(`/login/two-factor${search}`, { headers: { "Set-Cookie": await commitSession(session) } });
    }
    return signedIn(request, session, answer);
  } catch (error) {

    if (!(error instanceof ApiError)) throw error;
    return data(
      submission.reply({ fieldErrors: error.errors, formErrors: error.errors && Object.keys(error.errors).length ? [] : [error.message], hideFields: ["password"] }),
      { status: error.status },
    );
  }
}

export default function Login() {
  const { t } = useTranslation("auth");
  const lastResult = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const validation = useDeferredModule(() => import("#app/components/account/auth-validation"));
  const [form, fields] = useForm({
    lastResult,
    onValidate: validation?.validateLogin,
    shouldRevalidate: "onInput",
  });
  return (
    <>
      <title>{`${t("login.title")} · Tarifa`}</title>
      <h1 className="mb-4 text-xl font-semibold">{t("login.heading")}</h1>
      <AppForm {...getFormProps(form)} className="space-y-4" action={`/login${searchParams.size ? `?${searchParams}` : ""}`}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField field={fields.email} label={t("login.email")} type="email" autoComplete="email" required />
        <TextField field={fields.password} label={t("login.password")} type="password" autoComplete="current-password" required />
        <SubmitButton className="w-full" pendingLabel={t("login.pending")}>
          {t("login.submit")}
        </SubmitButton>
      </AppForm>
      <div className="mt-4 flex flex-col gap-1 text-sm">
        <Link to="/forgot-password" className="text-brand-700 underline">
          {t("login.forgot")}
        </Link>
        <p>
          {t("login.noAccount")}{" "}
          <Link to="/register" className="text-brand-700 underline">
            {t("login.register")}
          </Link>
        </p>
      </div>
    </>
  );
}

/** Works fully as HTML forms and links: sent without scripts (app/lib/hydration.ts). */
export const handle = noHydration;
