import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Link, redirect, useActionData, useSearchParams } from "react-router";
import { twoFactorCodeSchema } from "#domain/schemas/two-factor";
import { issueToKey } from "#domain/validation";
import { AppForm } from "#app/components/ui/app-form";
import { SubmitButton } from "#app/components/ui/button";
import { FormErrors, TextField } from "#app/components/ui/field";
import { ApiError } from "#app/lib/api.server";
import { getRequestState } from "#app/lib/request-context.server";
import { signedIn } from "#app/lib/sign-in.server";
import { redirectWithToast } from "#app/lib/toast.server";
import type { Route } from "./+types/login.two-factor";
import { noHydration } from "#app/lib/hydration";
import { replyWithApiError } from "#app/lib/api-reply.server";

/** Works fully as HTML forms and links: sent without scripts (app/lib/hydration.ts). */
export const handle = noHydration;

/** Without a pending challenge (expired cookie, opened directly) there is nothing to verify: back to the password. */
function loginAgain(request: Request) {
  return redirect(`/login${new URL(request.url).search}`);
}

export function loader({ request, context }: Route.LoaderArgs) {
  if (!getRequestState(context).session.get("twoFactorChallenge")) throw loginAgain(request);
  return null;
}

/** The sign-in's second step: a code from the authenticator app, or a recovery code. */
export async function action({ request, context }: Route.ActionArgs) {
  const { api, session } = getRequestState(context);
  const challenge = session.get("twoFactorChallenge");
  if (!challenge) throw loginAgain(request);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: twoFactorCodeSchema, error: issueToKey });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["code"] }), { status: 422 });
  try {
    const answer = await api.auth.loginTwoFactor({
      challenge_token: challenge,
      code: submission.value.code,
    });
    return signedIn(request, session, answer);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.errors.challenge_token) {
      // The challenge expired or was spent: sign in again from the password.
      session.unset("twoFactorChallenge");
      const search = new URL(request.url).search;
      return redirectWithToast(`/login${search}`, { kind: "error", message: error.errors.challenge_token[0] }, { session });
    }
    return data(replyWithApiError(submission, error, { fields: ["code"], hideFields: ["code"] }), { status: error.status });
  }
}

export default function LoginTwoFactor() {
  const { t } = useTranslation("twoFactor");
  const lastResult = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const search = searchParams.size ? `?${searchParams}` : "";
  const [form, fields] = useForm({
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: twoFactorCodeSchema, error: issueToKey }),
    shouldRevalidate: "onInput",
  });
  return (
    <>
      <title>{`${t("login.title")} · Tarifa`}</title>
      <h1 className="mb-2 text-xl font-semibold">{t("login.heading")}</h1>
      <p className="mb-4 text-sm text-slate-700">{t("login.intro")}</p>
      <AppForm {...getFormProps(form)} className="space-y-4" action={`/login/two-factor${search}`}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField
          field={fields.code}
          label={t("login.code")}
          hint={t("login.codeHint")}
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          required
        />
        <SubmitButton className="w-full" pendingLabel={t("login.pending")}>
          {t("login.submit")}
        </SubmitButton>
      </AppForm>
      <p className="mt-4 text-sm">
        <Link to={`/login${search}`} className="text-brand-700 underline">
          {t("login.restart")}
        </Link>
      </p>
    </>
  );
}
