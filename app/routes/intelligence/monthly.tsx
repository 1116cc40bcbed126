import { useTranslation } from "react-i18next";
import { BarFigure, FigureTable } from "#app/components/intelligence/charts";
import { useFormats } from "#app/components/intelligence/format";
import { askOrDefault, intelligenceApi } from "#app/routes/intelligence/intelligence.server";
import { QuestionForm, SelectInput } from "#app/components/intelligence/period-form";
import { guard } from "#app/lib/guard.server";
import type { Route } from "./+types/monthly";

export const handle = { permission: "user.business-intelligence" } as const;
export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

export async function loader({ context, request }: Route.LoaderArgs) {
  const { api, business } = intelligenceApi(context);
  const year = new URL(request.url).searchParams.get("year") ?? undefined;
  const { answer, errors } = await askOrDefault(
    () => api.intelligence.monthly(business.uuid, { year }),
    () => api.intelligence.monthly(business.uuid),
  );
  return { monthly: answer, errors };
}

export default function Monthly({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("intelligence");
  const { monthly: m, errors } = loaderData;
  const f = useFormats(m.currency);
  const years = Array.from({ length: 5 }, (_, i) => String(m.year + 1 - i));
  const thisYear = String(m.year);
  const lastYear = String(m.year - 1);
  const goalPct = (g: number | null) => (g === null ? null : g / 100);
  return (
    <>
      <title>{`${t("monthly.title")} · Tarifa`}</title>
      <h1 className="mb-1 text-2xl font-semibold">{t("monthly.heading", { year: m.year })}</h1>
      <p className="mb-4 max-w-3xl text-sm text-slate-700">{t("monthly.intro")}</p>
      <QuestionForm action="/monthly" label={t("monthly.pickYear")}>
        <SelectInput id="monthly-year" name="year" label={t("form.year")} value={thisYear} options={(years.includes(thisYear) ? years : [thisYear, ...years]).map((y) => ({ value: y, label: y }))} errors={errors?.year} />
      </QuestionForm>
      <div className="space-y-6">
        <BarFigure
          id="monthly-revenue"
          title={t("monthly.revenueChart")}
          tableLabel={t("table.of", { title: t("monthly.revenueChart") })}
          description={t("monthly.revenueAria", { year: m.year, last: m.year - 1 })}
          rows={m.months.map((r) => ({ label: f.monthName(r.month), values: { this: r.this_year.room_revenue / 100, last: r.last_year.room_revenue / 100, goal: r.goal?.revenue == null ? null : r.goal.revenue / 100 } }))}
          series={[
            { key: "this", label: thisYear },
            { key: "last", label: lastYear },
            { key: "goal", label: t("monthly.goal") },
          ]}
          format={(v) => f.wholeMoney(v * 100)}
        >
          <FigureTable
            caption={t("monthly.revenueChart")}
            head={[t("table.month"), thisYear, lastYear, t("monthly.goal"), t("monthly.vsGoal")]}
            rows={m.months.map((r) => ({
              key: r.month,
              cells: [f.month(r.month), f.money(r.this_year.room_revenue), f.money(r.last_year.room_revenue), f.money(r.goal?.revenue), r.goal?.revenue ? f.percent(r.this_year.room_revenue / r.goal.revenue) : "—"],
            }))}
            foot={[t("table.total"), f.money(m.totals.this_year.room_revenue), f.money(m.totals.last_year.room_revenue), f.money(m.totals.goal_revenue), m.totals.goal_revenue ? f.percent(m.totals.this_year.room_revenue / m.totals.goal_revenue) : "—"]}
          />
        </BarFigure>
        <BarFigure
          id="monthly-occupancy"
          title={t("monthly.occupancyChart")}
          tableLabel={t("table.of", { title: t("monthly.occupancyChart") })}
          description={t("monthly.occupancyAria", { year: m.year, last: m.year - 1 })}
          rows={m.months.map((r) => ({ label: f.monthName(r.month), values: { this: r.this_year.occupancy, last: r.last_year.occupancy, goal: goalPct(r.goal?.occupancy ?? null) } }))}
          series={[
            { key: "this", label: thisYear },
            { key: "last", label: lastYear },
            { key: "goal", label: t("monthly.goal") },
          ]}
          format={(v) => f.percent(v)}
        >
          <FigureTable
            caption={t("monthly.kpiTable")}
            head={[t("table.month"), `${t("metric.occupancy")} ${thisYear}`, lastYear, `${t("metric.adr")} ${thisYear}`, lastYear, `${t("metric.revpar")} ${thisYear}`, lastYear]}
            rows={m.months.map((r) => ({
              key: r.month,
              cells: [f.month(r.month), f.percent(r.this_year.occupancy), f.percent(r.last_year.occupancy), f.money(r.this_year.adr), f.money(r.last_year.adr), f.money(r.this_year.revpar), f.money(r.last_year.revpar)],
            }))}
            foot={[
              t("table.total"),
              f.percent(m.totals.this_year.occupancy),
              f.percent(m.totals.last_year.occupancy),
              f.money(m.totals.this_year.adr),
              f.money(m.totals.last_year.adr),
              f.money(m.totals.this_year.revpar),
              f.money(m.totals.last_year.revpar),
            ]}
          />
        </BarFigure>
      </div>
    </>
  );
}
