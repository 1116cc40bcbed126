import { useTranslation } from "react-i18next";
import { data, Link, redirect } from "react-router";
import { PermissionList } from "#app/components/business/permission-checkboxes";
import { AppForm } from "#app/components/ui/app-form";
import { buttonClass, SubmitButton } from "#app/components/ui/button";
import { FormErrors } from "#app/components/ui/field";
import { readInvitation } from "#app/routes/auth/invitation.server";
import { ApiError } from "#app/lib/api.server";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import type { Route } from "./+types/invitations";
import { notFoundUnless } from "#app/lib/guard.server";

/**
 * An invitation to collaborate on a business (public: the link arrives by e-mail). The person it
 * was sent to accepts it signed in; anyone else is offered to sign in or register and come back.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { api, user } = getRequestState(context);
  const invitation = await readInvitation(api, params.token);
  return {
    invitation,
    user: user ? { email: user.email, name: user.name } : null,
    back: `/invitations/${params.token}`,
  };
}

export async function action({ params, context }: Route.ActionArgs) {
  const { api, user, session } = getRequestState(context);
  const back = `/invitations/${params.token}`;
  if (!user) return redirect(`/login?redirectTo=${encodeURIComponent(back)}`);
  const invitation = await readInvitation(api, params.token);
  notFoundUnless(invitation);
  // The API answers 403 for another account, which the web's client would turn into a sign-in redirect.
  if (invitation.email.toLowerCase() !== user.email.toLowerCase()) return data({ errors: ["business:invitation.otherEmail"] }, { status: 403 });
  try {
    await api.auth.acceptInvitation(params.token);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const messages = Object.values(error.errors).flat();
    return data({ errors: messages.length ? messages : [error.message] }, { status: error.status });
  }
  return redirectWithToast("/", { kind: "success", message: "business:invitation.accepted", values: { name: invitation.business.company_name } }, { session });
}

export default function Invitation({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("business");
  const { invitation, user, back } = loaderData;
  if (!invitation) {
    return (
      <>
        <title>{`${t("invitation.title")} · Tarifa`}</title>
        <h1 className="mb-2 text-xl font-semibold">{t("invitation.notFoundHeading")}</h1>
        <p className="text-slate-700">{t("invitation.notFound")}</p>
      </>
    );
  }
  const inviter = invitation.inviter ? `${invitation.inviter.name} ${invitation.inviter.surname}`.trim() : null;
  const expires = new Intl.DateTimeFormat(i18n.language, { dateStyle: "long" }).format(new Date(invitation.expires_at));
  const sameAccount = !!user && user.email.toLowerCase() === invitation.email.toLowerCase();
  const redirectTo = encodeURIComponent(back);
  return (
    <>
      <title>{`${t("invitation.title")} · Tarifa`}</title>
      <h1 className="mb-2 text-xl font-semibold">{t("invitation.heading", { name: invitation.business.company_name })}</h1>
      <p className="mb-3 text-slate-700">
        {inviter
          ? t("invitation.textNamed", { inviter, name: invitation.business.company_name, email: invitation.email })
          : t("invitation.text", { name: invitation.business.company_name, email: invitation.email })}
      </p>
      <h2 className="mb-1 text-sm font-semibold">{t("invitation.permissions")}</h2>
      <PermissionList names={invitation.permissions} />
      {!invitation.valid ? (
        <p role="alert" className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {invitation.state === "accepted" ? t("invitation.used") : t("invitation.expired")}
        </p>
      ) : (
        <>
          <p className="mt-3 text-sm text-slate-600">{t("invitation.expires", { date: expires })}</p>
          <FormErrors id="invitation-errors" errors={actionData?.errors} />
          <div className="mt-4">
            {sameAccount ? (
              <AppForm action={back}>
                <SubmitButton className="w-full" pendingLabel={t("invitation.accepting")}>
                  {t("invitation.accept")}
                </SubmitButton>
              </AppForm>
            ) : user ? (
              <div className="space-y-3">
                <p className="text-sm text-slate-700">{t("invitation.wrongAccount", { current: user.email, email: invitation.email })}</p>
                <AppForm action="/logout">
                  <button type="submit" className={buttonClass("secondary", "w-full")}>
                    {t("invitation.signOut")}
                  </button>
                </AppForm>
              </div>
            ) : (
              <div className="flex flex-col gap-2">
                <Link to={`/login?redirectTo=${redirectTo}`} className={buttonClass("primary", "w-full")}>
                  {t("invitation.signIn")}
                </Link>
                <Link to={`/register?redirectTo=${redirectTo}`} className={buttonClass("secondary", "w-full")}>
                  {t("invitation.register", { email: invitation.email })}
                </Link>
              </div>
            )}
          </div>
        </>
      )}
    </>
  );
}
