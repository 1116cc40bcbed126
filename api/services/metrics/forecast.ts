import {
  BACKTEST_HORIZONS,
  BACKTEST_NIGHTS,
  backtest,
  chooseMethod,
  firstNightOf,
  LAST_YEAR_WEEKS_EITHER_SIDE,
  RECENT_WEEKS,
  type CategoryHistory,
  type HorizonAccuracy,
  type PickupMethod,
} from "#domain/metrics/forecast.ts";
import { MAX_LEAD_DAYS, SAME_WEEKDAY_LAST_YEAR, type BookingEvent } from "#domain/metrics/pace.ts";
import { fromDayNumber, toDayNumber } from "#domain/pricing/dates.ts";
import type { Database } from "#api/db/client.ts";
import { bookingEvents, roomsAndBlocks, roomsAvailable, type CategoryRooms } from "./on-the-books.ts";

/** How far back the history reaches: the backtest's year, its reference nights a year before, and their leads. */
const HISTORY_DAYS = BACKTEST_NIGHTS + SAME_WEEKDAY_LAST_YEAR + 7 * LAST_YEAR_WEEKS_EITHER_SIDE + Math.max(...BACKTEST_HORIZONS) + 7 * RECENT_WEEKS;

export interface History {
  categories: CategoryRooms[];
  histories: CategoryHistory[];
  firstNight: number;
}

/**
 * The booking history of a business as the forecast reads it: every
 * reservation night from HISTORY_DAYS before `today` to a year ahead, with the rooms available
 * per night as known on each day.
 */
export async function loadHistory(db: Database, business: { id: string; timezone: string }, today: string): Promise<History> {
  const scope = { businessId: business.id, timezone: business.timezone, from: fromDayNumber(toDayNumber(today) - HISTORY_DAYS), to: fromDayNumber(toDayNumber(today) + MAX_LEAD_DAYS + 1) };
  const [events, { categories, blocks }] = await Promise.all([bookingEvents(db, scope), roomsAndBlocks(db, scope)]);
  const byCategory = new Map<string, Map<number, BookingEvent[]>>();
  for (const e of events) {
    const nights = byCategory.get(e.categoryId) ?? new Map<number, BookingEvent[]>();
    const list = nights.get(e.night);
    if (list) list.push(e);
    else nights.set(e.night, [e]);
    byCategory.set(e.categoryId, nights);
  }
  const histories = categories.map((c) => ({ id: c.id, nights: byCategory.get(c.id) ?? new Map(), capacity: (night: number, asOf: number) => roomsAvailable(categories, blocks, c.id, night, asOf) }));
  return { categories, histories, firstNight: firstNightOf(histories) };
}

export interface Accuracy {
  method: PickupMethod;
  /** Stay nights backtested (ISO, both included). */
  from: string;
  to: string;
  methods: Record<PickupMethod, HorizonAccuracy[]>;
}

/** The history of one room category alone (its own bookings and rooms). */
export function categoryHistory(history: History, categoryId: string): History {
  const histories = history.histories.filter((h) => h.id === categoryId);
  return { categories: history.categories, histories, firstNight: firstNightOf(histories) };
}

/** Both methods backtested on the last BACKTEST_NIGHTS stay nights before `today`, and the one the forecast uses. */
export function accuracyOf(history: History, today: string): Accuracy {
  const t = toDayNumber(today);
  const range = { from: t - BACKTEST_NIGHTS, to: t - 1, today: t };
  const methods = { additive: backtest(history.histories, range, "additive"), multiplicative: backtest(history.histories, range, "multiplicative") };
  return { method: chooseMethod(methods), from: fromDayNumber(range.from), to: fromDayNumber(range.to), methods };
}
