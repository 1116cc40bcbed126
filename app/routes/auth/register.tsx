import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Link, redirect, useActionData, useSearchParams } from "react-router";
import { safeRedirectPath } from "#domain/navigation/guard";
import { registerSchema } from "#domain/schemas/auth";
import type { TokenSignedInJson } from "#contract/user";
import { issueToKey } from "#domain/validation";
import { NewPasswordFields } from "#app/components/account/new-password-fields";
import { AppForm } from "#app/components/ui/app-form";
import { SubmitButton } from "#app/components/ui/button";
import { FormErrors, TextField } from "#app/components/ui/field";
import { invitationTokenIn, readInvitation } from "#app/routes/auth/invitation.server";
import { ApiError, createApiClient } from "#app/lib/api.server";
import { getI18n } from "#app/lib/i18n.server";
import { getRequestState } from "#app/lib/request-context.server";
import { commitSession } from "#app/lib/session.server";
import { setToast } from "#app/lib/toast.server";
import type { Route } from "./+types/register";
import { noHydration } from "#app/lib/hydration";
import { replyWithApiError } from "#app/lib/api-reply.server";

const FIELDS = ["name", "surname", "email", "password", "password_confirmation", "company", "phone"] as const;
const HIDDEN = ["password", "password_confirmation"];

/** The invitation the visitor came from (`?redirectTo=/invitations/{token}`), if any. */
function invitationTokenOf(request: Request): string | null {
  return invitationTokenIn(safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), ""));
}

/** Works fully as HTML forms and links: sent without scripts (app/lib/hydration.ts). */
export const handle = noHydration;

/** Reached from an invitation ("Create an account with {email}"), the form starts with that address. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = invitationTokenOf(request);
  const invitation = token ? await readInvitation(getRequestState(context).api, token) : null;
  return { invitedEmail: invitation?.valid ? invitation.email : null };
}

/**
 * Creates the account, signs the new user in (token in the session, as at sign-in) and asks them
 * to verify the e-mail. Coming from an invitation to the address just registered, it also accepts
 * the invitation: the person asked for it by following the link, and without this they would land
 * on "register your hotel" after verifying and have to find the e-mail again.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: registerSchema, error: issueToKey });
  if (submission.status !== "success") return data(submission.reply({ hideFields: HIDDEN }), { status: 422 });
  const { api, session, locale } = getRequestState(context);
  try {
    // The account starts in the language the visitor is reading.
    const answer = await api.auth.register({
      ...submission.value,
      preferred_language: submission.value.preferred_language ?? locale,
    });
    session.set("token", answer.token);
    const token = invitationTokenOf(request);
    if (token) await acceptInvitationOnSignUp(context, answer, token);
    return redirect("/check-email", { headers: { "Set-Cookie": await commitSession(session) } });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return data(replyWithApiError(submission, error, { fields: FIELDS, hideFields: HIDDEN }), { status: error.status });
  }
}

/**
 * Accepts the invitation for the account just created when the addresses match (the API checks it
 * too). An invitation that expired or was used meanwhile is left alone (its page says why), and
 * a failure here never fails the sign-up: the account exists either way.
 */
async function acceptInvitationOnSignUp(context: Route.ActionArgs["context"], account: TokenSignedInJson, token: string) {
  const { session, locale, connection } = getRequestState(context);
  const api = createApiClient({ ...connection, locale, token: account.token, t: getI18n(context).getFixedT(locale, "errors") });
  try {
    const invitation = await readInvitation(api, token);
    if (!invitation?.valid || invitation.email.toLowerCase() !== account.user.email.toLowerCase()) return;
    await api.auth.acceptInvitation(token);
    setToast(session, { kind: "success", message: "business:invitation.accepted", values: { name: invitation.business.company_name } });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
  }
}

export default function Register({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const lastResult = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const [form, fields] = useForm({
    lastResult,
    defaultValue: { email: loaderData.invitedEmail ?? "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: registerSchema, error: issueToKey }),
    shouldRevalidate: "onInput",
  });
  return (
    <>
      <title>{`${t("register.title")} · Tarifa`}</title>
      <h1 className="mb-4 text-xl font-semibold">{t("register.heading")}</h1>
      <AppForm {...getFormProps(form)} className="space-y-4" action={`/register${searchParams.size ? `?${searchParams}` : ""}`}>
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
        <Link to={`/login${searchParams.size ? `?${searchParams}` : ""}`} className="text-brand-700 underline">
          {t("register.signIn")}
        </Link>
      </p>
    </>
  );
}
