import { ResponsiveBar } from "@nivo/bar";
import { patternLinesDef } from "@nivo/core";
import { ResponsiveLine, type LineCustomSvgLayerProps } from "@nivo/line";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatMoney } from "#domain/money";
import { FigureTable } from "#app/components/intelligence/charts";
import { formatDate } from "#app/lib/format-date";
import type { CurvesAnswer, ForecastAnswer, PaceAnswer, PickupAnswer } from "./types";

/**
 * The /tracking charts. nivo renders fixed-size SVG on the server (Responsive* with
 * defaultWidth/defaultHeight) and resizes in the browser; each chart is an image with a label and
 * the same numbers sit in a table beside it. Series differ by pattern or dash, not only colour.
 */
const COLORS = { now: "#1d4ed8", lastYear: "#b45309", final: "#64748b", forecast: "#0f766e" } as const;
const theme = { text: { fontSize: 11, fill: "#334155" }, axis: { ticks: { text: { fill: "#334155" } } }, grid: { line: { stroke: "#e2e8f0" } } };
const lines = patternLinesDef("lines", { spacing: 5, rotation: -45, lineWidth: 2, background: "#fde68a", color: COLORS.lastYear });

export function useFormats(currency: string) {
  const { i18n } = useTranslation("tracking");
  const locale = i18n.language;
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const percent = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 1 });
  return {
    locale,
    number: (v: number | null | undefined) => (v === null || v === undefined ? "—" : number.format(v)),
    percent: (v: number | null | undefined) => (v === null || v === undefined ? "—" : percent.format(v)),
    money: (v: number | null | undefined) => (v === null || v === undefined ? "—" : formatMoney(v, locale, currency)),
    short: (d: string) => formatDate(d, locale, { day: "numeric", month: "short" }),
    long: (d: string) => formatDate(d, locale, { weekday: "short", day: "numeric", month: "short", year: "numeric" }),
    /** A night in a table row: short enough for a phone. */
    day: (d: string) => formatDate(d, locale, { weekday: "short", day: "numeric", month: "short" }),
    month: (m: string) => formatDate(`${m}-01`, locale, { month: "short", year: "numeric" }),
    /** A month on a chart's axis: its name, with the year only where it starts (the first tick, January), so a year of ticks fits a phone. */
    monthTick: (m: string, first: string | undefined) => formatDate(`${m}-01`, locale, m === first || m.endsWith("-01") ? { month: "short", year: "2-digit" } : { month: "short" }),
  };
}

/** One tick a week on long periods. */
function ticksOf<T>(values: T[]): T[] {
  const step = values.length > 60 ? 14 : values.length > 21 ? 7 : values.length > 10 ? 2 : 1;
  return values.filter((_, i) => i % step === 0);
}

function Legend({ items }: { items: { label: string; swatch: ReactNode }[] }) {
  return (
    <ul className="mb-2 flex flex-wrap gap-4 text-xs text-slate-700">
      {items.map((i) => (
        <li key={i.label} className="flex items-center gap-1">
          {i.swatch}
          {i.label}
        </li>
      ))}
    </ul>
  );
}
const Box = ({ color, striped }: { color: string; striped?: boolean }) => (
  <span aria-hidden="true" className="inline-block h-3 w-5 border" style={striped ? { background: `repeating-linear-gradient(-45deg, #fde68a 0 3px, ${color} 3px 5px)`, borderColor: color } : { background: color, borderColor: color }} />
);
const Dash = ({ color, dashed }: { color: string; dashed?: boolean }) => (
  <svg width="24" height="8" aria-hidden="true">
    <line x1="0" y1="4" x2="24" y2="4" stroke={color} strokeWidth="3" strokeDasharray={dashed ? "6 4" : undefined} />
  </svg>
);

/** A chart with its caption and, under "Ver os dados em tabela", the same numbers. */
export function ChartFigure({ id, title, hint, legend, chart, table }: { id: string; title: string; hint?: string; legend?: ReactNode; chart: ReactNode; table: ReactNode }) {
  const { t } = useTranslation("tracking");
  return (
    <figure aria-labelledby={`${id}-title`} className="rounded-lg border border-slate-200 bg-white p-3">
      <figcaption id={`${id}-title`} className="mb-1 font-semibold">
        {title}
      </figcaption>
      {hint ? <p className="mb-2 text-xs text-slate-700">{hint}</p> : null}
      {legend}
      {/* Scrolls sideways on phones: focusable so a keyboard can scroll it too. */}
      <div className="h-72 overflow-x-auto" tabIndex={0} role="region" aria-label={title}>
        <div className="h-72 min-w-[36rem]">{chart}</div>
      </div>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-brand-700 underline">{t("charts.showTable")}</summary>
        <div className="mt-2 max-h-96 overflow-auto" tabIndex={0} role="region" aria-label={t("charts.tableOf", { title })}>
          {table}
        </div>
      </details>
    </figure>
  );
}

export function PickupByStayDateChart({ pickup }: { pickup: PickupAnswer }) {
  const { t } = useTranslation("tracking");
  const f = useFormats(pickup.currency);
  const data = pickup.by_stay_date.map((n) => ({ date: n.date, pickup: n.pickup.room_nights }));
  const title = t("pickup.byStayTitle", { window: t(`picker.window${pickup.window}`) });
  return (
    <ChartFigure
      id="pickup-stay"
      title={title}
      hint={t("pickup.byStayHint")}
      chart={
        <ResponsiveBar
          data={data}
          keys={["pickup"]}
          indexBy="date"
          defaultWidth={900}
          defaultHeight={288}
          margin={{ top: 10, right: 16, bottom: 40, left: 48 }}
          colors={[COLORS.now]}
          axisBottom={{ tickValues: ticksOf(data.map((d) => d.date)), format: (d) => f.short(String(d)) }}
          axisLeft={{ format: (v) => f.number(Number(v)) }}
          enableLabel={false}
          theme={theme}
          role="img"
          ariaLabel={t("pickup.byStayAria", { from: f.short(pickup.from), to: f.short(pickup.to) })}
          animate={false}
          isInteractive={false}
        />
      }
      table={
        <FigureTable
          caption={title}
          head={[t("table.stayDate"), t("table.onTheBooks"), t("table.occupancy"), t("table.pickupRoomNights"), t("table.pickupRevenue"), t("table.lastYearOnTheBooks")]}
          rows={pickup.by_stay_date.map((n) => ({
            key: n.date,
            cells: [f.day(n.date), f.number(n.on_the_books.room_nights), f.percent(n.on_the_books.occupancy), f.number(n.pickup.room_nights), f.money(n.pickup.revenue), f.number(n.last_year.on_the_books.room_nights)],
          }))}
        />
      }
    />
  );
}

export function PickupByBookingDateChart({ pickup }: { pickup: PickupAnswer }) {
  const { t } = useTranslation("tracking");
  const f = useFormats(pickup.currency);
  const data = pickup.by_booking_date.map((d) => ({ date: d.date, now: d.net.room_nights, last_year: d.last_year.net.room_nights }));
  const title = t("pickup.byBookingTitle");
  return (
    <ChartFigure
      id="pickup-booking"
      title={title}
      hint={t("pickup.byBookingHint")}
      legend={<Legend items={[{ label: t("charts.thisYear"), swatch: <Box color={COLORS.now} /> }, { label: t("charts.lastYear"), swatch: <Box color={COLORS.lastYear} striped /> }]} />}
      chart={
        <ResponsiveBar
          data={data}
          keys={["now", "last_year"]}
          indexBy="date"
          groupMode="grouped"
          defaultWidth={900}
          defaultHeight={288}
          margin={{ top: 10, right: 16, bottom: 40, left: 48 }}
          colors={[COLORS.now, COLORS.lastYear]}
          defs={[lines]}
          fill={[{ match: { id: "last_year" }, id: "lines" }]}
          axisBottom={{ tickValues: ticksOf(data.map((d) => d.date)), format: (d) => f.short(String(d)) }}
          enableLabel={false}
          theme={theme}
          role="img"
          ariaLabel={t("pickup.byBookingAria")}
          animate={false}
          isInteractive={false}
        />
      }
      table={
        <FigureTable
          caption={title}
          head={[t("table.bookingDate"), t("table.booked"), t("table.cancelled"), t("table.net"), t("table.netRevenue"), t("table.lastYearNet")]}
          rows={pickup.by_booking_date.map((d) => ({
            key: d.date,
            cells: [f.day(d.date), f.number(d.booked.room_nights), f.number(d.cancelled.room_nights), f.number(d.net.room_nights), f.money(d.net.revenue), f.number(d.last_year.net.room_nights)],
          }))}
        />
      }
    />
  );
}

export function PaceChart({ pace }: { pace: PaceAnswer }) {
  const { t } = useTranslation("tracking");
  const f = useFormats(pace.currency);
  const data = pace.months.map((m) => ({ month: m.month, now: m.on_the_books.room_nights, last_year: m.last_year.on_the_books.room_nights, final: m.last_year.final?.room_nights ?? 0 }));
  const title = t("pace.chartTitle");
  return (
    <ChartFigure
      id="pace"
      title={title}
      hint={t("pace.chartHint", { date: f.long(pace.last_year_as_of) })}
      legend={
        <Legend
          items={[
            { label: t("pace.onTheBooks"), swatch: <Box color={COLORS.now} /> },
            { label: t("pace.lastYearSameLead"), swatch: <Box color={COLORS.lastYear} striped /> },
            { label: t("pace.lastYearFinal"), swatch: <Box color={COLORS.final} /> },
          ]}
        />
      }
      chart={
        <ResponsiveBar
          data={data}
          keys={["now", "last_year", "final"]}
          indexBy="month"
          groupMode="grouped"
          defaultWidth={900}
          defaultHeight={288}
          margin={{ top: 10, right: 16, bottom: 40, left: 56 }}
          colors={[COLORS.now, COLORS.lastYear, COLORS.final]}
          defs={[lines]}
          fill={[{ match: { id: "last_year" }, id: "lines" }]}
          axisBottom={{ format: (m) => f.monthTick(String(m), data[0]?.month) }}
          enableLabel={false}
          theme={theme}
          role="img"
          ariaLabel={t("pace.chartAria")}
          animate={false}
          isInteractive={false}
        />
      }
      table={
        <FigureTable
          caption={title}
          head={[t("table.stayMonth"), t("pace.onTheBooks"), t("table.occupancy"), t("table.revenue"), t("pace.lastYearSameLead"), t("pace.lastYearFinal"), t("pace.change")]}
          rows={pace.months.map((m) => ({
            key: m.month,
            cells: [
              f.month(m.month),
              f.number(m.on_the_books.room_nights),
              f.percent(m.on_the_books.occupancy),
              f.money(m.on_the_books.revenue),
              f.number(m.last_year.on_the_books.room_nights),
              f.number(m.last_year.final?.room_nights),
              m.change.room_nights_percent === null ? "—" : `${m.change.room_nights_percent > 0 ? "+" : ""}${f.number(m.change.room_nights_percent)} %`,
            ],
          }))}
        />
      }
    />
  );
}

/** The leads the curves' table shows (the chart has all 366). */
const TABLE_LEADS = [365, 180, 120, 90, 60, 45, 30, 21, 14, 7, 3, 1, 0];
const CURVE_STYLES = [
  { color: COLORS.now, dash: undefined },
  { color: COLORS.lastYear, dash: "6 4" },
  { color: COLORS.forecast, dash: "2 3" },
  { color: "#7c3aed", dash: "10 3 2 3" },
  { color: COLORS.final, dash: "1 5" },
];

export function BookingCurvesChart({ curves }: { curves: CurvesAnswer }) {
  const { t } = useTranslation("tracking");
  const f = useFormats(curves.currency);
  const label = (c: CurvesAnswer["curves"][number]) => c.name ?? f.month(c.key);
  type Series = { id: string; data: { x: number; y: number | null }[] };
  const data: Series[] = curves.curves.map((c) => ({ id: c.key, data: [...c.points].reverse().map((p) => ({ x: p.days_before, y: p.occupancy === null ? null : p.occupancy * 100 })) }));
  const styles = new Map(curves.curves.map((c, i) => [c.key, CURVE_STYLES[i % CURVE_STYLES.length]]));
  const Lines = ({ series, lineGenerator }: LineCustomSvgLayerProps<Series>) => (
    <g>
      {series.map((s) => (
        <path
          key={s.id}
          d={lineGenerator(s.data.filter((d) => d.data.y !== null).map((d) => ({ x: d.position.x, y: d.position.y }))) ?? ""}
          fill="none"
          stroke={styles.get(String(s.id))!.color}
          strokeWidth={2.5}
          strokeDasharray={styles.get(String(s.id))!.dash}
        />
      ))}
    </g>
  );
  const title = curves.by === "month" ? t("curves.titleMonth", { month: f.month(curves.month) }) : t("curves.titleCategory", { month: f.month(curves.month) });
  return (
    <ChartFigure
      id="curves"
      title={title}
      hint={t("curves.hint")}
      legend={<Legend items={curves.curves.map((c) => ({ label: label(c), swatch: <Dash color={styles.get(c.key)!.color} dashed={!!styles.get(c.key)!.dash} /> }))} />}
      chart={
        <ResponsiveLine<Series>
          data={data}
          defaultWidth={900}
          defaultHeight={288}
          margin={{ top: 10, right: 16, bottom: 40, left: 48 }}
          xScale={{ type: "linear", min: 0, max: 365, reverse: true }}
          yScale={{ type: "linear", min: 0, max: 100 }}
          axisBottom={{ tickValues: [365, 300, 240, 180, 120, 90, 60, 30, 0], legend: t("curves.daysBefore"), legendOffset: 32, legendPosition: "middle" }}
          axisLeft={{ format: (v) => `${v} %` }}
          layers={["grid", "axes", Lines]}
          theme={theme}
          role="img"
          ariaLabel={t("curves.aria")}
          animate={false}
          isInteractive={false}
        />
      }
      table={
        <FigureTable
          caption={title}
          head={[t("curves.daysBefore"), ...curves.curves.map(label)]}
          rows={TABLE_LEADS.map((d) => ({
            key: String(d),
            cells: [f.number(d), ...curves.curves.map((c) => (c.points[d].room_nights === null ? "—" : `${f.number(c.points[d].room_nights)} · ${f.percent(c.points[d].occupancy)}`))],
          }))}
        />
      }
    />
  );
}

export function ForecastChart({ forecast }: { forecast: ForecastAnswer }) {
  const { t } = useTranslation("tracking");
  const f = useFormats(forecast.currency);
  type Series = { id: "forecast" | "on_the_books" | "low" | "high"; data: { x: string; y: number | null }[] };
  const share = (rooms: number | null, capacity: number) => (rooms === null || capacity === 0 ? null : (100 * rooms) / capacity);
  const data: Series[] = [
    { id: "high", data: forecast.nights.map((n) => ({ x: n.date, y: share(n.high, n.capacity) })) },
    { id: "low", data: forecast.nights.map((n) => ({ x: n.date, y: share(n.low, n.capacity) })) },
    { id: "forecast", data: forecast.nights.map((n) => ({ x: n.date, y: n.forecast.occupancy == null ? null : n.forecast.occupancy * 100 })) },
    { id: "on_the_books", data: forecast.nights.map((n) => ({ x: n.date, y: n.on_the_books.occupancy == null ? null : n.on_the_books.occupancy * 100 })) },
  ];
  const Lines = ({ series, lineGenerator }: LineCustomSvgLayerProps<Series>) => {
    const high = series.find((s) => s.id === "high")!.data;
    const low = series.find((s) => s.id === "low")!.data;
    // The 80 % range as a band: along the high edge, back along the low one.
    const band = high.flatMap((d, i) => (d.data.y !== null && low[i]!.data.y !== null ? [{ high: d.position, low: low[i]!.position }] : []));
    const bandPath = band.length ? `M${band.map((p) => `${p.high.x},${p.high.y}`).join("L")}L${[...band].reverse().map((p) => `${p.low.x},${p.low.y}`).join("L")}Z` : "";
    return (
      <g>
        {bandPath ? <path d={bandPath} fill={COLORS.forecast} fillOpacity={0.15} stroke="none" /> : null}
        {series
          .filter((s) => s.id === "forecast" || s.id === "on_the_books")
          .map((s) => (
            <path
              key={s.id}
              d={lineGenerator(s.data.filter((d) => d.data.y !== null).map((d) => ({ x: d.position.x, y: d.position.y }))) ?? ""}
              fill="none"
              stroke={s.id === "forecast" ? COLORS.forecast : COLORS.now}
              strokeWidth={s.id === "forecast" ? 3 : 2}
              strokeDasharray={s.id === "on_the_books" ? "6 4" : undefined}
            />
          ))}
      </g>
    );
  };
  const title = t("forecast.chartTitle", { category: forecast.category?.name ?? t("forecast.allCategories") });
  const range = (n: ForecastAnswer["nights"][number]) => (n.low === null || n.high === null ? "—" : t("forecast.rangeValue", { low: f.number(n.low), high: f.number(n.high) }));
  return (
    <ChartFigure
      id="forecast"
      title={title}
      legend={
        <Legend
          items={[
            { label: t("forecast.expected"), swatch: <Dash color={COLORS.forecast} /> },
            { label: t("forecast.range"), swatch: <Box color="#99d5cf" /> },
            { label: t("forecast.onTheBooks"), swatch: <Dash color={COLORS.now} dashed /> },
          ]}
        />
      }
      chart={
        <ResponsiveLine<Series>
          data={data}
          defaultWidth={900}
          defaultHeight={288}
          margin={{ top: 10, right: 16, bottom: 40, left: 48 }}
          xScale={{ type: "point" }}
          yScale={{ type: "linear", min: 0, max: 100 }}
          axisBottom={{ tickValues: ticksOf(forecast.nights.map((n) => n.date)), format: (d) => f.short(String(d)) }}
          axisLeft={{ format: (v) => `${v} %` }}
          layers={["grid", "axes", Lines]}
          theme={theme}
          role="img"
          ariaLabel={t("forecast.aria", { from: f.short(forecast.from), to: f.short(forecast.to) })}
          animate={false}
          isInteractive={false}
        />
      }
      table={
        <FigureTable
          caption={title}
          head={[
            t("table.stayDate"), t("table.daysBefore"), t("table.roomsAvailable"), t("forecast.onTheBooks"), t("forecast.expectedCancellations"),
            t("forecast.expected"), t("forecast.range"), t("forecast.demand"), t("table.occupancy"), t("forecast.expectedRevenue"), t("forecast.methodHead"),
          ]}
          rows={forecast.nights.map((n) => ({
            key: n.date,
            cells: [
              f.day(n.date), f.number(n.days_before), f.number(n.capacity), f.number(n.on_the_books.room_nights), f.number(n.expected_cancellations),
              f.number(n.forecast.room_nights), range(n), f.number(n.unconstrained), f.percent(n.forecast.occupancy), f.money(n.forecast.revenue), t(`forecast.method.${n.method}`),
            ],
          }))}
        />
      }
    />
  );
}
