import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import type { OccupationLogJson } from "#contract/pricing";
import { formatMoney, formatPercent } from "#domain/money";
import { isDateInRange } from "#domain/validation";
import { pricingBusiness, pricingMiddleware, type PricingHandle } from "#app/lib/pricing.server";
import { buttonClass } from "#app/components/ui/button";
import { DataTable } from "#app/components/ui/data-table";
import { formatDate, formatDateTime } from "#app/lib/format-date";
import { getRequestState } from "#app/lib/request-context.server";
import type { Route } from "./+types/occupation-logs";
import { useBusinessTimeZone } from "#app/lib/business-time-zone";

export const handle: PricingHandle = { permission: "user.calendar", anyOf: ["user.calendar", "user.price-settings"] };
export const middleware: Route.MiddlewareFunction[] = pricingMiddleware(handle);

export async function loader({ context, request }: Route.LoaderArgs) {
  const business = pricingBusiness(context);
  const { api } = getRequestState(context);
  const url = new URL(request.url);
  const from = url.searchParams.get("from") ?? "";
  const to = url.searchParams.get("to") ?? "";
  const query = { from: isDateInRange(from) ? from : undefined, to: isDateInRange(to) ? to : undefined };
  const logs = await api.pricing.occupationLogs(business.uuid, query);
  return { business, logs, from: query.from ?? "", to: query.to ?? "" };
}

export default function OccupationLogs({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("pricing");
  const timeZone = useBusinessTimeZone();
  const { logs, from, to, business } = loaderData;
  const locale = i18n.language;
  const value = (log: OccupationLogJson, v: number | null) =>
    v === null ? "—" : log.kind === "rate" ? formatMoney(v, locale, business.currency, { whole: true }) : formatPercent(v, locale, { digits: 1 });
  return (
    <>
      <title>{`${t("logs.title")} · Tarifa`}</title>
      <h1 className="mb-2 text-2xl font-semibold">{t("logs.title")}</h1>
      <p className="mb-4 max-w-3xl text-sm text-slate-700">{t("logs.intro")}</p>
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-3" aria-label={t("logs.filter")}>
        <div>
          <label htmlFor="logs-from" className="block text-sm font-medium">
            {t("logs.from")}
          </label>
          <input id="logs-from" type="date" name="from" defaultValue={from} className="mt-1 rounded-md border border-slate-300 px-3 py-2" />
        </div>
        <div>
          <label htmlFor="logs-to" className="block text-sm font-medium">
            {t("logs.to")}
          </label>
          <input id="logs-to" type="date" name="to" defaultValue={to} className="mt-1 rounded-md border border-slate-300 px-3 py-2" />
        </div>
        <button type="submit" className={buttonClass("secondary")}>
          {t("logs.apply")}
        </button>
      </Form>
      {logs.length === 0 ? (
        <p className="text-sm text-slate-700" role="status">
          {t("logs.empty")}
        </p>
      ) : (
        <div className="overflow-x-auto">
          <DataTable
            caption={t("logs.caption")}
            className="min-w-[40rem]"
            columns={[
              { header: t("logs.night"), cell: (log: OccupationLogJson) => formatDate(log.date, locale) },
              { header: t("logs.what"), cell: (log: OccupationLogJson) => (log.kind === "rate" ? t("logs.rateOf", { category: log.room_category_name ?? "" }) : t("logs.occupancy")) },
              {
                header: t("logs.change"),
                className: "tabular-nums",
                cell: (log: OccupationLogJson) => (
                  <>
                    {value(log, log.from)} <span aria-hidden="true">→</span>
                    <span className="sr-only"> {t("logs.to")} </span> <strong>{value(log, log.to)}</strong>
                  </>
                ),
              },
              {
                header: t("logs.reason"),
                cell: (log: OccupationLogJson) => (
                  <>
                    {t(`logs.reasons.${log.reason}`, { defaultValue: log.reason })}
                    {log.user ? <span className="block text-xs text-slate-600">{log.user.name}</span> : null}
                  </>
                ),
              },
              { header: t("logs.when"), cell: (log: OccupationLogJson) => formatDateTime(log.created_at, locale, timeZone) },
            ]}
            rows={logs}
            rowKey={(log) => String(log.id)}
          />
        </div>
      )}
    </>
  );
}
