import { useTranslation } from "react-i18next";
import { COMPARISONS, EXPLORE_DIMENSIONS, EXPLORE_METRICS } from "#domain/schemas/metrics";
import { BarFigure, FigureTable } from "#app/components/intelligence/charts";
import { metricKind, useFormats } from "#app/components/intelligence/format";
import { askOrDefault, intelligenceApi } from "#app/routes/intelligence/intelligence.server";
import { useGroupLabel } from "#app/components/intelligence/labels";
import { DateField, PeriodFields, QuestionForm, SelectInput } from "#app/components/intelligence/period-form";
import { ExportLinks } from "#app/components/reports/period-form";
import { FieldErrors } from "#app/components/ui/field";
import { guard } from "#app/lib/guard.server";
import type { Route } from "./+types/business-intelligence";

export const handle = { permission: "user.business-intelligence" } as const;
export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

/**
 * The question is the URL: metrics (checkboxes, or a comma list), dimension, period and
 * comparison, so it can be bookmarked and shared. A question the API refuses shows the default one
 * with the reasons beside the fields.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { api, business } = intelligenceApi(context);
  const params = new URL(request.url).searchParams;
  const metrics = params.getAll("metrics").flatMap((m) => m.split(",")).filter(Boolean).join(",");
  const pick = (k: string) => params.get(k) || undefined;
  const query = { metrics: metrics || undefined, dimension: pick("dimension"), from: pick("from"), to: pick("to"), compare: pick("compare"), compare_from: pick("compare_from"), compare_to: pick("compare_to") };
  const { answer, errors } = await askOrDefault(
    () => api.intelligence.explore(business.uuid, query),
    () => api.intelligence.explore(business.uuid),
  );
  return { explore: answer, errors, compare: errors ? "last_year" : (query.compare ?? "last_year"), asked: query };
}

export default function BusinessIntelligence({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("intelligence");
  const { explore: e, errors, compare, asked } = loaderData;
  const f = useFormats(e.currency);
  const name = useGroupLabel(e.currency);
  const chartMetric = e.metrics[0];
  const periodLabel = (p: { from: string; to: string }) => `${f.date(p.from)} – ${f.date(p.to)}`;
  const head = [t(`dimension.${e.dimension}`), ...e.metrics.flatMap((m) => (e.compare_period ? [t(`metric.${camel(m)}`), t("explore.compared", { metric: t(`metric.${camel(m)}`) })] : [t(`metric.${camel(m)}`)]))];
  const cells = (values: Record<string, number | null>, compared: Record<string, number | null> | null) =>
    e.metrics.flatMap((m) => (e.compare_period ? [f.metric(m, values[m]), f.metric(m, compared?.[m] ?? null)] : [f.metric(m, values[m])]));
  return (
    <>
      <title>{`${t("explore.title")} · Tarifa`}</title>
      <h1 className="mb-1 text-2xl font-semibold">{t("explore.heading")}</h1>
      <p className="mb-4 max-w-3xl text-sm text-slate-700">{t("explore.intro")}</p>
      <QuestionForm action="/business-intelligence" label={t("explore.question")}>
        <fieldset className="w-full" aria-describedby={errors?.metrics ? "explore-metrics-error" : undefined}>
          <legend className="text-sm font-medium text-slate-800">{t("explore.metrics")}</legend>
          <div className="mt-1 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3 lg:grid-cols-5">
            {EXPLORE_METRICS.map((m) => (
              <label key={m} className="flex items-center gap-1">
                <input type="checkbox" name="metrics" value={m} defaultChecked={e.metrics.includes(m)} />
                {t(`metric.${camel(m)}`)}
              </label>
            ))}
          </div>
          <FieldErrors id="explore-metrics-error" errors={errors?.metrics} />
        </fieldset>
        <SelectInput id="explore-dimension" name="dimension" label={t("explore.dimension")} value={e.dimension} options={EXPLORE_DIMENSIONS.map((d) => ({ value: d, label: t(`dimension.${d}`) }))} errors={errors?.dimension} />
        <PeriodFields from={e.period.from} to={e.period.to} errors={errors} />
        <SelectInput id="explore-compare" name="compare" label={t("explore.compare")} value={compare} options={COMPARISONS.map((c) => ({ value: c, label: t(`compare.${c}`) }))} errors={errors?.compare} />
        <DateField id="period-compare_from" name="compare_from" label={t("explore.compareFrom")} value={e.compare_period && compare === "custom" ? e.compare_period.from : (asked.compare_from ?? "")} errors={errors?.compare_from} />
        <DateField id="period-compare_to" name="compare_to" label={t("explore.compareTo")} value={e.compare_period && compare === "custom" ? e.compare_period.to : (asked.compare_to ?? "")} errors={errors?.compare_to} />
      </QuestionForm>
      <p className="mb-4 text-sm text-slate-700">
        {e.compare_period ? t("explore.answerCompared", { period: periodLabel(e.period), compared: periodLabel(e.compare_period) }) : t("explore.answer", { period: periodLabel(e.period) })}
      </p>
      {/* The same question as a file: the table below, row by row, with its total. */}
      <ExportLinks
        kind="explorer"
        from={e.period.from}
        to={e.period.to}
        extra={{
          metrics: e.metrics.join(","),
          dimension: e.dimension,
          compare,
          compare_from: compare === "custom" ? e.compare_period?.from : undefined,
          compare_to: compare === "custom" ? e.compare_period?.to : undefined,
        }}
      />
      <BarFigure
        id="explore-chart"
        title={t("explore.chart", { metric: t(`metric.${camel(chartMetric)}`), dimension: t(`dimension.${e.dimension}`) })}
        tableLabel={t("table.of", { title: t("explore.chart", { metric: t(`metric.${camel(chartMetric)}`), dimension: t(`dimension.${e.dimension}`) }) })}
        description={t("explore.chartAria", { metric: t(`metric.${camel(chartMetric)}`) })}
        rows={e.rows.map((r) => ({ label: name(e.dimension, r.key, r.label), values: { period: scale(chartMetric, r.values[chartMetric] ?? null), compare: scale(chartMetric, r.compare?.[chartMetric] ?? null) } }))}
        series={e.compare_period ? [{ key: "period", label: periodLabel(e.period) }, { key: "compare", label: periodLabel(e.compare_period) }] : [{ key: "period", label: periodLabel(e.period) }]}
        format={(v) => f.metric(chartMetric, unscale(chartMetric, v))}
        height={e.rows.length > 40 ? 360 : 280}
      >
        <FigureTable
          caption={t("explore.table")}
          head={head}
          rows={e.rows.map((r) => ({ key: r.key, cells: [name(e.dimension, r.key, r.label), ...cells(r.values, r.compare)] }))}
          foot={[t("table.total"), ...cells(e.total, e.compare_total)]}
        />
      </BarFigure>
    </>
  );
}

/** occupancy_rate → occupancyRate, the key of a metric's name. */
function camel(metric: string) {
  return metric.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
}

/** Money is charted in currency units (the axis reads R$ 300, not 30000 cents). */
function scale(metric: string, v: number | null) {
  return v === null ? null : metricKind(metric) === "money" ? v / 100 : v;
}
function unscale(metric: string, v: number) {
  return metricKind(metric) === "money" ? v * 100 : v;
}
