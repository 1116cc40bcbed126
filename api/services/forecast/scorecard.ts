import { eq } from "drizzle-orm";
import { ISSUE_HORIZONS } from "#domain/forecast/backtest.ts";
import { BASELINES, type BaselineName } from "#domain/forecast/baselines.ts";
import type { MethodName } from "#domain/forecast/forecast.ts";
import { addDays, fromDayNumber, toDayNumber } from "#domain/pricing/dates.ts";
import type { Database } from "#api/db/client.ts";
import { businesses, forecastScorecards } from "#api/db/schema/index.ts";
import { businessToday } from "#api/services/pricing/calendar.ts";
import { backtestOffThread } from "./backtest-thread.ts";
import { loadForecastInputs } from "./input.ts";

/**
 * The forecast's scorecard (issue 26 point 6, docs/forecast.md "The scorecard"): the whole hotel's
 * nights of the last year, each forecast 1, 3, 7 … 90 days before from what was known then
 * (domain/forecast/backtest.ts), scored against what they finally sold — the forecast as it is
 * used beside the classical baselines, in rooms and in %, and how often the night ended inside its
 * 80 % range. Too costly for a page (seconds of CPU), so it is computed by the daily command
 * `forecast.scorecard`, after the demo seed and after an import, and stored; the backtest runs on
 * a worker thread (backtest-thread.ts) so the serving process keeps answering meanwhile.
 */

/** Nights scored: the year up to yesterday (fewer when the history starts later). */
export const SCORECARD_NIGHTS = 365;
/**
 * Fewer nights than this scored a day out and the figures would say more about luck than about
 * the forecast: the page says the history is too short instead (four weeks of every weekday).
 */
export const MIN_SCORED_NIGHTS = 28;

export interface ErrorFigures {
  /** Mean |forecast − sold| ÷ sold, in % (one decimal). */
  percent: number;
  /** Mean |forecast − sold| in rooms (one decimal). */
  rooms: number;
}

export interface ScorecardHorizon {
  days: number;
  /** Nights scored (those that sold something). */
  nights: number;
  /** The method used most often at this distance. */
  method: MethodName;
  /** The forecast as it is used (each night by the method chosen for it then). */
  forecast: ErrorFigures;
  baselines: Record<BaselineName, ErrorFigures>;
  /** % of nights that ended inside their 80 % range (whole number); null when no range could be given. */
  coverage: number | null;
}

export type Scorecard =
  | { version: 1; status: "ready"; from: string; to: string; horizons: ScorecardHorizon[] }
  | { version: 1; status: "too_little_history"; from: string | null; to: string; horizons: [] };

/** Rooms and errors go out with one decimal. */
export const round1 = (v: number) => Math.round(v * 10) / 10;
const figures = (percent: number, rooms: number): ErrorFigures => ({ percent: round1(percent), rooms: round1(rooms) });

/** The scorecard of a business as of the end of `today` (its local day), from its reservation versions. */
export async function computeScorecard(db: Database, business: { id: string; timezone: string }, today: string): Promise<Scorecard> {
  const t = toDayNumber(today);
  const inputs = await loadForecastInputs(db, business);
  const to = addDays(today, -1);
  const from = inputs.firstNight === null ? null : fromDayNumber(Math.max(t - SCORECARD_NIGHTS, inputs.firstNight));
  const tooShort: Scorecard = { version: 1, status: "too_little_history", from, to, horizons: [] };
  if (from === null || toDayNumber(from) > t - MIN_SCORED_NIGHTS) return tooShort;
  const scores = await backtestOffThread({ data: inputs.hotelData, window: { from: toDayNumber(from), to: t - 1, today: t }, horizons: ISSUE_HORIZONS });
  if (scores[0]!.nights < MIN_SCORED_NIGHTS) return tooShort;
  return {
    version: 1,
    status: "ready",
    from,
    to,
    horizons: scores.map((s) => ({
      days: s.horizon,
      nights: s.nights,
      method: (Object.entries(s.chosen).sort((a, b) => b[1]! - a[1]!)[0]?.[0] ?? "combination") as MethodName,
      forecast: figures(s.mape.chosen, s.rooms.chosen),
      baselines: Object.fromEntries((Object.keys(BASELINES) as BaselineName[]).map((m) => [m, figures(s.mape[m], s.rooms[m])])) as Record<BaselineName, ErrorFigures>,
      coverage: s.coverage === null ? null : Math.round(s.coverage),
    })),
  };
}

/** Computes the business's scorecard as of its today at `now` and stores it (replacing the last). */
export async function refreshScorecard(db: Database, businessId: string, now: Date): Promise<Scorecard | null> {
  const [business] = await db.select({ id: businesses.id, timezone: businesses.timezone }).from(businesses).where(eq(businesses.id, businessId));
  if (!business) return null;
  const asOf = businessToday(now, business.timezone);
  const scorecard = await computeScorecard(db, business, asOf);
  await db
    .insert(forecastScorecards)
    .values({ businessId, asOf, computedAt: now, scorecard })
    .onConflictDoUpdate({ target: forecastScorecards.businessId, set: { asOf, computedAt: now, scorecard } });
  return scorecard;
}

export interface StoredScorecard {
  asOf: string;
  computedAt: Date;
  scorecard: Scorecard;
}

/** The business's stored scorecard, null before the first computation. */
export async function storedScorecard(db: Database, businessId: string): Promise<StoredScorecard | null> {
  const [row] = await db.select().from(forecastScorecards).where(eq(forecastScorecards.businessId, businessId));
  if (!row || (row.scorecard as Scorecard).version !== 1) return null;
  return { asOf: row.asOf, computedAt: row.computedAt, scorecard: row.scorecard as Scorecard };
}
