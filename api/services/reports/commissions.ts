import type { CommissionSource } from "#domain/reports/commission.ts";
import type { Database } from "#api/db/client.ts";
import { revenueBreakdown } from "#api/services/metrics/revenue-breakdown.ts";

export interface CommissionLine {
  room_nights: number;
  room_revenue: number;
  commission: number;
  /** commission ÷ room revenue in percent (two decimals), null without revenue. */
  effective_percent: number | null;
}

export interface CommissionReport {
  totals: CommissionLine;
  /** One line per channel × category: the percentage applied and where it comes from. */
  lines: (CommissionLine & { channel: string; room_category_uuid: string; name: string; percent: number; source: CommissionSource })[];
  channels: (CommissionLine & { channel: string })[];
  categories: (CommissionLine & { room_category_uuid: string; name: string })[];
}

const effective = (commission: number, revenue: number) => (revenue > 0 ? Math.round((commission / revenue) * 10_000) / 100 : null);

function line(nights: number, revenue: number, commission: number): CommissionLine {
  return { room_nights: nights, room_revenue: revenue, commission, effective_percent: effective(commission, revenue) };
}

/** Commission per channel and category over the stay nights of `from`..`to`. */
export async function commissionReport(db: Database, businessId: string, from: string, to: string): Promise<CommissionReport> {
  const parts = await revenueBreakdown(db, businessId, from, to);
  type Acc = { nights: number; revenue: number; commission: number };
  const lines = new Map<string, Acc & { channel: string; categoryId: string; name: string; percent: number; source: CommissionSource }>();
  const channels = new Map<string, Acc>();
  const categories = new Map<string, Acc & { name: string }>();
  const total: Acc = { nights: 0, revenue: 0, commission: 0 };
  const bump = (a: Acc, nights: number, revenue: number, commission: number) => {
    a.nights += nights;
    a.revenue += revenue;
    a.commission += commission;
  };
  for (const p of parts) {
    const key = `${p.channel}|${p.categoryId}`;
    if (!lines.has(key)) lines.set(key, { nights: 0, revenue: 0, commission: 0, channel: p.channel, categoryId: p.categoryId, name: p.categoryName, percent: p.commissionPercent, source: p.commissionSource });
    if (!channels.has(p.channel)) channels.set(p.channel, { nights: 0, revenue: 0, commission: 0 });
    if (!categories.has(p.categoryId)) categories.set(p.categoryId, { nights: 0, revenue: 0, commission: 0, name: p.categoryName });
    for (const a of [lines.get(key)!, channels.get(p.channel)!, categories.get(p.categoryId)!, total]) bump(a, p.roomNights, p.roomRevenue, p.commission);
  }
  return {
    totals: line(total.nights, total.revenue, total.commission),
    lines: [...lines.values()]
      .map((l) => ({ channel: l.channel, room_category_uuid: l.categoryId, name: l.name, percent: l.percent, source: l.source, ...line(l.nights, l.revenue, l.commission) }))
      .sort((a, b) => a.channel.localeCompare(b.channel)),
    channels: [...channels].map(([channel, a]) => ({ channel, ...line(a.nights, a.revenue, a.commission) })).sort((a, b) => b.commission - a.commission),
    categories: [...categories].map(([id, a]) => ({ room_category_uuid: id, name: a.name, ...line(a.nights, a.revenue, a.commission) })),
  };
}
