import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { apiWithoutLoginRedirect } from "#app/lib/public-api.server";
import { ApiError } from "#app/lib/api.server";
import { getRequestState } from "#app/lib/request-context.server";
import { emailVerificationHandle } from "#app/components/account/route-flags";
import type { Route } from "./+types/verify-email";
import { noHydration } from "#app/lib/hydration";

/** The link must work before the e-mail is verified and before any business exists. */
// Works fully as HTML forms and links: sent without scripts (app/lib/hydration.ts).
export const handle = { ...emailVerificationHandle, ...noHydration };

/**
 * Opening the link in the verification e-mail verifies the address: the API checks the link's
 * signature and expiry. A refused link (403 tampered/expired, 404, 422) is shown on the page,
 * never turned into a trip to /login.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { user } = getRequestState(context);
  const query = new URL(request.url).searchParams;
  const expires = query.get("expires");
  const signature = query.get("signature");
  const signedIn = !!user;
  if (!expires || !signature) return { verified: false, message: null, signedIn };
  try {
    await apiWithoutLoginRedirect(context).post("/api/auth/verify-email", { id: params.id, hash: params.hash, expires, signature });
    return { verified: true, message: null, signedIn };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // A refused link: the API says why (expired or invalid), already translated. Anything else
    // (5xx, time-out) is not the link's fault: the error catalogue's message says so.
    const refused = error.status === 403 || error.status === 404 || error.status === 422;
    return { verified: false, message: refused ? (error.serverMessage ?? null) : error.message, signedIn };
  }
}

/** The link is followed once per visit; revalidating would post it again for nothing. */
export function shouldRevalidate() {
  return false;
}

export default function VerifyEmail({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const { verified, message, signedIn } = loaderData;
  return (
    <>
      <title>{`${t("verify.title")} · Tarifa`}</title>
      {verified ? (
        <>
          <h1 className="mb-4 text-xl font-semibold">{t("verify.successHeading")}</h1>
          <p role="status" className="mb-4 text-sm text-slate-700">
            {t("verify.success")}
          </p>
          <Link to={signedIn ? "/" : "/login"} className="text-sm font-semibold text-brand-700 underline">
            {signedIn ? t("verify.continue") : t("verify.signIn")}
          </Link>
        </>
      ) : (
        <>
          <h1 className="mb-4 text-xl font-semibold">{t("verify.failedHeading")}</h1>
          <p role="alert" className="mb-4 text-sm text-red-800">
            {message ?? t("verify.failed")}
          </p>
          <Link to={signedIn ? "/check-email" : "/login"} className="text-sm text-brand-700 underline">
            {signedIn ? t("verify.requestNew") : t("verify.signInToResend")}
          </Link>
        </>
      )}
    </>
  );
}
