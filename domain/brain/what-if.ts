/**
 * The what-if (issue 27, point 3): before the owner saves the brain's settings, the next nights'
 * price, expected occupancy and expected revenue now and after, with a price response learned
 * from the hotel's own sales and said plainly how sure it is (docs/pricing.md "What-if").
 */
import type { Cents, IsoDate } from "#domain/pricing/types.ts";
import { expectedAt, PRICE_ELASTICITY } from "./recommend.ts";
import { elasticityAt, type ResponseFit } from "./response.ts";
import type { NightDemand } from "./types.ts";

/** How bookings answer price: rooms still to come × (new price ÷ price now)^elasticity. */
export interface PriceResponse {
  elasticity: number;
  /** The 80 % interval of the elasticity. */
  low: number;
  high: number;
  /**
   * "quotes": learnt from the booking engine's quotes (response.ts), the surest source; "history":
   * the hotel's own sales moved the estimate; "prior": too few, the published middle is
   * used; "unclear": enough sales, but they do not show price lowering bookings (the dear nights
   * were the busy ones), so the published middle is used and said to be so.
   */
  source: "quotes" | "history" | "prior" | "unclear";
  /** Quotes, or nights (with their lead-time band), the estimate was learned from. */
  samples: number;
  /** With `source: "quotes"`, the fit: each night is then read at its own price against the market. */
  fit?: ResponseFit;
}

/** The published range for leisure lodging (about −0.5 … −1.5) as a prior: mean −1, sd 0.5. */
const PRIOR_SD = 0.5;
/** Fewer nights than this and the history is not said to have taught anything. */
const MIN_SAMPLES = 30;
/** The estimate never says a dearer room sells more, nor that demand vanishes at a small rise. */
const BOUNDS = { most: -3, least: -0.2 };
const Z80 = 1.2816;

/**
 * The elasticity the booking engine's quotes show (response.ts): how much the share of guests who
 * book moves with price, beta × (1 − P), at the share booked `x` gives (the quotes' own share
 * when no `x`), with beta's 80 % interval.
 */
export function responseFromQuotes(fit: ResponseFit, x?: number): PriceResponse {
  const at = (beta: number) => Math.round(clampElasticity(x == null ? beta * (1 - fit.bookedShare) : elasticityAt(fit, x, beta)) * 100) / 100;
  const a = at(fit.beta - Z80 * fit.betaSe);
  const b = at(fit.beta + Z80 * fit.betaSe);
  return { elasticity: at(fit.beta), low: Math.min(a, b), high: Math.max(a, b), source: "quotes", samples: fit.quotes, fit };
}

/** One night's sales of a category in one lead-time band: rooms sold and their mean rate. */
export interface SalesCell {
  /** Nights of the same category, month and lead-time band are compared with each other. */
  group: string;
  rooms: number;
  price: Cents;
}

const clampElasticity = (e: number) => Math.min(BOUNDS.least, Math.max(BOUNDS.most, e));

/**
 * The elasticity from the hotel's sales: within each group, nights sold dearer against nights sold
 * cheaper (log rooms on log price, each group's mean taken out), the slope shrunk toward the prior
 * by its standard error. Only nights that sold are seen (a price nobody took leaves no trace), and
 * busy nights are often the dear ones, so the slope leans toward zero; the prior and the bounds
 * keep that from reading as "price does not matter".
 */
export function learnPriceResponse(cells: readonly SalesCell[]): PriceResponse {
  const groups = new Map<string, { x: number; y: number }[]>();
  for (const c of cells) {
    if (!(c.rooms > 0 && c.price > 0)) continue;
    const list = groups.get(c.group) ?? [];
    list.push({ x: Math.log(c.price), y: Math.log(c.rooms) });
    groups.set(c.group, list);
  }
  let sxx = 0;
  let sxy = 0;
  const points: { x: number; y: number }[] = [];
  for (const list of groups.values()) {
    if (list.length < 2) continue;
    const mx = list.reduce((s, p) => s + p.x, 0) / list.length;
    const my = list.reduce((s, p) => s + p.y, 0) / list.length;
    for (const p of list) {
      const x = p.x - mx;
      const y = p.y - my;
      sxx += x * x;
      sxy += x * y;
      points.push({ x, y });
    }
  }
  const prior = { elasticity: PRICE_ELASTICITY, low: PRICE_ELASTICITY - Z80 * PRIOR_SD, high: PRICE_ELASTICITY + Z80 * PRIOR_SD, source: "prior" as const, samples: points.length };
  if (points.length < MIN_SAMPLES || sxx <= 1e-9) return prior;
  const slope = sxy / sxx;
  const residual = points.reduce((s, p) => s + (p.y - slope * p.x) ** 2, 0) / Math.max(1, points.length - groups.size - 1);
  const se2 = residual / sxx;
  const w = se2 > 0 ? 1 / se2 : 1e6;
  const w0 = 1 / PRIOR_SD ** 2;
  const mean = (slope * w + PRICE_ELASTICITY * w0) / (w + w0);
  const sd = Math.sqrt(1 / (w + w0));
  if (mean > BOUNDS.least) return { ...prior, source: "unclear" };
  const round2 = (x: number) => Math.round(x * 100) / 100;
  return {
    elasticity: round2(clampElasticity(mean)),
    low: round2(clampElasticity(mean - Z80 * sd)),
    high: round2(clampElasticity(mean + Z80 * sd)),
    source: "history",
    samples: points.length,
  };
}

/** A night × category to compare: its demand and its price now and after the change. */
export interface WhatIfInput {
  night: IsoDate;
  categoryId: string;
  demand: NightDemand;
  before: Cents;
  after: Cents;
  /** The competitors' price of the night for the category, when known (read with the quotes' response). */
  market?: Cents | null;
}

export interface WhatIfNight {
  night: IsoDate;
  categoryId: string;
  priceBefore: Cents;
  priceAfter: Cents;
  occupancyBefore: number;
  occupancyAfter: number;
  /** Expected revenue of the rooms still to sell, cents. */
  revenueBefore: Cents;
  revenueAfter: Cents;
}

export interface WhatIfTotals {
  /** Room nights still to sell expected, and their revenue, now and after; `after` at the elasticity's 80 % interval too. */
  roomsBefore: number;
  roomsAfter: number;
  revenueBefore: Cents;
  revenueAfter: Cents;
  revenueAfterLow: Cents;
  revenueAfterHigh: Cents;
  /** Mean expected occupancy of the nights, percent. */
  occupancyBefore: number;
  occupancyAfter: number;
}

/** The comparison night by night and in total (occupancy counts the rooms on the books). */
export function whatIf(inputs: readonly WhatIfInput[], response: PriceResponse): { nights: WhatIfNight[]; totals: WhatIfTotals } {
  const nights: WhatIfNight[] = [];
  let revenueAfterA = 0;
  let revenueAfterB = 0;
  let roomsBefore = 0;
  let roomsAfter = 0;
  let capacity = 0;
  let onBooks = 0;
  for (const i of inputs) {
    // The quotes' response is read at the night's own price against the market (its local elasticity).
    const r = response.fit && i.market && i.before > 0 ? responseFromQuotes(response.fit, Math.log(i.before / i.market)) : response;
    const before = expectedAt(i.demand, i.before, i.before, r.elasticity);
    const after = expectedAt(i.demand, i.before, i.after, r.elasticity);
    revenueAfterA += expectedAt(i.demand, i.before, i.after, r.low).revenue;
    revenueAfterB += expectedAt(i.demand, i.before, i.after, r.high).revenue;
    roomsBefore += i.before > 0 ? before.revenue / i.before : 0;
    roomsAfter += i.after > 0 ? after.revenue / i.after : 0;
    capacity += i.demand.capacity;
    onBooks += Math.min(i.demand.onTheBooks, i.demand.capacity);
    nights.push({
      night: i.night,
      categoryId: i.categoryId,
      priceBefore: i.before,
      priceAfter: i.after,
      occupancyBefore: before.occupancy,
      occupancyAfter: after.occupancy,
      revenueBefore: before.revenue,
      revenueAfter: after.revenue,
    });
  }
  const sum = (pick: (n: WhatIfNight) => number) => nights.reduce((s, n) => s + pick(n), 0);
  const occupancy = (rooms: number) => (capacity > 0 ? Math.round(((onBooks + rooms) / capacity) * 1000) / 10 : 0);
  const round1 = (x: number) => Math.round(x * 10) / 10;
  return {
    nights,
    totals: {
      roomsBefore: round1(roomsBefore),
      roomsAfter: round1(roomsAfter),
      revenueBefore: sum((n) => n.revenueBefore),
      revenueAfter: sum((n) => n.revenueAfter),
      revenueAfterLow: Math.min(revenueAfterA, revenueAfterB),
      revenueAfterHigh: Math.max(revenueAfterA, revenueAfterB),
      occupancyBefore: occupancy(roomsBefore),
      occupancyAfter: occupancy(roomsAfter),
    },
  };
}
