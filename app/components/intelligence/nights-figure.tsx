import { useTranslation } from "react-i18next";
import type { BarsProps } from "./charts";
import { ChartFrame, FigureTable } from "./chart-frame";
import { useFormats } from "./format";
import type { DashboardAnswer } from "./types";

/** The dashboard's chart of the next 30 nights: compact, its table beside it. */
const HEIGHT = 220;
/** The intelligence charts' width; scrolls sideways on a phone like them. */
const WIDTH = 960;

/** The bars of the next 30 nights' occupancy on the books, as the server draws them (static-chart.server.tsx). */
export function useNightsBars(d: DashboardAnswer): BarsProps & { title: string } {
  const { t } = useTranslation("intelligence");
  const f = useFormats(d.currency);
  const first = d.nights[0]?.date ?? d.today;
  const last = d.nights[d.nights.length - 1]?.date ?? d.today;
  return {
    id: "nights-chart",
    title: t("dashboard.nightsChart", { nights: d.nights.length }),
    description: t("dashboard.nightsChartAria", { nights: d.nights.length, from: f.date(first, { day: "numeric", month: "long" }), to: f.date(last, { day: "numeric", month: "long" }) }),
    // Each bar is a night (its ISO date, unique), marked by its day of the month; the table names the weekdays.
    rows: d.nights.map((n) => ({ label: n.date, values: { occupancy: n.occupancy } })),
    tickFormat: (date) => String(Number(date.slice(8, 10))),
    series: [{ key: "occupancy", label: t("dashboard.occupancyOnBooks") }],
    format: (v) => f.percent(v),
    height: HEIGHT,
    max: 1,
    ticks: [0, 0.25, 0.5, 0.75, 1],
    width: WIDTH,
  };
}

/**
 * The chart (static SVG markup made by the loader, so the page ships no chart code) with the same
 * nights in a table beside it.
 */
export function NightsFigure({ dashboard: d, svg }: { dashboard: DashboardAnswer; svg: string }) {
  const { t } = useTranslation("intelligence");
  const f = useFormats(d.currency);
  const bars = useNightsBars(d);
  return (
    <ChartFrame
      id={bars.id}
      title={bars.title}
      series={bars.series}
      height={HEIGHT}
      // The markup is nivo's own SVG rendered on the server from this answer; nothing else goes in.
      chart={<div className="h-full" dangerouslySetInnerHTML={{ __html: svg }} />}
      tableLabel={t("table.of", { title: bars.title })}
    >
      <FigureTable
        caption={bars.title}
        head={[t("dashboard.night"), t("metric.occupancy"), t("dashboard.roomsSold"), t("dashboard.adrShort"), t("metric.revenueOnBooks")]}
        rows={d.nights.map((n) => ({
          key: n.date,
          cells: [
            <span className="whitespace-nowrap">{f.date(n.date, { weekday: "short", day: "numeric", month: "numeric" })}</span>,
            f.percent(n.occupancy),
            t("dashboard.soldOf", { sold: f.count(n.room_nights_sold), available: f.count(n.rooms_available) }),
            f.money(n.adr),
            f.money(n.room_revenue),
          ],
        }))}
      />
    </ChartFrame>
  );
}
