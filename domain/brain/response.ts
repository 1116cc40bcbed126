/**
 * The guests' answer to price, learnt from the booking engine's quotes (issue 27): every stay the
 * engine priced for a would-be guest, its price against the competitors' for the same nights,
 * and whether the guest booked it. Unlike the nights' sales (what-if.ts), a quote's outcome does
 * not depend on how busy the night is — the guest decides on the price shown — so the slope is
 * not bent by the owner's own occupancy bands (bench/README, 2026-11-30).
 *
 * Model: a logistic regression of "booked" on x = ln(price ÷ market price). Revenue per quote is
 * price × P(book), whose best x solves 1 + β (1 − P) = 0: P* = 1 + 1/β when β < −1, none (dearer
 * always pays, within what was seen) when β ≥ −1. The brain acts only as far as the whole 90 %
 * interval of β agrees, and never outside the relative prices the quotes have shown (the 10th to
 * 90th percentile): a response is known only where it was seen.
 */

/** One stay the booking engine priced: x = ln(its price ÷ the market's price of the same nights). */
export interface Quote {
  x: number;
  booked: boolean;
}

export interface ResponseFit {
  /** logit P(book) = alpha + beta × x. */
  alpha: number;
  beta: number;
  /** Standard error of beta. */
  betaSe: number;
  /** Quotes it was learnt from, and the share of them booked. */
  quotes: number;
  bookedShare: number;
  /** The relative prices seen (10th and 90th percentile of x). */
  lowX: number;
  highX: number;
}

/** Fewer quotes than this teach nothing. */
export const MIN_QUOTES = 200;
/** z of the two-sided 90 % interval. */
const Z90 = 1.6449;

const sigmoid = (t: number) => 1 / (1 + Math.exp(-t));

function quantile(sorted: readonly number[], q: number): number {
  const i = (sorted.length - 1) * q;
  const lo = Math.floor(i);
  return sorted[lo] + (sorted[Math.min(lo + 1, sorted.length - 1)] - sorted[lo]) * (i - lo);
}

/** Maximum likelihood by Newton's method (the log-likelihood is concave); null when it cannot be learnt. */
export function fitResponse(quotes: readonly Quote[]): ResponseFit | null {
  const n = quotes.length;
  if (n < MIN_QUOTES) return null;
  const booked = quotes.reduce((s, q) => s + (q.booked ? 1 : 0), 0);
  if (booked === 0 || booked === n) return null;
  let alpha = Math.log(booked / (n - booked));
  let beta = 0;
  let info = [0, 0, 0];
  for (let iteration = 0; iteration < 50; iteration++) {
    let ga = 0;
    let gb = 0;
    let haa = 0;
    let hab = 0;
    let hbb = 0;
    for (const q of quotes) {
      const p = sigmoid(alpha + beta * q.x);
      const r = (q.booked ? 1 : 0) - p;
      const w = p * (1 - p);
      ga += r;
      gb += r * q.x;
      haa += w;
      hab += w * q.x;
      hbb += w * q.x * q.x;
    }
    const det = haa * hbb - hab * hab;
    if (!(det > 1e-12)) return null;
    const da = (hbb * ga - hab * gb) / det;
    const db = (haa * gb - hab * ga) / det;
    alpha += da;
    beta += db;
    info = [haa, hab, hbb];
    if (Math.abs(da) + Math.abs(db) < 1e-9) break;
  }
  const det = info[0] * info[2] - info[1] * info[1];
  if (!Number.isFinite(beta) || !(det > 0)) return null;
  const xs = quotes.map((q) => q.x).sort((a, b) => a - b);
  return { alpha, beta, betaSe: Math.sqrt(info[0] / det), quotes: n, bookedShare: booked / n, lowX: quantile(xs, 0.1), highX: quantile(xs, 0.9) };
}

/**
 * The price elasticity of the rooms still to come at relative price `x`: d ln P ÷ d ln price =
 * beta × (1 − P(x)), at slope `beta` (the fitted one unless said).
 */
export function elasticityAt(fit: ResponseFit, x: number, beta = fit.beta): number {
  return beta * (1 - sigmoid(fit.alpha + fit.beta * x));
}

/** The relative price (x) that earns most per quote at slope `beta`, within the prices seen. */
function bestX(fit: ResponseFit, beta: number): number {
  const x = beta < -1 ? (Math.log(-(beta + 1)) - fit.alpha) / beta : fit.highX;
  return Math.min(fit.highX, Math.max(fit.lowX, x));
}

/**
 * Where the brain should place a price whose relative price is now `x`: the best relative price
 * as far as every slope in beta's 90 % interval agrees (the nearer end when they all lie on one
 * side of `x`), or null when they disagree about the direction.
 */
export function responseTarget(fit: ResponseFit, x: number): number | null {
  const a = bestX(fit, fit.beta - Z90 * fit.betaSe);
  const b = bestX(fit, fit.beta + Z90 * fit.betaSe);
  if (a > x && b > x) return Math.min(a, b);
  if (a < x && b < x) return Math.max(a, b);
  return null;
}
