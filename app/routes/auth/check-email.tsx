import { useTranslation } from "react-i18next";
import { data, Link, redirect } from "react-router";
import { AppForm } from "#app/components/ui/app-form";
import { SubmitButton } from "#app/components/ui/button";
import { ApiError } from "#app/lib/api.server";
import { getRequestState } from "#app/lib/request-context.server";
import { emailVerificationHandle } from "#app/components/account/route-flags";
import type { Route } from "./+types/check-email";
import { noHydration } from "#app/lib/hydration";

/** Reachable while the e-mail is unverified, whatever the business's state (spec section 4, "Other redirects"). */
// Works fully as HTML forms and links: sent without scripts (app/lib/hydration.ts).
export const handle = { ...emailVerificationHandle, ...noHydration };

export function loader({ request, context }: Route.LoaderArgs) {
  const { user } = getRequestState(context);
  return {
    email: user?.email ?? null,
    verified: !!user?.email_verified_at,
    resent: new URL(request.url).searchParams.has("resent"),
  };
}

/** Sends the verification e-mail again (signed in only). */
export async function action({ context }: Route.ActionArgs) {
  const { api, user } = getRequestState(context);
  if (!user) return redirect("/login?redirectTo=%2Fcheck-email");
  try {
    await api.auth.resendVerification();
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return data({ error: error.message }, { status: error.status });
  }
  return redirect("/check-email?resent=1");
}

export default function CheckEmail({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const { email, verified, resent } = loaderData;
  return (
    <>
      <title>{`${t("checkEmail.title")} · Tarifa`}</title>
      <h1 className="mb-4 text-xl font-semibold">{verified ? t("checkEmail.verifiedHeading") : t("checkEmail.heading")}</h1>
      {verified ? (
        <>
          <p className="mb-4 text-sm text-slate-700">{t("checkEmail.verified")}</p>
          <Link to="/" className="text-sm font-semibold text-brand-700 underline">
            {t("checkEmail.continue")}
          </Link>
        </>
      ) : (
        <>
          <p className="mb-2 text-sm text-slate-700">
            {email ? t("checkEmail.sentTo", { email }) : t("checkEmail.sentGeneric")}
          </p>
          <p className="mb-4 text-sm text-slate-700">{t("checkEmail.instructions")}</p>
          {resent && !actionData ? (
            <p role="status" className="mb-4 rounded-md border border-brand-100 bg-brand-50 p-3 text-sm text-brand-900">
              {t("checkEmail.resent")}
            </p>
          ) : null}
          {actionData?.error ? (
            <p role="alert" className="mb-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
              {actionData.error}
            </p>
          ) : null}
          {email ? (
            <AppForm action="/check-email" className="mb-4">
              <p className="mb-2 text-sm text-slate-700">{t("checkEmail.notReceived")}</p>
              <SubmitButton variant="secondary" pendingLabel={t("checkEmail.resending")}>
                {t("checkEmail.resend")}
              </SubmitButton>
            </AppForm>
          ) : (
            <Link to="/login" className="mb-4 inline-block text-sm text-brand-700 underline">
              {t("checkEmail.signIn")}
            </Link>
          )}
        </>
      )}
      {email ? (
        <AppForm action="/logout" className="mt-4 border-t border-slate-200 pt-4 text-sm">
          <span className="text-slate-700">{t("checkEmail.notYou", { email })}</span>{" "}
          <button type="submit" className="text-brand-700 underline">
            {t("logout.submit")}
          </button>
        </AppForm>
      ) : null}
    </>
  );
}
