import { useTranslation } from "react-i18next";
import { BREAKDOWN_DIMENSIONS } from "#domain/schemas/metrics";
import { Figures } from "#app/components/intelligence/cards";
import { BarFigure, FigureTable } from "#app/components/intelligence/charts";
import { useFormats } from "#app/components/intelligence/format";
import { askOrDefault, intelligenceApi, searchOf } from "#app/routes/intelligence/intelligence.server";
import { useGroupLabel } from "#app/components/intelligence/labels";
import { PeriodFields, QuestionForm } from "#app/components/intelligence/period-form";
import { guard } from "#app/lib/guard.server";
import type { Route } from "./+types/sales-dashboard";

export const handle = { permission: "user.business-intelligence" } as const;
export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

/** Every breakdown of the period in the URL (this year by default); a refused period shows the default with the reasons. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { api, business } = intelligenceApi(context);
  const { from, to } = searchOf(request);
  const all = (query: { from?: string; to?: string }) => Promise.all(BREAKDOWN_DIMENSIONS.map((dimension) => api.intelligence.breakdown(business.uuid, { ...query, dimension })));
  const { answer, errors } = await askOrDefault(
    () => all({ from, to }),
    () => all({}),
  );
  return { breakdowns: answer, errors };
}

export default function SalesDashboard({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("intelligence");
  const { breakdowns, errors } = loaderData;
  const first = breakdowns[0];
  const f = useFormats(first.currency);
  const name = useGroupLabel(first.currency);
  const total = first.total;
  return (
    <>
      <title>{`${t("sales.title")} · Tarifa`}</title>
      <h1 className="mb-1 text-2xl font-semibold">{t("sales.heading")}</h1>
      <p className="mb-4 max-w-3xl text-sm text-slate-700">{t("sales.intro", { from: f.date(first.from), to: f.date(first.to) })}</p>
      <QuestionForm action="/sales-dashboard" label={t("form.period")}>
        <PeriodFields from={first.from} to={first.to} errors={errors} />
      </QuestionForm>
      <section aria-labelledby="sales-totals" className="mb-6 rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="sales-totals" className="mb-2 font-semibold">
          {t("sales.totals")}
        </h2>
        <Figures
          items={[
            { label: t("metric.roomRevenue"), value: f.money(total.room_revenue), hint: t("sales.net", { value: f.money(total.net_revenue) }) },
            { label: t("metric.occupancy"), value: f.percent(total.occupancy) },
            { label: t("metric.adr"), value: f.money(total.adr) },
            { label: t("metric.revpar"), value: f.money(total.revpar) },
            { label: t("metric.reservations"), value: f.count(total.reservations) },
            { label: t("metric.cancellations"), value: f.count(total.cancellations), hint: f.percent(total.cancellation_rate) },
            { label: t("metric.noShows"), value: f.count(total.no_shows), hint: f.percent(total.no_show_rate) },
            { label: t("metric.averageLeadTime"), value: t("sales.days", { value: f.decimal(total.average_lead_time) }) },
            { label: t("metric.averageLengthOfStay"), value: t("sales.nights", { value: f.decimal(total.average_length_of_stay) }) },
          ]}
        />
      </section>
      <div className="space-y-6">
        {breakdowns.map((b) => (
          <BarFigure
            key={b.dimension}
            id={`sales-${b.dimension}`}
            title={t(`sales.by.${b.dimension}`)}
            tableLabel={t("table.of", { title: t(`sales.by.${b.dimension}`) })}
            description={t("sales.chartAria", { dimension: t(`dimension.${b.dimension}`) })}
            rows={b.rows.map((r) => ({ label: name(b.dimension, r.key, r.label), values: { nights: r.room_nights_share, revenue: r.revenue_share, cancellations: r.cancellation_rate } }))}
            series={[
              { key: "nights", label: t("sales.nightsShare") },
              { key: "revenue", label: t("sales.revenueShare") },
              { key: "cancellations", label: t("metric.cancellationRate") },
            ]}
            format={(v) => f.percent(v)}
          >
            <FigureTable
              caption={t(`sales.by.${b.dimension}`)}
              head={[t(`dimension.${b.dimension}`), t("metric.roomNightsSold"), t("sales.nightsShare"), t("metric.roomRevenue"), t("metric.adr"), t("metric.reservations"), t("metric.cancellationRate"), t("metric.averageLeadTime")]}
              rows={b.rows.map((r) => ({
                key: r.key,
                cells: [name(b.dimension, r.key, r.label), f.count(r.room_nights_sold), f.percent(r.room_nights_share), f.money(r.room_revenue), f.money(r.adr), f.count(r.reservations), f.percent(r.cancellation_rate), f.decimal(r.average_lead_time)],
              }))}
              foot={[t("table.total"), f.count(b.total.room_nights_sold), f.percent(b.total.room_nights_sold ? 1 : null), f.money(b.total.room_revenue), f.money(b.total.adr), f.count(b.total.reservations), f.percent(b.total.cancellation_rate), f.decimal(b.total.average_lead_time)]}
            />
          </BarFigure>
        ))}
      </div>
    </>
  );
}
