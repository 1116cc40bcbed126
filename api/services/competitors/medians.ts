/** The competitors' median rate per night, read by the revenue brain and the booking engine's quotes. */
import { nightStats } from "#domain/competitors/market.ts";
import type { Database } from "#api/db/client.ts";
import { competitorsOf, ratesBetween } from "./store.ts";

/** The competitors' median rate per night (active competitors only). */
export async function marketOf(db: Database, businessId: string, from: string, to: string): Promise<Map<string, number>> {
  const [set, observations] = await Promise.all([competitorsOf(db, businessId), ratesBetween(db, businessId, from, to)]);
  const active = new Set(set.filter((c) => c.active).map((c) => c.id));
  const byNight = new Map<string, (number | null)[]>();
  for (const o of observations) {
    if (!active.has(o.competitorId)) continue;
    const list = byNight.get(o.date) ?? [];
    list.push(o.rate);
    byNight.set(o.date, list);
  }
  const out = new Map<string, number>();
  for (const [night, rates] of byNight) {
    const median = nightStats(rates).median;
    if (median) out.set(night, median);
  }
  return out;
}
