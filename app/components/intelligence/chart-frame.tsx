import type { ReactNode } from "react";

/**
 * The frame of an intelligence chart, without the chart library: a figure with its caption and
 * legend, the chart as an image in a scrollable region, and the same numbers in a table beside it.
 * Series differ by fill pattern as well as colour (solid, hatched, dotted), never by colour alone.
 * `BarFigure` (charts.tsx) puts nivo bars in it; the dashboard puts the same bars rendered once on
 * the server as static SVG, so its page ships no chart code (static-chart.server.tsx).
 */

export interface Series {
  key: string;
  label: string;
}

export const CHART_COLORS = ["#1d4ed8", "#64748b", "#b45309"];
export const CHART_FILLS = ["solid", "lines", "dots"] as const;

function Swatch({ index }: { index: number }) {
  const color = CHART_COLORS[index % CHART_COLORS.length];
  const fill = CHART_FILLS[index % CHART_FILLS.length];
  return (
    <svg width="16" height="12" aria-hidden="true">
      <defs>
        <pattern id={`swatch-${index}`} width="4" height="4" patternUnits="userSpaceOnUse" patternTransform="rotate(-45)">
          <rect width="4" height="4" fill="#ffffff" />
          {fill === "lines" ? <rect width="2" height="4" fill={color} /> : <circle cx="2" cy="2" r="1.2" fill={color} />}
        </pattern>
      </defs>
      <rect width="16" height="12" fill={fill === "solid" ? color : `url(#swatch-${index})`} stroke={color} />
    </svg>
  );
}

/** A chart with its legend, and its table alternative right under it. */
export function ChartFrame({
  id,
  title,
  series,
  height,
  chart,
  children,
  tableLabel,
}: {
  id: string;
  title: string;
  series: Series[];
  height: number;
  /** The chart: an element that draws an SVG with role="img" and a description. */
  chart: ReactNode;
  /** The table alternative. */
  children: ReactNode;
  /** The name of the table's scrollable region. */
  tableLabel: string;
}) {
  return (
    <figure className="rounded-lg border border-slate-200 bg-white p-3" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className="mb-1 font-semibold">
        {title}
      </figcaption>
      <ul className="mb-2 flex flex-wrap gap-4 text-xs text-slate-700">
        {series.map((s, i) => (
          <li key={s.key} className="flex items-center gap-1">
            <Swatch index={i} />
            {s.label}
          </li>
        ))}
      </ul>
      <div className="space-y-3">
        {/* Scrollable regions are focusable so keyboards can scroll them (WCAG 2.1.1). */}
        <div className="overflow-x-auto" style={{ height }} tabIndex={0} role="region" aria-labelledby={`${id}-title`}>
          <div className="min-w-[36rem]" style={{ height }} data-chart={id}>
            {chart}
          </div>
        </div>
        <div className="max-h-96 overflow-auto" tabIndex={0} role="region" aria-label={tableLabel}>
          {children}
        </div>
      </div>
    </figure>
  );
}

/** A plain table of figures: the first column names the row, the others are right-aligned numbers. */
export function FigureTable({ caption, head, rows, foot }: { caption: string; head: string[]; rows: { key: string; cells: ReactNode[] }[]; foot?: ReactNode[] }) {
  return (
    <table className="w-full text-right text-sm tabular-nums">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-slate-200">
          {head.map((h) => (
            <th key={h} scope="col" className="px-2 py-1 font-semibold first:text-left">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key} className="border-b border-slate-100">
            <th scope="row" className="px-2 py-1 text-left font-normal">
              {r.cells[0]}
            </th>
            {r.cells.slice(1).map((c, i) => (
              <td key={i} className="px-2 py-1">
                {c}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
      {foot ? (
        <tfoot>
          <tr className="border-t border-slate-300 font-semibold">
            <th scope="row" className="px-2 py-1 text-left">
              {foot[0]}
            </th>
            {foot.slice(1).map((c, i) => (
              <td key={i} className="px-2 py-1">
                {c}
              </td>
            ))}
          </tr>
        </tfoot>
      ) : null}
    </table>
  );
}
