import { ResponsiveBar } from "@nivo/bar";
import type { ReactNode } from "react";

/**
 * The intelligence charts: nivo bars rendered as fixed-size SVG on the server (ARCHITECTURE.md
 * §7), an image with a text description, with the same numbers in a table right under it. Series
 * differ by fill pattern as well as colour (solid, hatched, dotted), never by colour alone.
 */

export interface Series {
  key: string;
  label: string;
}

const COLORS = ["#1d4ed8", "#64748b", "#b45309"];
const FILLS = ["solid", "lines", "dots"] as const;
const theme = { text: { fontSize: 11, fill: "#334155" }, axis: { ticks: { text: { fill: "#334155" } } }, grid: { line: { stroke: "#e2e8f0" } } };

function Swatch({ index }: { index: number }) {
  const color = COLORS[index % COLORS.length];
  const fill = FILLS[index % FILLS.length];
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

/**
 * A grouped bar chart of `series` per row. `format` writes a value on the axis and in the
 * labels; null values draw no bar (the table says "—").
 */
export function BarFigure({
  id,
  title,
  description,
  rows,
  series,
  format,
  height = 280,
  children,
  tableLabel,
}: {
  id: string;
  title: string;
  description: string;
  rows: { label: string; values: Record<string, number | null> }[];
  series: Series[];
  format: (value: number) => string;
  height?: number;
  /** The table alternative, shown beside the chart. */
  children: ReactNode;
  /** The name of the table's scrollable region. */
  tableLabel: string;
}) {
  const data = rows.map((r) => ({ label: r.label, ...Object.fromEntries(series.map((s) => [s.key, r.values[s.key] ?? 0])) }));
  const top = Math.max(0, ...rows.flatMap((r) => series.map((s) => r.values[s.key] ?? 0)));
  const defs = series.map((s, i) =>
    FILLS[i % FILLS.length] === "lines"
      ? { id: `${id}-${s.key}`, type: "patternLines", spacing: 5, rotation: -45, lineWidth: 2, background: "#ffffff", color: COLORS[i % COLORS.length] }
      : { id: `${id}-${s.key}`, type: "patternDots", size: 3, padding: 2, stagger: true, background: "#ffffff", color: COLORS[i % COLORS.length] },
  );
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
            <ResponsiveBar
              data={data}
              keys={series.map((s) => s.key)}
              indexBy="label"
              groupMode="grouped"
              defaultWidth={960}
              defaultHeight={height}
              margin={{ top: 10, right: 12, bottom: rows.length > 8 ? 72 : 40, left: 80 }}
              valueScale={{ type: "linear", min: 0, max: top > 0 ? top * 1.08 : 1 }}
              colors={series.map((_, i) => COLORS[i % COLORS.length])}
              borderColor={{ from: "color" }}
              borderWidth={1}
              defs={defs}
              fill={series.flatMap((s, i) => (FILLS[i % FILLS.length] === "solid" ? [] : [{ match: { id: s.key }, id: `${id}-${s.key}` }]))}
              axisLeft={{ format: (v) => format(Number(v)), tickValues: 5 }}
              axisBottom={{ tickRotation: rows.length > 8 ? -35 : 0, tickValues: rows.length > 40 ? rows.filter((_, i) => i % 7 === 0).map((r) => r.label) : undefined }}
              enableLabel={false}
              theme={theme}
              role="img"
              ariaLabel={description}
              animate={false}
              isInteractive={false}
            />
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
