import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";
import { formatPercent } from "#domain/money";
import { isUuid } from "#domain/text/sanitize";
import { PmsPageHeader, PmsSettingsNav } from "#app/components/pms-settings/nav";
import { requireSelectedBusiness } from "#app/lib/business.server";
import { AppForm } from "#app/components/ui/app-form";
import { buttonClass, SubmitButton } from "#app/components/ui/button";
import { FormErrors } from "#app/components/ui/field";
import { guard, type RouteHandle } from "#app/lib/guard.server";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import type { Route } from "./+types/sales-channels";
import { apiRefusal } from "#app/lib/api-reply.server";

/** Where the hotel sells: each channel's commission, markup, connection; activate or deactivate, edit, map. */
export const handle = { permission: "user.pms-settings" } satisfies RouteHandle;

export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

const PAGE = "/pms-settings/sales-channels";

export async function loader({ context }: Route.LoaderArgs) {
  const { api } = getRequestState(context);
  const channels = await api.distribution.salesChannels(requireSelectedBusiness(context).uuid);
  return { channels };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { api, session } = getRequestState(context);
  const form = await request.formData();
  const id = String(form.get("channel_uuid") ?? "");
  const intent = form.get("intent");
  if (!isUuid(id) || (intent !== "activate" && intent !== "deactivate")) return data({ errors: ["validation.choice"] }, { status: 422 });
  try {
    await api.distribution.updateSalesChannel(requireSelectedBusiness(context).uuid, id, { active: intent === "activate" });
  } catch (error) {
    const refusal = apiRefusal(error);
    return data({ errors: [refusal.message] }, { status: refusal.status });
  }
  return redirectWithToast(PAGE, { kind: "success", message: intent === "activate" ? "pms:channels.activated" : "pms:channels.deactivated" }, { session });
}

export default function SalesChannels({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("pms");
  const percent = (v: number) => formatPercent(v, i18n.language);
  return (
    <div className="mx-auto max-w-5xl">
      <PmsSettingsNav />
      <PmsPageHeader title={t("pages.salesChannels.title")} intro={t("channels.intro")}>
        <Link to="/pms-settings/sales-channels/create" className={buttonClass()}>
          {t("channels.create")}
        </Link>
      </PmsPageHeader>
      <FormErrors id="channels-errors" errors={actionData?.errors} />
      {loaderData.channels.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-4 text-slate-700">{t("channels.empty")}</p>
      ) : (
        <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t("pages.salesChannels.title")}</caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-2">{t("channels.name")}</th>
                <th scope="col" className="px-3 py-2">{t("channels.code")}</th>
                <th scope="col" className="px-3 py-2 text-right">{t("channels.commission")}</th>
                <th scope="col" className="px-3 py-2 text-right">{t("channels.markup")}</th>
                <th scope="col" className="px-3 py-2">{t("channels.connection")}</th>
                <th scope="col" className="px-3 py-2">{t("channels.status")}</th>
                <th scope="col" className="px-3 py-2"><span className="sr-only">{t("actions")}</span></th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {loaderData.channels.map((c) => (
                <tr key={c.uuid} className={c.active ? "" : "text-slate-600"}>
                  <th scope="row" className="px-3 py-2 font-semibold">{c.name}</th>
                  <td className="px-3 py-2 font-mono text-xs">{c.code}</td>
                  <td className="px-3 py-2 text-right">{percent(c.commission)}</td>
                  <td className="px-3 py-2 text-right">{percent(c.markup)}</td>
                  <td className="px-3 py-2">{t(`connection.${c.connection}`)}</td>
                  <td className="px-3 py-2">{c.active ? t("channels.active") : t("channels.inactive")}</td>
                  <td className="px-3 py-2">
                    <div className="flex flex-wrap items-center justify-end gap-3">
                      <Link to={`/pms-settings/sales-channels/${c.uuid}/edit`} className={buttonClass("link")}>
                        {t("edit")}
                        <span className="sr-only"> {c.name}</span>
                      </Link>
                      <Link to={`/pms-settings/mapping/${c.uuid}`} className={buttonClass("link")}>
                        {t("channels.map")}
                        <span className="sr-only"> {c.name}</span>
                      </Link>
                      <AppForm action={PAGE}>
                        <input type="hidden" name="channel_uuid" value={c.uuid} />
                        <SubmitButton name="intent" value={c.active ? "deactivate" : "activate"} variant="link" className={c.active ? "text-red-700" : ""}>
                          {c.active ? t("channels.deactivate") : t("channels.activate")}
                          <span className="sr-only"> {c.name}</span>
                        </SubmitButton>
                      </AppForm>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
