// Who sets the price in the simulator: the owner's static rules, or the brain in autopilot (the
// real domain/brain recommend() with its guardrails, fed the signals api/services/brain/signals.ts
// reads, computed from the simulated books). Issue 28's stay rules plug in through
// StayRulesHook (bench/simulator/stay-rules.ts) without touching the loop.
import { nightDemand, type BookingCurve } from "#domain/brain/demand.ts";
import { recommend } from "#domain/brain/recommend.ts";
import { fitResponse, type Quote, type ResponseFit } from "#domain/brain/response.ts";
import { DEFAULT_GUARDRAILS, type Guardrails, type NightDemand, type RecommendInput } from "#domain/brain/types.ts";
import { weekdayOfDayNumber } from "#domain/pricing/dates.ts";
import type { Cents } from "#domain/pricing/types.ts";
import { MAX_LEAD } from "./calibration.ts";
import type { Hotel } from "./hotel.ts";
import { marketMedian, type Guest, type World } from "./world.ts";

/** What a pricing policy answers and hears. `price` is asked once per would-be guest. */
export interface PricingPolicy {
  readonly name: string;
  /** The start of `day`, before any guest asks (the brain's nightly run). */
  startOfDay?(hotel: Hotel, day: number): void;
  /** The price of the night and category quoted on `day`. */
  price(hotel: Hotel, night: number, category: number, day: number): Cents;
  /** A booking or a cancellation moved the night's books (the event-driven recomputation). */
  booksMoved?(hotel: Hotel, night: number, day: number): void;
  /** The booking engine quoted `guest` a stay: x = ln(its price ÷ the market's for the same nights), and whether the guest booked. */
  quoted?(day: number, x: number, booked: boolean, guest: Guest): void;
}

/** A stay as the simulator books it: the first night and how many. */
export interface SimStay {
  arrival: number;
  nights: number;
}

/**
 * Issue 28's stay rules (bench/simulator/stay-rules.ts): asked before a would-be guest is quoted,
 * it answers the stay to quote — the one asked, or the one the booking engine would suggest
 * instead — or null: the guest walks away. Without a hook every stay asked is quoted.
 */
export interface StayRulesHook {
  readonly name: string;
  /** The hook this one is measured against (its `name`); none: against no stay rules at all. */
  readonly comparedWith?: string;
  offer(hotel: Hotel, guest: Guest, day: number): SimStay | null;
}

/** The owner's rules as the engine prices them (the demo's static rules). */
export const staticRules: PricingPolicy = {
  name: "static rules",
  price: (hotel, night, category, day) => hotel.rules(night, category, day).rate,
};

export interface Curves {
  month: Map<string, BookingCurve>;
  weekday: (BookingCurve | null)[];
  all: BookingCurve;
}

const DAYS_OF_CURVES = 365;
/** The booking curves are read again every this many days (they move by a day's data at a time). */
export const CURVES_EVERY = 7;

/**
 * The expected booking curves of each category from the nights of the year before `today`, as
 * api/services/metrics/on-the-books.ts bookingCurvesBy() sums them (a cancellation takes its room
 * off at the lead it left; only cancellations already made count).
 */
export function curvesFromBooks(hotel: Hotel, today: number): Curves[] {
  const from = today - DAYS_OF_CURVES;
  const to = today - 1;
  const month = (night: number) => hotel.date(night).slice(0, 7);
  const monthNights = new Map<string, number>();
  const weekdayNights = new Array(7).fill(0);
  for (let d = Math.max(from, hotel.firstNight); d <= to; d++) {
    monthNights.set(month(d), (monthNights.get(month(d)) ?? 0) + 1);
    weekdayNights[weekdayOfDayNumber(d)]++;
  }
  const blank = () => new Float64Array(MAX_LEAD + 1);
  const byMonth = hotel.rooms.map(() => new Map<string, Float64Array>());
  const byWeekday = hotel.rooms.map(() => Array.from({ length: 7 }, blank));
  const all = hotel.rooms.map(blank);
  const mark = (b: { night: number; category: number }, lead: number, rooms: number) => {
    const d = Math.min(lead, MAX_LEAD);
    const key = month(b.night);
    let m = byMonth[b.category].get(key);
    if (!m) byMonth[b.category].set(key, (m = blank()));
    m[d] += rooms;
    byWeekday[b.category][weekdayOfDayNumber(b.night)][d] += rooms;
    all[b.category][d] += rooms;
  };
  for (const b of hotel.bookings) {
    if (b.night < from || b.night > to) continue;
    if (b.night - b.day >= 0) mark(b, b.night - b.day, 1);
    if (b.cancelledOn != null && b.cancelledOn < today && b.night - b.cancelledOn >= 0) mark(b, b.night - b.cancelledOn, -1);
  }
  const cumulative = (xs: Float64Array) => {
    for (let d = MAX_LEAD - 1; d >= 0; d--) xs[d] += xs[d + 1];
    return Array.from(xs);
  };
  const nightsInWindow = [...monthNights.values()].reduce((a, b) => a + b, 0);
  return hotel.rooms.map((_, c) => {
    const monthCurves = new Map<string, BookingCurve>();
    for (const [key, rooms] of byMonth[c]) if (monthNights.has(key)) monthCurves.set(key, { nights: monthNights.get(key)!, rooms: cumulative(rooms) });
    const any = monthCurves.size > 0;
    return {
      month: monthCurves,
      weekday: byWeekday[c].map((rooms, w) => (any && weekdayNights[w] ? { nights: weekdayNights[w], rooms: cumulative(rooms) } : null)),
      all: { nights: any ? nightsInWindow : 0, rooms: any ? cumulative(all[c]) : [] },
    };
  });
}

function weekdayFactor(c: Curves, day: number): number {
  const w = c.weekday[day];
  if (!w || w.nights === 0 || c.all.nights === 0 || !c.all.rooms[0]) return 1;
  return w.rooms[0] / w.nights / (c.all.rooms[0] / c.all.nights);
}

function lastYearMonth(date: string): string {
  return `${Number(date.slice(0, 4)) - 1}${date.slice(4, 7)}`;
}

/**
 * A night's demand for category `c` on `day` as the brain reads it without a forecast (signals.ts):
 * the category's booking curve of the same month last year (else the year's), scaled by weekday.
 */
export function curveDemand(hotel: Hotel, curves: readonly Curves[], night: number, c: number, day: number): NightDemand {
  const cv = curves[c];
  return nightDemand({
    curve: cv ? (cv.month.get(lastYearMonth(hotel.date(night))) ?? (cv.all.nights ? cv.all : null)) : null,
    weekdayFactor: cv ? weekdayFactor(cv, weekdayOfDayNumber(night)) : 1,
    lead: night - day,
    onTheBooks: hotel.sold(night, c),
    capacity: hotel.rooms[c],
  });
}

/**
 * The share of would-be guests whose quote the hotel's booking page sees (ADR 0064): 1 in the
 * simulator's market, where every guest asks the hotel; a real hotel sees only its own page's
 * guests (`SIM_QUOTES_SEEN=0.33` runs the brain on a third of them, 0 without quotes at all).
 */
export const QUOTES_SEEN = Number(process.env.SIM_QUOTES_SEEN ?? 1);

/** Whether the booking page saw `guest`: the fractional part of 7919 × the guest's own draw, so nearly independent of that draw (whether they book) and the same for both policies. */
function seenByTheEngine(guest: Guest, share: number): boolean {
  return share >= 1 || (guest.u * 7919) % 1 < share;
}

/**
 * The brain in autopilot from `from` (a day number) on, with `guardrails` (the defaults unless
 * said): every morning it recomputes the nights of the next year; after each booking or
 * cancellation, the nights it touched. Before `from` the static rules price.
 */
export function brainAutopilot(world: World, from: number, guardrails: Guardrails = DEFAULT_GUARDRAILS, quotesSeen = QUOTES_SEEN): PricingPolicy & { moves: number } {
  /** Prices the brain set, per cell; a cell it never moved has the rules' price. */
  const set = new Map<number, Cents>();
  /** The price of each cell at the start of each of the last 8 days ([0, 8)) and the day each was written ([8, 16)). */
  const history = new Map<number, Int32Array>();
  const priceOn = (h: Int32Array | undefined, day: number) => (h && h[8 + (day % 8)] === day ? h[day % 8] : null);
  let curves: Curves[] = [];
  let curvesDay = Number.NEGATIVE_INFINITY;
  const quotes: (Quote & { day: number })[] = [];
  let response: ResponseFit | null = null;
  const policy = {
    name: "brain (autopilot)",
    moves: 0,
    startOfDay(hotel: Hotel, day: number) {
      if (day < from) return;
      if (day - curvesDay >= CURVES_EVERY) {
        curves = curvesFromBooks(hotel, day);
        curvesDay = day;
        response = fitResponse(quotes.filter((q) => q.day >= day - DAYS_OF_CURVES));
      }
      const last = Math.min(hotel.lastNight, day + MAX_LEAD - 1);
      for (let night = Math.max(day, hotel.firstNight); night <= last; night++) {
        for (let c = 0; c < hotel.rooms.length; c++) {
          const cell = hotel.cell(night, c);
          let h = history.get(cell);
          if (!h) history.set(cell, (h = new Int32Array(16)));
          h[day % 8] = set.get(cell) ?? hotel.rules(night, c, day).rate;
          h[8 + (day % 8)] = day;
        }
        recompute(hotel, night, day);
      }
    },
    price(hotel: Hotel, night: number, category: number, day: number) {
      return (day >= from ? set.get(hotel.cell(night, category)) : undefined) ?? hotel.rules(night, category, day).rate;
    },
    booksMoved(hotel: Hotel, night: number, day: number) {
      if (day >= from && night >= day) recompute(hotel, night, day);
    },
    quoted(day: number, x: number, booked: boolean, guest: Guest) {
      if (seenByTheEngine(guest, quotesSeen)) quotes.push({ day, x, booked });
    },
  };

  function recompute(hotel: Hotel, night: number, day: number) {
    const reference = hotel.rules(night, 0, day).rate;
    const median = marketMedian(world, night, day, marketReference(hotel, night, day));
    const date = hotel.date(night);
    for (let c = 0; c < hotel.rooms.length; c++) {
      const cell = hotel.cell(night, c);
      const rules = hotel.rules(night, c, day);
      const current = set.get(cell) ?? rules.rate;
      const h = history.get(cell);
      const input: RecommendInput = {
        night: date,
        categoryId: hotel.categoryIds[c],
        today: hotel.date(day),
        current,
        base: rules.rate,
        fixedByOwner: false,
        priceAtDayStart: priceOn(h, day),
        priceWeekAgo: priceOn(h, day - 7),
        ...hotel.boundsOf(rules),
        lastSold: hotel.lastSold(night, c),
        demand: curveDemand(hotel, curves, night, c, day),
        marketMedian: Math.round((median * rules.rate) / reference),
        holidays: [],
        events: [],
        response,
      };
      const r = recommend(input, guardrails);
      if (r.status === "move") {
        set.set(cell, r.value);
        policy.moves++;
      }
    }
  }
  return policy;
}

/**
 * The market's reference price of the reference category for a night: what the owner's rules
 * ask at a middling occupancy (the band of 40–70 %). The owner set the rules by looking at the town.
 */
export function marketReference(hotel: Hotel, night: number, day: number): number {
  return hotel.rulesAt(night, 0, day, 50).rate;
}
