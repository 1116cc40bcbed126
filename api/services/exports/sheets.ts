import { sql } from "drizzle-orm";
import type { TFunction } from "i18next";
import { addDays } from "#domain/pricing/index.ts";
import type { ExportKind } from "#domain/schemas/reports.ts";
import type { Database } from "#api/db/client.ts";
import { rowsOf } from "#api/db/query.ts";
import { loadPricingConfig } from "#api/services/pricing/config.ts";
import { currentRates } from "#api/services/pricing/rates.ts";
import { revenueBreakdown, type RevenuePart } from "#api/services/metrics/revenue-breakdown.ts";
import { horizonFor } from "#domain/forecast/forecast.ts";
import { metricUnit, share, stayKpis, type Period } from "#domain/metrics/index.ts";
import { monthNights, PICKUP_WINDOW_DAYS } from "#domain/metrics/pace.ts";
import { monthsBetween } from "#domain/reports/period.ts";
import type { ExploreDimension, ExploreMetric } from "#domain/schemas/metrics.ts";
import { MAX_TRACKING_NIGHTS } from "#domain/schemas/tracking.ts";
import type { BusinessRow } from "#api/services/business-access.ts";
import { explore, stayTotalsBy } from "#api/services/metrics/index.ts";
import { forecastAnswerOf, forecastOfBusiness } from "#api/services/forecast/nights.ts";
import type { CategoryRooms } from "#api/services/metrics/on-the-books.ts";
import { paceMonths, pickupByMonth } from "#api/services/metrics/tracking.ts";
import type { CellKind, Sheet, SheetColumn } from "./writers.ts";

/** Rows read from the database per page. */
const PAGE = 1000;
/** Nights priced per page of the daily-prices export. */
const PRICE_WINDOW = 31;

export interface ExportScope {
  db: Database;
  businessId: string;
  timezone: string;
  locale: string;
  from: string;
  to: string;
  today: string;
  currency: string;
  t: TFunction;
  /** `forecast`: the forecast as of today and the room category asked for (null: all). */
  forecast?: { category: CategoryRooms | null };
  /** `explorer`: the explorer's question, already validated (its period is the export's). */
  question?: { business: BusinessRow; metrics: ExploreMetric[]; dimension: ExploreDimension; compare: Period | null };
}

const column = (t: TFunction, key: string, kind: SheetColumn["kind"], label = `reports:export.column.${key}`): SheetColumn => ({ key, header: t(label), kind });
const channelName = (t: TFunction, code: string) => t(`bookings:channel.${code}`, { defaultValue: code });

/** Reservations whose stay has a night in the period, oldest arrival first, read by keyset pages. */
function reservationsSheet(s: ExportScope): Sheet {
  const { t } = s;
  const columns: SheetColumn[] = [
    ["code", "text"], ["status", "text"], ["arrival", "date"], ["departure", "date"], ["nights", "integer"], ["category", "text"], ["room", "text"],
    ["guest", "text"], ["email", "text"], ["phone", "text"], ["country", "text"], ["adults", "integer"], ["children", "integer"], ["channel", "text"],
    ["rate_per_night", "money"], ["total", "money"], ["currency", "text"], ["created_at", "text"],
  ].map(([key, kind]) => column(t, key, kind as SheetColumn["kind"], `bookings:csv.${key}`));
  async function* pages() {
    let after: { arrival: string; id: string } | null = null;
    for (;;) {
      const rows: Record<string, string | number | null>[] = await rowsOf(
        s.db,
        sql`select r.id, r.code, r.status, to_char(r.arrival, 'YYYY-MM-DD') as arrival, to_char(r.departure, 'YYYY-MM-DD') as departure,
                   (r.departure - r.arrival)::int as nights, rc.name as category, rm.number as room, g.name as guest, g.email, g.phone, g.country,
                   r.adults, r.children, r.channel, r.rate_per_night, r.total, r.currency,
                   to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at
            from reservations r
            join room_categories rc on rc.id = r.category_id
            join guests g on g.id = r.guest_id
            left join rooms rm on rm.id = r.room_id
            where r.business_id = ${s.businessId} and r.arrival <= ${s.to}::date and r.departure > ${s.from}::date
              ${after ? sql`and (r.arrival, r.id) > (${after.arrival}::date, ${after.id}::uuid)` : sql``}
            order by r.arrival, r.id
            limit ${PAGE}`,
      );
      if (rows.length === 0) return;
      yield rows.map((r) => [
        r.code, t(`bookings:status.${r.status}`), r.arrival, r.departure, Number(r.nights), r.category, r.room, r.guest, r.email, r.phone, r.country,
        Number(r.adults), Number(r.children), channelName(t, String(r.channel)), Number(r.rate_per_night), Number(r.total), r.currency, r.created_at,
      ]);
      if (rows.length < PAGE) return;
      const last = rows[rows.length - 1];
      after = { arrival: String(last.arrival), id: String(last.id) };
    }
  }
  return { name: t("reports:export.kind.reservations"), columns, pages: pages() };
}

/** The pricing engine's rate for every night and category of the period, a month of nights per page. */
function dailyPricesSheet(s: ExportScope): Sheet {
  const { t } = s;
  const columns = [
    column(t, "date", "date"), column(t, "category", "text"), column(t, "rate", "money"), column(t, "season", "text"),
    column(t, "level", "text"), column(t, "occupancy", "percent"), column(t, "manual", "text"),
  ];
  async function* pages() {
    const config = await loadPricingConfig(s.db, s.businessId);
    const names = new Map(config.room_categories.map((c) => [c.uuid, c.name]));
    for (let start = s.from; start <= s.to; start = addDays(start, PRICE_WINDOW)) {
      const end = addDays(start, PRICE_WINDOW - 1) < s.to ? addDays(start, PRICE_WINDOW - 1) : s.to;
      const rates = await currentRates(s.db, s.businessId, start, end, s.today);
      yield rates.map((r) => [r.date, names.get(r.categoryId) ?? "", r.rate, r.seasonTitle, r.levelName, r.occupancy, t(r.manual ? "reports:export.yes" : "reports:export.no")]);
    }
  }
  return { name: t("reports:export.kind.daily-prices"), columns, pages: pages() };
}

const kpis = (p: RevenuePart) => stayKpis({ roomsAvailable: null, roomNightsSold: p.roomNights, roomRevenue: p.roomRevenue, extrasRevenue: p.extrasRevenue, commission: p.commission });

/** Room revenue by stay month, channel and category with its commission and net: the rows behind both reports. */
function breakdownSheet(s: ExportScope, kind: "financial" | "commissions"): Sheet {
  const { t } = s;
  const columns =
    kind === "financial"
      ? [column(t, "month", "text"), column(t, "channel", "text"), column(t, "category", "text"), column(t, "room_nights", "integer"), column(t, "room_revenue", "money"), column(t, "extras_revenue", "money"), column(t, "gross_revenue", "money"), column(t, "commission", "money"), column(t, "net_revenue", "money")]
      : [column(t, "month", "text"), column(t, "channel", "text"), column(t, "category", "text"), column(t, "room_nights", "integer"), column(t, "room_revenue", "money"), column(t, "commission_percent", "percent"), column(t, "commission_source", "text"), column(t, "commission", "money")];
  async function* pages() {
    const parts = await revenueBreakdown(s.db, s.businessId, s.from, s.to);
    yield parts.map((p) =>
      kind === "financial"
        ? [p.month, channelName(t, p.channel), p.categoryName, p.roomNights, p.roomRevenue, p.extrasRevenue, kpis(p).totalRevenue, p.commission, kpis(p).netRevenue]
        : [p.month, channelName(t, p.channel), p.categoryName, p.roomNights, p.roomRevenue, p.commissionPercent, t(`reports:commissions.source.${p.commissionSource}`), p.commission],
    );
  }
  return { name: t(`reports:export.kind.${kind}`), columns, pages: pages() };
}

/** A 0–1 ratio as a percent with two decimals, for the files. */
const percentOf = (ratio: number | null) => (ratio === null ? null : Math.round(ratio * 10_000) / 100);
const centsOf = (value: number | null) => (value === null ? null : Math.round(value));

/** Month by month, the figures of /monthly: supply, sales, occupancy, ADR, RevPAR and revenue. */
function monthlySheet(s: ExportScope): Sheet {
  const { t } = s;
  const columns = [
    column(t, "month", "text"), column(t, "rooms_available", "integer"), column(t, "room_nights", "integer"), column(t, "occupancy", "percent"),
    column(t, "adr", "money"), column(t, "revpar", "money"), column(t, "room_revenue", "money"), column(t, "extras_revenue", "money"),
    column(t, "gross_revenue", "money"), column(t, "commission", "money"), column(t, "net_revenue", "money"),
  ];
  async function* pages() {
    const rows = await stayTotalsBy(s.db, { id: s.businessId, timezone: s.timezone }, { from: s.from, to: s.to }, "month");
    yield rows.map(({ key, totals }) => {
      const k = stayKpis(totals);
      return [key, k.roomsAvailable, k.roomNightsSold, percentOf(k.occupancy), centsOf(k.adr), centsOf(k.revpar), k.roomRevenue, k.extrasRevenue, k.totalRevenue, k.commission, k.netRevenue];
    });
  }
  return { name: t("reports:export.kind.monthly"), columns, pages: pages() };
}

/** A group's name in the file, in the caller's language: channels and weekdays by name, categories by theirs; the rest as keyed. */
async function groupLabels(s: ExportScope) {
  const { t } = s;
  const config = await loadPricingConfig(s.db, s.businessId);
  const categories = new Map(config.room_categories.map((c) => [c.uuid, c.name]));
  const weekday = new Intl.DateTimeFormat(s.locale, { weekday: "long", timeZone: "UTC" });
  return (dimension: string, key: string) => {
    if (dimension === "channel") return channelName(t, key);
    if (dimension === "category") return categories.get(key) ?? key;
    // 1970-01-04 was a Sunday (weekday "0").
    if (dimension === "weekday") return weekday.format(new Date(Date.UTC(1970, 0, 4 + Number(key))));
    if (dimension === "country") return key || t("reports:export.unknownCountry");
    return key;
  };
}

/** The sales mix of /sales-dashboard: the stay figures by channel, category, weekday, lead time, length of stay and country. */
function salesSheet(s: ExportScope): Sheet {
  const { t } = s;
  const columns = [
    column(t, "dimension", "text"), column(t, "value", "text"), column(t, "room_nights", "integer"), column(t, "room_revenue", "money"),
    column(t, "revenue_share", "percent"), column(t, "adr", "money"), column(t, "commission", "money"),
  ];
  const dimensions = ["channel", "category", "weekday", "lead_time", "length_of_stay", "country"] as const;
  async function* pages() {
    const label = await groupLabels(s);
    for (const dimension of dimensions) {
      const rows = await stayTotalsBy(s.db, { id: s.businessId, timezone: s.timezone }, { from: s.from, to: s.to }, dimension);
      const whole = rows.reduce((sum, r) => sum + r.totals.roomRevenue, 0);
      yield rows
        .filter((r) => r.totals.roomNightsSold > 0)
        .map(({ key, totals }) => {
          const k = stayKpis(totals);
          return [t(`reports:export.dimension.${dimension}`), label(dimension, key), k.roomNightsSold, k.roomRevenue, percentOf(share(k.roomRevenue, whole)), centsOf(k.adr), k.commission];
        });
    }
  }
  return { name: t("reports:export.kind.sales"), columns, pages: pages() };
}

/**
 * Pickup and pace by stay month, as /tracking shows them: each month with a night in the period
 * (whole months) on the books today, its pickup over the last 1, 7 and 30 days (its nights from
 * today on, as the pickup view), and the same month a year earlier at the same lead and as it ended.
 */
function pickupPaceSheet(s: ExportScope): Sheet {
  const { t } = s;
  const columns = [
    column(t, "month", "text"), column(t, "rooms_available", "integer"), column(t, "on_the_books", "integer"), column(t, "occupancy", "percent"),
    column(t, "on_the_books_revenue", "money"),
    ...PICKUP_WINDOW_DAYS.flatMap((w) => [
      { key: `pickup_${w}`, header: t("reports:export.column.pickup", { count: w }), kind: "integer" as const },
      { key: `pickup_revenue_${w}`, header: t("reports:export.column.pickup_revenue", { count: w }), kind: "money" as const },
    ]),
    column(t, "last_year_month", "text"), column(t, "last_year_on_the_books", "integer"), column(t, "last_year_on_the_books_revenue", "money"),
    column(t, "last_year_final", "integer"), column(t, "change_room_nights", "decimal"), column(t, "change_revenue", "decimal"),
  ];
  async function* pages() {
    const business = { id: s.businessId, timezone: s.timezone };
    const months = monthsBetween(s.from, s.to);
    const lastNight = monthNights(months[months.length - 1]).last;
    const [pace, pickup] = await Promise.all([
      paceMonths(s.db, business, { asOf: s.today, today: s.today, months }),
      lastNight >= s.today ? pickupByMonth(s.db, business, { asOf: s.today, from: s.today, to: lastNight, windows: PICKUP_WINDOW_DAYS }) : null,
    ]);
    yield pace.months.map((m) => {
      const p = pickup?.(m.month);
      return [
        m.month, m.capacity, m.on_the_books.room_nights, percentOf(m.on_the_books.occupancy ?? null), m.on_the_books.revenue,
        ...PICKUP_WINDOW_DAYS.flatMap((w) => [p?.[w].roomNights ?? 0, p?.[w].revenue ?? 0]),
        m.last_year.month, m.last_year.on_the_books.room_nights, m.last_year.on_the_books.revenue,
        m.last_year.final?.room_nights ?? null, m.change.room_nights_percent, m.change.revenue_percent,
      ];
    });
  }
  return { name: t("reports:export.kind.pickup-pace"), columns, pages: pages() };
}

/**
 * The forecast per night of the period from today on (at most a year ahead), as /tracking's
 * forecast view: on the books, expected rooms occupied with their 80 % range, occupancy and
 * revenue, the method used, and beside each night the scorecard's measured error at the distance
 * that speaks for it (horizonFor), in % and in rooms.
 */
function forecastSheet(s: ExportScope): Sheet {
  const { t } = s;
  const columns = [
    column(t, "date", "date"), column(t, "days_before", "integer"), column(t, "rooms_available", "integer"), column(t, "on_the_books", "integer"),
    column(t, "on_the_books_occupancy", "percent"), column(t, "forecast_room_nights", "decimal"), column(t, "forecast_low", "decimal"), column(t, "forecast_high", "decimal"),
    column(t, "forecast_occupancy", "percent"), column(t, "forecast_revenue", "money"), column(t, "method", "text"), column(t, "accuracy_days", "integer"),
    column(t, "mape", "decimal"), column(t, "error_rooms", "decimal"),
  ];
  async function* pages() {
    const from = s.from > s.today ? s.from : s.today;
    const last = addDays(s.today, MAX_TRACKING_NIGHTS - 1);
    const to = s.to < last ? s.to : last;
    if (from > to || !s.forecast) return;
    const q = { today: s.today, from, to, currency: s.currency, category: s.forecast.category };
    const f = forecastAnswerOf(await forecastOfBusiness(s.db, { id: s.businessId, timezone: s.timezone }, q), q);
    const scored = f.scorecard?.horizons ?? [];
    yield f.nights.map((n) => {
      const h = scored.length ? scored.find((x) => x.days === horizonFor(n.days_before, scored.map((y) => y.days))) : undefined;
      return [
        n.date, n.days_before, n.capacity, n.on_the_books.room_nights, percentOf(n.on_the_books.occupancy ?? null), n.forecast.room_nights, n.low, n.high,
        percentOf(n.forecast.occupancy), n.forecast.revenue, t(`tracking:forecast.method.${n.method}`), h?.days ?? null, h?.forecast.percent ?? null, h?.forecast.rooms ?? null,
      ];
    });
  }
  return { name: t("reports:export.kind.forecast"), columns, pages: pages() };
}

const CELL_OF_UNIT: Record<ReturnType<typeof metricUnit>, CellKind> = { money: "money", ratio: "percent", count: "integer", days: "decimal" };

/**
 * The explorer's question (/business-intelligence: metrics, dimension, period, comparison): one
 * row per group with each metric beside its comparison, then the total, as the page's table.
 */
function explorerSheet(s: ExportScope): Sheet {
  const { t } = s;
  const q = s.question!;
  const camel = (m: string) => m.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
  const header = (m: ExploreMetric) => {
    const name = t(`intelligence:metric.${camel(m)}`);
    return metricUnit(m) === "ratio" ? t("reports:export.percentHeader", { name }) : name;
  };
  const columns: SheetColumn[] = [
    { key: "group", header: t(`intelligence:dimension.${q.dimension}`), kind: "text" },
    ...(q.compare ? [column(t, "compared_with", "text")] : []),
    ...q.metrics.flatMap((m) => {
      const kind = CELL_OF_UNIT[metricUnit(m)];
      const own = { key: m, header: header(m), kind };
      return q.compare ? [own, { key: `${m}_compared`, header: t("intelligence:explore.compared", { metric: header(m) }), kind }] : [own];
    }),
  ];
  const cell = (m: ExploreMetric, v: number | null | undefined) => (v === null || v === undefined ? null : metricUnit(m) === "ratio" ? percentOf(v) : v);
  const values = (own: Record<string, number | null | undefined>, other: Record<string, number | null | undefined> | null) =>
    q.metrics.flatMap((m) => (q.compare ? [cell(m, own[m]), cell(m, other?.[m])] : [cell(m, own[m])]));
  async function* pages() {
    const [answer, label] = await Promise.all([explore(s.db, q.business, { metrics: q.metrics, dimension: q.dimension, period: { from: s.from, to: s.to }, compare: q.compare }), groupLabels(s)]);
    yield [
      ...answer.rows.map((r) => [r.label ?? label(q.dimension, r.key), ...(q.compare ? [r.compare_key === null ? null : label(q.dimension, r.compare_key)] : []), ...values(r.values, r.compare)]),
      [t("intelligence:table.total"), ...(q.compare ? [null] : []), ...values(answer.total, answer.compare_total)],
    ];
  }
  return { name: t("reports:export.kind.explorer"), columns, pages: pages() };
}

export function exportSheet(kind: ExportKind, scope: ExportScope): Sheet {
  switch (kind) {
    case "reservations":
      return reservationsSheet(scope);
    case "daily-prices":
      return dailyPricesSheet(scope);
    case "financial":
    case "commissions":
      return breakdownSheet(scope, kind);
    case "monthly":
      return monthlySheet(scope);
    case "sales":
      return salesSheet(scope);
    case "pickup-pace":
      return pickupPaceSheet(scope);
    case "forecast":
      return forecastSheet(scope);
    case "explorer":
      return explorerSheet(scope);
  }
}
