import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";
import { isUuid } from "#domain/text/sanitize";
import { requireSelectedBusiness } from "#app/lib/business.server";
import { PmsPageHeader, PmsSettingsNav } from "#app/components/pms-settings/nav";
import { useRatePlanRule } from "#app/components/pms-settings/rate-plan-rule";
import { AppForm } from "#app/components/ui/app-form";
import { buttonClass, SubmitButton } from "#app/components/ui/button";
import { FormErrors } from "#app/components/ui/field";
import { guard, type RouteHandle } from "#app/lib/guard.server";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import type { Route } from "./+types/rate-plans";
import { apiRefusal } from "#app/lib/api-reply.server";

/** The rate plans: each one the engine's price plus its rule, with meal plan, cancellation and stay limits. */
export const handle = { permission: "user.pms-settings" } satisfies RouteHandle;

export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

const PAGE = "/pms-settings/rate-plans";

export async function loader({ context }: Route.LoaderArgs) {
  const { api } = getRequestState(context);
  const plans = await api.distribution.ratePlans(requireSelectedBusiness(context).uuid);
  // The API's business carries its currency; the web's BusinessJson type does not list it.
  const { currency } = requireSelectedBusiness(context) as { currency?: string };
  return { plans, currency: currency ?? "BRL" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { api, session } = getRequestState(context);
  const form = await request.formData();
  const id = String(form.get("plan_uuid") ?? "");
  if (form.get("intent") !== "delete" || !isUuid(id)) return data({ errors: ["validation.choice"] }, { status: 422 });
  try {
    await api.distribution.deleteRatePlan(requireSelectedBusiness(context).uuid, id);
  } catch (error) {
    const refusal = apiRefusal(error);
    return data({ errors: [refusal.message] }, { status: refusal.status });
  }
  return redirectWithToast(PAGE, { kind: "success", message: "pms:plans.deleted" }, { session });
}

export default function RatePlans({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("pms");
  const rule = useRatePlanRule();
  const { plans, currency } = loaderData;
  return (
    <div className="mx-auto max-w-5xl">
      <PmsSettingsNav />
      <PmsPageHeader title={t("pages.ratePlans.title")} intro={t("plans.intro")}>
        <Link to="/pms-settings/rate-plans/create" className={buttonClass()}>
          {t("plans.create")}
        </Link>
      </PmsPageHeader>
      <FormErrors id="plans-errors" errors={actionData?.errors} />
      {plans.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-4 text-slate-700">{t("plans.empty")}</p>
      ) : (
        <ul className="space-y-3">
          {plans.map((p) => (
            <li key={p.uuid} className="flex flex-wrap items-start justify-between gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
              <div className="min-w-0">
                <p className="font-semibold">
                  {p.name} <span className="font-mono text-xs font-normal text-slate-600">{p.code}</span>
                  {p.active ? null : <span className="ml-2 rounded bg-slate-100 px-2 py-0.5 text-xs text-slate-700">{t("plans.inactive")}</span>}
                </p>
                <p className="text-sm">{rule(p, currency)}</p>
                <p className="text-sm text-slate-700">
                  {t(`mealPlan.${p.meal_plan}`)} · {t(`cancellation.${p.cancellation_source}`)}
                  {p.effective_min_stay ? ` · ${t("plans.minStayShort", { count: p.effective_min_stay })}` : ""}
                  {p.max_stay ? ` · ${t("plans.maxStayShort", { count: p.max_stay })}` : ""}
                </p>
              </div>
              <div className="flex items-center gap-3">
                <Link to={`/pms-settings/rate-plans/${p.uuid}/edit`} className={buttonClass("link", "text-sm")}>
                  {t("edit")}
                  <span className="sr-only"> {p.name}</span>
                </Link>
                <AppForm action={PAGE}>
                  <input type="hidden" name="plan_uuid" value={p.uuid} />
                  <SubmitButton name="intent" value="delete" variant="link" className="text-sm text-red-700">
                    {t("delete")}
                    <span className="sr-only"> {p.name}</span>
                  </SubmitButton>
                </AppForm>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
