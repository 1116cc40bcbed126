import { ResponsiveBar } from "@nivo/bar";

/**
 * Grouped bars of money per label, rendered as SVG on the server (nivo with a default size,
 * ARCHITECTURE.md §7). It is an image with a title; the same figures are in the table beside it,
 * and the series differ by pattern as well as colour.
 */
export interface BarSeries {
  key: string;
  label: string;
  color: string;
}

const theme = { text: { fontSize: 11, fill: "#334155" }, axis: { ticks: { text: { fill: "#334155" } } }, grid: { line: { stroke: "#e2e8f0" } } };

export function MoneyBarChart({
  title,
  ariaLabel,
  series,
  rows,
  format,
}: {
  title: string;
  ariaLabel: string;
  series: BarSeries[];
  /** One bar group per row: `label` and one value in cents per series key. */
  rows: ({ label: string } & Record<string, number | string>)[];
  format: (cents: number) => string;
}) {
  const data = rows.map((r) => ({ ...r, ...Object.fromEntries(series.map((s) => [s.key, Number(r[s.key] ?? 0) / 100])) }));
  const patterns = series.map((s, i) =>
    i === 0
      ? { id: `fill-${s.key}`, type: "patternLines" as const, background: s.color, color: s.color, lineWidth: 0, spacing: 6, rotation: 0 }
      : { id: `fill-${s.key}`, type: "patternLines" as const, background: s.color, color: "#ffffff", lineWidth: 2, spacing: 6, rotation: -45 },
  );
  return (
    <figure className="rounded-lg border border-slate-200 bg-white p-3">
      <figcaption className="mb-2 font-semibold">{title}</figcaption>
      <ul className="mb-2 flex flex-wrap gap-4 text-xs text-slate-700">
        {series.map((s, i) => (
          <li key={s.key} className="flex items-center gap-1">
            <svg width="14" height="14" aria-hidden="true">
              <rect width="14" height="14" fill={s.color} />
              {i > 0 ? <line x1="0" y1="14" x2="14" y2="0" stroke="#fff" strokeWidth="2" /> : null}
            </svg>
            {s.label}
          </li>
        ))}
      </ul>
      <div className="h-72 overflow-x-auto">
        <div className="h-72 min-w-[32rem]">
          <ResponsiveBar
            data={data}
            keys={series.map((s) => s.key)}
            indexBy="label"
            groupMode="grouped"
            defaultWidth={800}
            defaultHeight={288}
            margin={{ top: 10, right: 16, bottom: 40, left: 80 }}
            colors={series.map((s) => s.color)}
            defs={patterns}
            fill={series.map((s) => ({ match: { id: s.key }, id: `fill-${s.key}` }))}
            axisLeft={{ format: (v) => format(Number(v) * 100) }}
            enableLabel={false}
            theme={theme}
            role="img"
            ariaLabel={ariaLabel}
            animate={false}
            isInteractive={false}
          />
        </div>
      </div>
    </figure>
  );
}
