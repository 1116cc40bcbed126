import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";
import { formatPercent } from "#domain/money";
import { isUuid } from "#domain/text/sanitize";
import { PmsPageHeader, PmsSettingsNav } from "#app/components/pms-settings/nav";
import { requireSelectedBusiness } from "#app/lib/business.server";
import { AppForm } from "#app/components/ui/app-form";
import { buttonClass, SubmitButton } from "#app/components/ui/button";
import { DataTable } from "#app/components/ui/data-table";
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
  type Channel = (typeof loaderData.channels)[number];
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
          <DataTable
            caption={t("pages.salesChannels.title")}
            rowHeader
            columns={[
              { header: t("channels.name"), cell: (c: Channel) => c.name },
              { header: t("channels.code"), className: "font-mono text-xs", cell: (c: Channel) => c.code },
              { header: t("channels.commission"), figure: true, cell: (c: Channel) => percent(c.commission) },
              { header: t("channels.markup"), figure: true, cell: (c: Channel) => percent(c.markup) },
              { header: t("channels.connection"), cell: (c: Channel) => t(`connection.${c.connection}`) },
              { header: t("channels.status"), cell: (c: Channel) => (c.active ? t("channels.active") : t("channels.inactive")) },
              {
                header: t("actions"),
                hiddenHeader: true,
                cell: (c: Channel) => (
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
                ),
              },
            ]}
            rows={loaderData.channels}
            rowKey={(c) => c.uuid}
            rowClassName={(c) => (c.active ? "" : "text-slate-600")}
          />
        </div>
      )}
    </div>
  );
}
