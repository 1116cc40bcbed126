import { useTranslation } from "react-i18next";
import { data, Link, redirect } from "react-router";
import { selectedBusiness } from "#app/lib/business.server";
import { EasyLiteOffer } from "#app/components/business/easy-lite-offer";
import { pageForStatus } from "#app/components/business/next-step";
import { choosePlan, startEasyLite } from "#app/routes/onboarding/onboarding.server";
import { buttonClass } from "#app/components/ui/button";
import { guard, type RouteHandle } from "#app/lib/guard.server";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import type { Route } from "./+types/easylite";
import { apiRefusal } from "#app/lib/api-reply.server";

/**
 * Easy Lite, the quick start with the built-in PMS and suggested prices. A business waiting for
 * its plan checkout (SUBSCRIPTION_REQUESTED) is kept here or on /subscribe by the redirect rules,
 * so this page offers both ways on. No skipOnboarding: that rule is what keeps it here.
 */
export const handle = { permission: "user.businesses" } satisfies RouteHandle;

export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

const PAGE = "/onboarding/easylite";
const OPEN = ["BUSINESS_CREATED", "SUBSCRIPTION_REQUESTED", "ONBOARDING_EASY_LITE"];

export async function loader({ context }: Route.LoaderArgs) {
  const business = selectedBusiness(context);
  return { business: business ? { name: business.company_name, status: business.status, open: OPEN.includes(business.status) } : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { api, session } = getRequestState(context);
  const intent = (await request.formData()).get("intent");
  const business = selectedBusiness(context);
  if (!business) return redirect("/onboarding");
  if (!OPEN.includes(business.status)) return redirect(pageForStatus(business.status));
  try {
    if (intent === "subscribe") {
      const status = business.status === "SUBSCRIPTION_REQUESTED" ? business.status : await choosePlan(api, business, "subscribe");
      return redirect(pageForStatus(status));
    }
    if (intent === "easylite-start") {
      const status = await startEasyLite(api, business);
      return redirectWithToast(pageForStatus(status), { kind: "success", message: "onboarding:easylite.started" }, { session });
    }
  } catch (error) {
    const refusal = apiRefusal(error);
    return data({ errors: [refusal.message] }, { status: refusal.status });
  }
  return redirect(PAGE);
}

export default function EasyLite({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("onboarding");
  const { business } = loaderData;
  return (
    <div className="mx-auto max-w-2xl">
      <title>{`${t("easylite.title")} · Tarifa`}</title>
      <h1 className="mb-4 text-2xl font-semibold">{t("easylite.title")}</h1>
      <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        {!business ? (
          <>
            <p className="mb-4 text-slate-700">{t("easylite.noBusiness")}</p>
            <Link to="/onboarding" className={buttonClass()}>
              {t("welcome.start")}
            </Link>
          </>
        ) : !business.open ? (
          <>
            <p className="mb-4 text-slate-700">{t("easylite.alreadyDone", { name: business.name })}</p>
            <Link to={pageForStatus(business.status)} className={buttonClass()}>
              {t("continue")}
            </Link>
          </>
        ) : (
          <>
            {business.status === "SUBSCRIPTION_REQUESTED" ? (
              <p className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
                {t("easylite.checkoutWaiting", { name: business.name })}
              </p>
            ) : null}
            <EasyLiteOffer action={PAGE} errors={actionData?.errors} />
          </>
        )}
      </div>
    </div>
  );
}
