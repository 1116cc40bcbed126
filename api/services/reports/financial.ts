import { addStayTotals, EMPTY_STAY_TOTALS, stayKpis, type StayTotals } from "#domain/metrics/index.ts";
import { monthsBetween } from "#domain/reports/period.ts";
import type { Database } from "#api/db/client.ts";
import { revenueBreakdown, type RevenuePart } from "#api/services/metrics/revenue-breakdown.ts";
import { receivables, type Receivables } from "./receivables.ts";

/** One line of the financial report, money in cents (docs/metrics.md definitions). */
export interface FinancialLine {
  room_nights: number;
  room_revenue: number;
  extras_revenue: number;
  /** Room revenue + extras (the metrics module's total revenue). */
  gross_revenue: number;
  commission: number;
  /** Gross revenue − commission. */
  net_revenue: number;
}

const totalsOf = (p: RevenuePart): StayTotals => ({ roomsAvailable: null, roomNightsSold: p.roomNights, roomRevenue: p.roomRevenue, extrasRevenue: p.extrasRevenue, commission: p.commission });

function lineOf(t: StayTotals): FinancialLine {
  const k = stayKpis(t);
  return { room_nights: k.roomNightsSold, room_revenue: k.roomRevenue, extras_revenue: k.extrasRevenue, gross_revenue: k.totalRevenue, commission: k.commission, net_revenue: k.netRevenue };
}

/** Sums the parts by a key, keeping the first-seen order (`seed` keys first, even when empty). */
function sumBy(parts: RevenuePart[], key: (p: RevenuePart) => string, seed: string[] = []): [string, FinancialLine][] {
  const sums = new Map<string, StayTotals>(seed.map((k) => [k, { ...EMPTY_STAY_TOTALS, roomsAvailable: null }]));
  for (const p of parts) sums.set(key(p), addStayTotals(sums.get(key(p)) ?? { ...EMPTY_STAY_TOTALS, roomsAvailable: null }, totalsOf(p)));
  return [...sums].map(([k, t]) => [k, lineOf(t)]);
}

export interface FinancialReport {
  totals: FinancialLine;
  months: (FinancialLine & { month: string })[];
  channels: (FinancialLine & { channel: string })[];
  categories: (FinancialLine & { room_category_uuid: string; name: string })[];
  receivables: Receivables;
}

/**
 * Gross and net revenue for the nights `from`..`to` by stay month, channel and category, with the
 * commissions deducted, and what past stays of the period still owe.
 */
export async function financialReport(db: Database, businessId: string, period: { from: string; to: string; today: string }): Promise<FinancialReport> {
  const [parts, owed] = await Promise.all([revenueBreakdown(db, businessId, period.from, period.to), receivables(db, businessId, period)]);
  const names = new Map(parts.map((p) => [p.categoryId, p.categoryName]));
  return {
    totals: lineOf(parts.map(totalsOf).reduce(addStayTotals, { ...EMPTY_STAY_TOTALS, roomsAvailable: null })),
    months: sumBy(parts, (p) => p.month, monthsBetween(period.from, period.to)).map(([month, line]) => ({ month, ...line })),
    channels: sumBy(parts, (p) => p.channel)
      .map(([channel, line]) => ({ channel, ...line }))
      .sort((a, b) => b.gross_revenue - a.gross_revenue),
    categories: sumBy(parts, (p) => p.categoryId).map(([id, line]) => ({ room_category_uuid: id, name: names.get(id) ?? "", ...line })),
    receivables: owed,
  };
}
