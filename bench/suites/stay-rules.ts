// Stay rules (issue 28's goals): the effective rules of 365 nights x 20 categories (base, a
// weekend demand rule, orphan gaps on a busy inventory, a few overrides), pure CPU, and the
// public booking engine's offers for a 3-night search on the bench server (p95), which now
// judges each stay with the rules.
import type { BenchContext, BenchRow, BenchSuite } from "#bench/types.ts";
import { addDays } from "#domain/pricing/dates.ts";
import { categoryRules, DEFAULT_BASE_RULES, DEFAULT_GAP_SETTINGS, stayRuleChanges, type DemandRule } from "#domain/stay-rules/index.ts";

const RUNS = 30;
const WARMUP = 10;
const TODAY = "2026-01-01";
const NIGHTS = 365;
const CATEGORIES = 20;
/** Searches from one address that become quotes (the rate limiter's engineQuotesIp, 30 an hour), less a margin. */
const QUOTED_SEARCHES = 25;

const demand: DemandRule[] = [
  { id: "weekend", categoryId: null, weekdays: [5, 6], from: null, to: null, appliesTo: "arrival", minStay: 2, relaxInsideDays: 7, relaxBelowOccupancyPercent: 50, relaxedMinStay: 1 },
  { id: "summer", categoryId: null, weekdays: [], from: "2026-12-20", to: "2027-01-10", appliesTo: "through", minStay: 3, relaxInsideDays: 3, relaxBelowOccupancyPercent: null, relaxedMinStay: 2 },
];
// A busy one-room-ish inventory: full nights every 3rd and 5th day leave many short holes.
const free = Array.from({ length: NIGHTS + 20 }, (_, i) => (i % 3 === 0 || i % 5 === 0 ? 0 : 1));
const overrides = new Map([[addDays(TODAY, 40), { minStayArrival: 3 }], [addDays(TODAY, 41), { closedToArrival: true }]]);

/** `held`: the recommend / autopilot modes (ADR 0050), the rules and the brain's changes of every night. */
function computeOnce(held = false): number {
  let gaps = 0;
  for (let c = 0; c < CATEGORIES; c++) {
    const r = categoryRules({
      categoryId: `c${c}`,
      from: TODAY,
      to: addDays(TODAY, NIGHTS - 1),
      today: TODAY,
      base: { ...DEFAULT_BASE_RULES, weekendMinStay: 2, closedToArrival: [0] },
      demandRules: demand,
      occupancy: () => 60,
      inventory: { from: TODAY, free },
      gaps: DEFAULT_GAP_SETTINGS,
      overrides,
      held,
    });
    gaps += held ? stayRuleChanges(r.nights, TODAY).length : r.gaps.length;
  }
  return gaps;
}

/**
 * The public offers of a 3-night search. The first searches from one address are kept as the
 * brain's quotes (ADR 0064, 30 an hour) and timed one by one; the load after them answers the
 * same offers without writing.
 */
async function engineOffers(ctx: BenchContext): Promise<BenchRow[]> {
  const arrival = addDays(new Date().toISOString().slice(0, 10), 30);
  const path = `/api/public/booking-engines/pousada-mare-alta/offers?arrival=${arrival}&departure=${addDays(arrival, 3)}&adults=2&children=0`;
  const kept: number[] = [];
  for (let i = 0; i < QUOTED_SEARCHES; i++) {
    const t0 = performance.now();
    const res = await fetch(`${ctx.baseUrl}${path}`);
    const body = (await res.json()) as { data?: { offers?: unknown[] } };
    if (res.status !== 200 || !body.data?.offers?.length) throw new Error(`the offers answered ${res.status} without offers`);
    kept.push(performance.now() - t0);
  }
  kept.sort((a, b) => a - b);
  const r = await ctx.load(path, { concurrency: 1, seconds: 5 });
  const ms = (x: number) => Math.round(x * 10) / 10;
  return [
    { name: `stay rules: booking engine offers, 3-night search, kept as quotes (${QUOTED_SEARCHES} searches), p95`, value: ms(kept[Math.floor(0.95 * (kept.length - 1))]), unit: "ms", goal: "<= 100 ms p95 (28)" },
    { name: "stay rules: booking engine offers, 3-night search, past the address's quotes, p95", value: ms(r.p95), unit: "ms", goal: "<= 100 ms p95 (28)" },
  ];
}

/** CPU median of `RUNS` computations, ms. */
function cpuMedian(held: boolean): number {
  for (let i = 0; i < WARMUP; i++) computeOnce(held);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = process.cpuUsage();
    computeOnce(held);
    const used = process.cpuUsage(t0);
    times.push((used.user + used.system) / 1000);
  }
  times.sort((a, b) => a - b);
  return Math.round(((times[(RUNS - 1) >> 1] + times[RUNS >> 1]) / 2) * 100) / 100;
}

export const run: BenchSuite = async (ctx) => {
  const rows: BenchRow[] = [
    { name: "stay rules: 365 nights x 20 categories (pure)", value: cpuMedian(false), unit: "ms", goal: "<= 20 ms CPU (28)" },
    { name: "stay rules held (recommend/autopilot) + the brain's changes: 365 x 20 (pure)", value: cpuMedian(true), unit: "ms", goal: "<= 20 ms CPU (28)" },
  ];
  if (ctx?.baseUrl) rows.push(...(await engineOffers(ctx)));
  return rows;
};
