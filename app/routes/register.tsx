import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Link, redirect, useActionData } from "react-router";
import { registerSchema } from "../../domain/schemas/auth";
import type { UserJson } from "../../api/services/user-json";
import { issueToKey } from "../../domain/validation";
import { replyWithApiError } from "../components/account/api-reply";
import { NewPasswordFields } from "../components/account/new-password-fields";
import { AppForm } from "../components/ui/app-form";
import { SubmitButton } from "../components/ui/button";
import { FormErrors, TextField } from "../components/ui/field";
import { ApiError } from "../lib/api.server";
import { getRequestState } from "../lib/request-context.server";
import { commitSession } from "../lib/session.server";
import type { Route } from "./+types/register";

const FIELDS = ["name", "surname", "email", "password", "password_confirmation", "company", "phone"] as const;
const HIDDEN = ["password", "password_confirmation"];

/** Creates the account, signs the new user in (token in the session, as at sign-in) and asks them to verify the e-mail. */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: registerSchema, error: issueToKey });
  if (submission.status !== "success") return data(submission.reply({ hideFields: HIDDEN }), { status: 422 });
  const { api, session, locale } = getRequestState(context);
  try {
    // The account starts in the language the visitor is reading.
    const answer = await api.post<{ token: string; user: UserJson }>("/api/auth/register", {
      ...submission.value,
      preferred_language: submission.value.preferred_language ?? locale,
    });
    session.set("token", answer.token);
    return redirect("/check-email", { headers: { "Set-Cookie": await commitSession(session) } });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return data(replyWithApiError(submission, error, { fields: FIELDS, hideFields: HIDDEN }), { status: error.status });
  }
}

export default function Register() {
  const { t } = useTranslation("auth");
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: registerSchema, error: issueToKey }),
    shouldRevalidate: "onInput",
  });
  return (
    <>
      <title>{`${t("register.title")} · Tarifa`}</title>
      <h1 className="mb-4 text-xl font-semibold">{t("register.heading")}</h1>
      <AppForm {...getFormProps(form)} className="space-y-4" action="/register">
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField field={fields.name} label={t("register.name")} autoComplete="given-name" required />
          <TextField field={fields.surname} label={t("register.surname")} autoComplete="family-name" required />
        </div>
        <TextField field={fields.email} label={t("register.email")} type="email" autoComplete="email" required />
        <NewPasswordFields
          password={fields.password}
          confirmation={fields.password_confirmation}
          labels={{ password: t("register.password"), confirmation: t("register.passwordConfirmation") }}
        />
        <TextField field={fields.company} label={t("register.company")} autoComplete="organization" />
        <TextField field={fields.phone} label={t("register.phone")} type="tel" autoComplete="tel" />
        <SubmitButton className="w-full" pendingLabel={t("register.pending")}>
          {t("register.submit")}
        </SubmitButton>
      </AppForm>
      <p className="mt-4 text-sm">
        {t("register.haveAccount")}{" "}
        <Link to="/login" className="text-brand-700 underline">
          {t("register.signIn")}
        </Link>
      </p>
    </>
  );
}
