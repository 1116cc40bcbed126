import { ResponsiveBar } from "@nivo/bar";
import { ResponsiveLine, type LineCustomSvgLayerProps } from "@nivo/line";
import { useTranslation } from "react-i18next";
import { formatMoney, formatPercent } from "#domain/money";
import { formatDate } from "#app/lib/format-date";
import { FigureTable } from "#app/components/intelligence/chart-frame";
import { weekdayName } from "#app/lib/format-date";
import type { MarketAnswer } from "./types";

/**
 * The market-analysis charts. nivo renders fixed-size SVG on the server (ARCHITECTURE.md §7:
 * Responsive* charts need defaultWidth/defaultHeight) and resizes in the browser. Each chart is
 * an image with a short description; the same numbers are in a table beside it for screen
 * readers and keyboards (and anyone who prefers numbers), and lines differ by dash, not only colour.
 */

const COLORS = { our: "#1d4ed8", median: "#334155", band: "#94a3b8", occupancy: "#0f766e" } as const;
type Series = { id: "our" | "median"; data: { x: string; y: number | null }[] };

const theme = { text: { fontSize: 11, fill: "#334155" }, axis: { ticks: { text: { fill: "#334155" } } }, grid: { line: { stroke: "#e2e8f0" } } };

/** One tick a week on long periods. */
function ticksOf(dates: string[]): string[] {
  const step = dates.length > 21 ? 7 : dates.length > 10 ? 2 : 1;
  return dates.filter((_, i) => i % step === 0);
}

export function RateChart({ market }: { market: Pick<MarketAnswer, "nights" | "currency" | "category" | "from" | "to"> }) {
  const { t, i18n } = useTranslation("competitors");
  const locale = i18n.language;
  const money = (c: number | null) => (c === null ? "—" : formatMoney(c, locale, market.currency));
  const short = (d: string) => formatDate(d, locale, { day: "numeric", month: "short" });
  const nights = market.nights;
  const data: Series[] = [
    { id: "our", data: nights.map((n) => ({ x: n.date, y: n.our_rate === null ? null : n.our_rate / 100 })) },
    { id: "median", data: nights.map((n) => ({ x: n.date, y: n.market.median === null ? null : n.market.median / 100 })) },
  ];
  const top = Math.max(1, ...nights.map((n) => Math.max(n.market.max ?? 0, n.our_rate ?? 0))) / 100;

  /** The market's min–max band, under the lines. */
  const Band = ({ xScale, yScale }: LineCustomSvgLayerProps<Series>) => {
    const points = nights.filter((n) => n.market.min !== null && n.market.max !== null);
    if (points.length < 2) return null;
    const upper = points.map((n) => `${xScale(n.date)},${yScale(n.market.max! / 100)}`);
    const lower = [...points].reverse().map((n) => `${xScale(n.date)},${yScale(n.market.min! / 100)}`);
    return <polygon points={[...upper, ...lower].join(" ")} fill={COLORS.band} fillOpacity={0.25} />;
  };
  /** Our occupancy as faint bars on a 0–100 % scale of their own (right edge). */
  const Occupancy = ({ xScale, innerHeight, innerWidth }: LineCustomSvgLayerProps<Series>) => {
    const width = Math.max(2, (innerWidth / Math.max(1, nights.length)) * 0.6);
    return (
      <g>
        {nights.map((n) =>
          n.occupancy ? <rect key={n.date} x={xScale(n.date) - width / 2} width={width} y={innerHeight * (1 - n.occupancy / 100)} height={(innerHeight * n.occupancy) / 100} fill={COLORS.occupancy} fillOpacity={0.15} /> : null,
        )}
        {[0, 50, 100].map((p) => (
          <text key={p} x={innerWidth + 8} y={innerHeight * (1 - p / 100)} dominantBaseline="middle" fontSize={11} fill={COLORS.occupancy}>
            {formatPercent(p, locale)}
          </text>
        ))}
      </g>
    );
  };
  /** Lines drawn here so the median can be dashed (colour is never the only difference). */
  const Lines = ({ series, lineGenerator }: LineCustomSvgLayerProps<Series>) => (
    <g>
      {series.map((s) => (
        <path
          key={s.id}
          d={lineGenerator(s.data.map((d) => ({ x: d.position.x, y: d.position.y }))) ?? ""}
          fill="none"
          stroke={COLORS[s.id]}
          strokeWidth={s.id === "our" ? 3 : 2}
          strokeDasharray={s.id === "median" ? "6 4" : undefined}
        />
      ))}
    </g>
  );

  return (
    <figure className="rounded-lg border border-slate-200 bg-white p-3">
      <figcaption id="rate-chart-title" className="mb-2 font-semibold">
        {t("charts.rateTitle", { category: market.category?.name ?? "" })}
      </figcaption>
      <ul className="mb-2 flex flex-wrap gap-4 text-xs text-slate-700">
        <li className="flex items-center gap-1">
          <svg width="24" height="8" aria-hidden="true"><line x1="0" y1="4" x2="24" y2="4" stroke={COLORS.our} strokeWidth="3" /></svg>
          {t("charts.ourRate")}
        </li>
        <li className="flex items-center gap-1">
          <svg width="24" height="8" aria-hidden="true"><line x1="0" y1="4" x2="24" y2="4" stroke={COLORS.median} strokeWidth="2" strokeDasharray="6 4" /></svg>
          {t("charts.median")}
        </li>
        <li className="flex items-center gap-1">
          <span aria-hidden="true" className="inline-block h-3 w-6" style={{ background: COLORS.band, opacity: 0.4 }} />
          {t("charts.band")}
        </li>
        <li className="flex items-center gap-1">
          <span aria-hidden="true" className="inline-block h-3 w-2" style={{ background: COLORS.occupancy, opacity: 0.35 }} />
          {t("charts.occupancy")}
        </li>
      </ul>
      <div className="h-80 overflow-x-auto" tabIndex={0} role="region" aria-label={t("charts.rateTitle", { category: market.category?.name ?? "" })}>
        <div className="h-80 min-w-[36rem]">
          <ResponsiveLine<Series>
            data={data}
            defaultWidth={900}
            defaultHeight={320}
            margin={{ top: 10, right: 48, bottom: 40, left: 64 }}
            xScale={{ type: "point" }}
            yScale={{ type: "linear", min: 0, max: Math.ceil(top * 1.1) }}
            axisBottom={{ tickValues: ticksOf(nights.map((n) => n.date)), format: (d) => short(String(d)) }}
            axisLeft={{ format: (v) => formatMoney(Number(v) * 100, locale, market.currency, { whole: true }) }}
            colors={[COLORS.our, COLORS.median]}
            layers={["grid", Occupancy, Band, "axes", Lines, "mesh"]}
            useMesh
            enableSlices={false}
            theme={theme}
            role="img"
            ariaLabel={t("charts.rateAria", { from: short(market.from), to: short(market.to) })}
            animate={false}
            tooltip={({ point }) => (
              <div className="rounded border border-slate-200 bg-white px-2 py-1 text-xs shadow">
                {short(String(point.data.x))}: {t(point.seriesId === "our" ? "charts.ourRate" : "charts.median")} {money(Number(point.data.y) * 100)}
              </div>
            )}
          />
        </div>
      </div>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-brand-700 underline">{t("charts.showTable")}</summary>
        <div className="mt-2 max-h-96 overflow-auto">
          <FigureTable
            caption={t("charts.rateTitle", { category: market.category?.name ?? "" })}
            head={[t("charts.night"), t("charts.ourRate"), t("charts.min"), t("charts.median"), t("charts.max"), t("charts.occupancy")]}
            rows={nights.map((n) => ({
              key: n.date,
              cells: [
                formatDate(n.date, locale, { weekday: "short", day: "numeric", month: "short" }),
                money(n.our_rate),
                money(n.market.min),
                money(n.market.median),
                money(n.market.max),
                n.occupancy === null ? "—" : formatPercent(n.occupancy, locale, { digits: 1 }),
              ],
            }))}
          />
        </div>
      </details>
    </figure>
  );
}

export function WeekdayIndexChart({ market }: { market: MarketAnswer }) {
  const { t, i18n } = useTranslation("competitors");
  const locale = i18n.language;
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const order = [1, 2, 3, 4, 5, 6, 0];
  const rows = order.map((d) => ({ day: weekdayName(d, locale, "short"), long: weekdayName(d, locale), index: market.weekdays[d].average_index ?? 0, known: market.weekdays[d].average_index === null ? 0 : 1 }));
  const top = Math.max(120, ...rows.map((r) => r.index));
  return (
    <figure className="rounded-lg border border-slate-200 bg-white p-3">
      <figcaption className="mb-2 font-semibold">{t("charts.indexTitle")}</figcaption>
      <p className="mb-2 text-xs text-slate-700">{t("charts.indexHint")}</p>
      {/* On a phone the chart scrolls in its own focusable region instead of widening the page (WCAG 2.1.1). */}
      <div className="h-64 overflow-x-auto" tabIndex={0} role="region" aria-label={t("charts.indexTitle")}>
        <div className="h-64 min-w-[30rem]">
          <ResponsiveBar
            data={rows}
            keys={["index"]}
            indexBy="day"
            defaultWidth={600}
            defaultHeight={256}
            margin={{ top: 10, right: 16, bottom: 32, left: 48 }}
            valueScale={{ type: "linear", min: 0, max: Math.ceil(top / 10) * 10 }}
            colors={["#1d4ed8"]}
            label={(d) => number.format(Number(d.value))}
            labelTextColor="#ffffff"
            markers={[{ axis: "y", value: 100, lineStyle: { stroke: "#b45309", strokeWidth: 2, strokeDasharray: "6 4" }, legend: t("charts.marketLine"), legendPosition: "top-left", textStyle: { fontSize: 11, fill: "#92400e" } }]}
            theme={theme}
            role="img"
            ariaLabel={t("charts.indexAria")}
            animate={false}
            isInteractive={false}
          />
        </div>
      </div>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-brand-700 underline">{t("charts.showTable")}</summary>
        <div className="mt-2">
          <FigureTable
            caption={t("charts.indexTitle")}
            head={[t("table.weekday"), t("table.index")]}
            rows={rows.map((r) => ({ key: r.day, cells: [r.long, r.known ? number.format(r.index) : "—"] }))}
          />
        </div>
      </details>
    </figure>
  );
}
