import { sql } from "drizzle-orm";
import type { TFunction } from "i18next";
import { addDays } from "../../../domain/pricing/index.ts";
import type { ExportKind } from "../../../domain/schemas/reports.ts";
import type { Database } from "../../db/client.ts";
import { rowsOf } from "../bookings/db.ts";
import { loadPricingConfig } from "../pricing/config.ts";
import { currentRates } from "../pricing/rates.ts";
import { revenueBreakdown, type RevenuePart } from "../metrics/revenue-breakdown.ts";
import { share, stayKpis } from "../../../domain/metrics/index.ts";
import { stayTotalsBy } from "../metrics/index.ts";
import type { Sheet, SheetColumn } from "./writers.ts";

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
  t: TFunction;
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

/** The sales mix of /sales-dashboard: the stay figures by channel, category, weekday, lead time, length of stay and country. */
function salesSheet(s: ExportScope): Sheet {
  const { t } = s;
  const columns = [
    column(t, "dimension", "text"), column(t, "value", "text"), column(t, "room_nights", "integer"), column(t, "room_revenue", "money"),
    column(t, "revenue_share", "percent"), column(t, "adr", "money"), column(t, "commission", "money"),
  ];
  const dimensions = ["channel", "category", "weekday", "lead_time", "length_of_stay", "country"] as const;
  async function* pages() {
    const config = await loadPricingConfig(s.db, s.businessId);
    const categories = new Map(config.room_categories.map((c) => [c.uuid, c.name]));
    const weekday = new Intl.DateTimeFormat(s.locale, { weekday: "long", timeZone: "UTC" });
    const label = (dimension: (typeof dimensions)[number], key: string) => {
      if (dimension === "channel") return channelName(t, key);
      if (dimension === "category") return categories.get(key) ?? key;
      // 1970-01-04 was a Sunday (weekday "0").
      if (dimension === "weekday") return weekday.format(new Date(Date.UTC(1970, 0, 4 + Number(key))));
      if (dimension === "country") return key || t("reports:export.unknownCountry");
      return key;
    };
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
  }
}
