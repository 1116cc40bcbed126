import { useTranslation } from "react-i18next";
import { data, Link, redirect } from "react-router";
import { selectedBusiness } from "#app/lib/business.server";
import { pageForStatus } from "#app/components/business/next-step";
import { AppForm } from "#app/components/ui/app-form";
import { buttonClass, SubmitButton } from "#app/components/ui/button";
import { FormErrors } from "#app/components/ui/field";
import { SelfRefresh } from "#app/components/ui/self-refresh";
import { guard, type RouteHandle } from "#app/lib/guard.server";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import type { Route } from "./+types/setup-in-progress";
import { apiRefusal } from "#app/lib/api-reply.server";

/**
 * Where a user with no business lands (a welcome that leads to /onboarding) and where a business
 * importing its data waits: DOWNLOADING_DATA refreshes itself, DOWNLOAD_FAILED offers a retry,
 * DATA_LOADED a last "continue" that completes the setup.
 */
export const handle = { skipSubscribedMiddleware: true } satisfies RouteHandle;

export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

const PAGE = "/setup-in-progress";
const REFRESH_SECONDS = 5;

export async function loader({ context }: Route.LoaderArgs) {
  const business = selectedBusiness(context);
  return { business: business ? { uuid: business.uuid, name: business.company_name, status: business.status } : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { api, session } = getRequestState(context);
  const intent = (await request.formData()).get("intent");
  const business = selectedBusiness(context);
  if (!business) return redirect("/onboarding");
  try {
    if (intent === "retry" && business.status === "DOWNLOAD_FAILED") {
      await api.onboarding.retrySetup(business.uuid);
      return redirectWithToast(PAGE, { kind: "info", message: "onboarding:setup.retrying" }, { session });
    }
    if (intent === "complete" && business.status === "DATA_LOADED") {
      await api.onboarding.completeSetup(business.uuid);
      return redirect("/onboarding/completed");
    }
  } catch (error) {
    const refusal = apiRefusal(error);
    return data({ errors: [refusal.message] }, { status: refusal.status });
  }
  // A stale page (the status moved on meanwhile): show the current one.
  return redirect(PAGE);
}

export default function SetupInProgress({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("onboarding");
  const { business } = loaderData;
  if (!business) {
    return (
      <div className="mx-auto max-w-2xl rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <title>{`${t("welcome.title")} · Tarifa`}</title>
        <h1 className="text-2xl font-semibold">{t("welcome.heading")}</h1>
        <p className="mt-2 text-slate-700">{t("welcome.text")}</p>
        <ul className="mt-4 list-disc space-y-1 pl-5 text-slate-700">
          <li>{t("welcome.pointDetails")}</li>
          <li>{t("welcome.pointRooms")}</li>
          <li>{t("welcome.pointPlan")}</li>
        </ul>
        <Link to="/onboarding" className={buttonClass("primary", "mt-6")}>
          {t("welcome.start")}
        </Link>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-2xl rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <title>{`${t("setup.title")} · Tarifa`}</title>
      <h1 className="text-2xl font-semibold">{t("setup.heading", { name: business.name })}</h1>
      <FormErrors id="setup-errors" errors={actionData?.errors} />
      {business.status === "DOWNLOADING_DATA" ? (
        <Downloading />
      ) : business.status === "DOWNLOAD_FAILED" ? (
        <div className="mt-4 space-y-4">
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-red-800">
            {t("setup.failed")}
          </p>
          <ImportFileLink />
          <AppForm action={PAGE}>
            <SubmitButton name="intent" value="retry" pendingLabel={t("setup.retrying")}>
              {t("setup.retry")}
            </SubmitButton>
          </AppForm>
        </div>
      ) : business.status === "DATA_LOADED" ? (
        <div className="mt-4 space-y-4">
          <p className="text-slate-700">{t("setup.loaded")}</p>
          <AppForm action={PAGE}>
            <SubmitButton name="intent" value="complete" pendingLabel={t("saving")}>
              {t("setup.continue")}
            </SubmitButton>
          </AppForm>
        </div>
      ) : (
        <div className="mt-4 space-y-4">
          <p className="text-slate-700">{t("setup.nothing")}</p>
          <Link to={pageForStatus(business.status)} className={buttonClass()}>
            {t("continue")}
          </Link>
        </div>
      )}
    </div>
  );
}

/**
 * The import is running: without JavaScript the page reloads itself every few seconds (a refresh
 * <meta> inside <noscript>, so it does not also reload a page whose scripts run); with JavaScript
 * the loader is revalidated on the same beat and the page changes in place when the status does.
 */
function Downloading() {
  const { t } = useTranslation("onboarding");
  return (
    <div className="mt-4 space-y-3">
      <SelfRefresh seconds={REFRESH_SECONDS} />
      <div role="status" className="space-y-3">
        <p className="text-slate-700">{t("setup.downloading")}</p>
        <div className="h-2 w-full overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
          <div className="h-full w-1/3 animate-pulse rounded-full bg-brand-600" />
        </div>
      </div>
      <p className="text-sm text-slate-600">{t("setup.autoRefresh", { seconds: REFRESH_SECONDS })}</p>
      <ImportFileLink />
    </div>
  );
}

/** A PMS without a connector sends its data as a file: the import page, whose job ends the download step. */
function ImportFileLink() {
  const { t } = useTranslation("onboarding");
  return (
    <p>
      <Link to="/pms-settings/imports" className="text-brand-700 underline">
        {t("setup.importFile")}
      </Link>
    </p>
  );
}
