// The revenue brain's pure part after one booking (issue 27's goal): the engine's calendar twice
// (the price in force and the rules' price) and recommend() for 365 nights x 20 categories. The
// database reads around it are not timed here. Needs no server.
import type { BenchSuite } from "#bench/types.ts";
import { nightDemand, recommend, DEFAULT_GUARDRAILS, type RecommendInput } from "#domain/brain/index.ts";
import { addDays, priceCalendar } from "#domain/pricing/index.ts";
import { benchConfig } from "./pricing-engine.ts";

const RUNS = 30;
const WARMUP = 10;
const FROM = "2026-01-01";
const TODAY = "2025-12-31";
const DAYS = 365;

/** A curve like a small hotel's: rooms on the books fall off linearly over 120 days before the night. */
const curve = { nights: 30, rooms: Array.from({ length: 366 }, (_, d) => Math.max(0, 30 * 10 * (1 - d / 120))) };

function recomputeOnce(): number {
  const config = benchConfig();
  const query = { from: FROM, to: addDays(FROM, DAYS - 1), today: TODAY };
  const current = priceCalendar(config, query);
  const rules = priceCalendar({ ...config, manual_prices: [] }, query);
  let moves = 0;
  for (let i = 0; i < current.length; i++) {
    const rate = current[i];
    const lead = i / 20;
    const input: RecommendInput = {
      night: rate.date,
      categoryId: rate.categoryId,
      today: TODAY,
      current: rate.rate,
      base: rules[i].rate,
      fixedByOwner: false,
      priceAtDayStart: null,
      priceWeekAgo: null,
      floor: 20_000,
      ceiling: 90_000,
      lastSold: null,
      demand: nightDemand({ curve, weekdayFactor: 1, lead, onTheBooks: (i % 7) + 1, capacity: 14 }),
      marketMedian: 30_000,
      holidays: [],
      events: [],
    };
    if (recommend(input, DEFAULT_GUARDRAILS).status === "move") moves++;
  }
  return moves;
}

export const run: BenchSuite = async () => {
  for (let i = 0; i < WARMUP; i++) recomputeOnce();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    recomputeOnce();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const median = (times[(RUNS - 1) >> 1] + times[RUNS >> 1]) / 2;
  return [{ name: "brain: recompute 365 nights x 20 categories (pure part)", value: Math.round(median * 100) / 100, unit: "ms", goal: "<= 50 ms CPU (27)" }];
};
