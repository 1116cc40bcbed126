import { Bar, ResponsiveBar } from "@nivo/bar";
import type { ReactNode } from "react";
import { CHART_COLORS as COLORS, CHART_FILLS as FILLS, ChartFrame, type Series } from "./chart-frame";

/**
 * The intelligence charts: nivo bars rendered as fixed-size SVG on the server (ARCHITECTURE.md
 * §7), an image with a text description, with the same numbers in a table right under it
 * (chart-frame.tsx).
 */
export { FigureTable, type Series } from "./chart-frame";

const theme = { text: { fontSize: 11, fill: "#334155" }, axis: { ticks: { text: { fill: "#334155" } } }, grid: { line: { stroke: "#e2e8f0" } } };

export interface BarsProps {
  id: string;
  /** The chart's text description (its accessible name). */
  description: string;
  rows: { label: string; values: Record<string, number | null> }[];
  series: Series[];
  format: (value: number) => string;
  height?: number;
  /** The top of the value axis; by default a little above the largest value. */
  max?: number;
  /** The values marked on the value axis (and its grid lines); by default about five. */
  ticks?: number[];
  /** The text under a bar group, from its label (unrotated: keep it short); by default the label, slanted when crowded. */
  tickFormat?: (label: string) => string;
  /** Draw at exactly this width, never resized in the browser (a static chart, static-chart.server.tsx). */
  width?: number;
}

/**
 * Grouped bars of `series` per row, as nivo draws them at a default size. `format` writes a value
 * on the axis; null values draw no bar (the table says "—").
 */
export function GroupedBars({ id, description, rows, series, format, height = 280, max, ticks, tickFormat, width }: BarsProps) {
  const slanted = !tickFormat && rows.length > 8;
  const data = rows.map((r) => ({ label: r.label, ...Object.fromEntries(series.map((s) => [s.key, r.values[s.key] ?? 0])) }));
  const top = Math.max(0, ...rows.flatMap((r) => series.map((s) => r.values[s.key] ?? 0)));
  const defs = series.map((s, i) =>
    FILLS[i % FILLS.length] === "lines"
      ? { id: `${id}-${s.key}`, type: "patternLines", spacing: 5, rotation: -45, lineWidth: 2, background: "#ffffff", color: COLORS[i % COLORS.length] }
      : { id: `${id}-${s.key}`, type: "patternDots", size: 3, padding: 2, stagger: true, background: "#ffffff", color: COLORS[i % COLORS.length] },
  );
  const props = {
    data,
    keys: series.map((s) => s.key),
    indexBy: "label",
    groupMode: "grouped" as const,
    margin: { top: 10, right: 12, bottom: slanted ? 72 : 40, left: 80 },
    valueScale: { type: "linear" as const, min: 0, max: max ?? (top > 0 ? top * 1.08 : 1) },
    colors: series.map((_, i) => COLORS[i % COLORS.length]),
    borderColor: { from: "color" as const },
    borderWidth: 1,
    defs,
    fill: series.flatMap((s, i) => (FILLS[i % FILLS.length] === "solid" ? [] : [{ match: { id: s.key }, id: `${id}-${s.key}` }])),
    axisLeft: { format: (v: unknown) => format(Number(v)), tickValues: ticks ?? 5 },
    gridYValues: ticks,
    axisBottom: {
      tickRotation: slanted ? -35 : 0,
      tickValues: rows.length > 40 ? rows.filter((_, i) => i % 7 === 0).map((r) => r.label) : undefined,
      format: tickFormat ? (label: unknown) => tickFormat(String(label)) : undefined,
    },
    enableLabel: false,
    theme,
    role: "img",
    ariaLabel: description,
    animate: false,
    isInteractive: false,
  };
  return width ? <Bar {...props} width={width} height={height} /> : <ResponsiveBar {...props} defaultWidth={960} defaultHeight={height} />;
}

/** Grouped bars in their frame, with the table alternative (`children`) under them. */
export function BarFigure({ title, tableLabel, children, ...bars }: BarsProps & { title: string; children: ReactNode; tableLabel: string }) {
  const height = bars.height ?? 280;
  return (
    <ChartFrame id={bars.id} title={title} series={bars.series} height={height} chart={<GroupedBars {...bars} height={height} />} tableLabel={tableLabel}>
      {children}
    </ChartFrame>
  );
}
