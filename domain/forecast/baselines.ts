/**
 * The classical forecasts a revenue manager keeps in a spreadsheet, always computed and shown
 * beside ours (issue 26): each gives the rooms of `night` forecast `lead` days before it, from
 * the books as known then. Uncapped: capacity is applied once, by the caller.
 */
import type { Books } from "./books.ts";

/** Same weekday one year before: 52 weeks. */
export const LAST_YEAR = 364;
/** Reference nights of the pickup methods: the latest 8 of the same weekday whose outcome was known. */
export const RECENT_SAME_WEEKDAYS = 8;

export type Forecaster = (books: Books, night: number, lead: number) => number;

/** The latest `count` nights of `night`'s weekday that were over before the end of `asOf`, newest first. */
export function recentSameWeekdays(books: Books, night: number, asOf: number, count = RECENT_SAME_WEEKDAYS): number[] {
  const out: number[] = [];
  const start = Math.max(books.first, books.firstKnownNight);
  for (let r = night - 7 * Math.ceil((night - asOf + 1) / 7); r >= start && out.length < count; r -= 7) out.push(r);
  return out;
}

export const onTheBooks: Forecaster = (books, night, lead) => books.onBooks(night, lead);

export const sameWeekdayLastYear: Forecaster = (books, night) => books.final(night - LAST_YEAR);

export const additivePickup: Forecaster = (books, night, lead) => {
  const refs = recentSameWeekdays(books, night, night - lead);
  let pickup = 0;
  for (const r of refs) pickup += books.final(r) - books.onBooks(r, lead);
  return books.onBooks(night, lead) + (refs.length ? pickup / refs.length : 0);
};

export const multiplicativePickup: Forecaster = (books, night, lead) => {
  const refs = recentSameWeekdays(books, night, night - lead);
  let finals = 0;
  let atLead = 0;
  for (const r of refs) {
    finals += books.final(r);
    atLead += books.onBooks(r, lead);
  }
  const now = books.onBooks(night, lead);
  // Nothing on the reference books at this lead: no ratio to apply, so the additive pickup.
  return atLead > 0 ? now * (finals / atLead) : now + (refs.length ? finals / refs.length : 0);
};

export const lastYearPickup: Forecaster = (books, night, lead) => {
  const ref = night - LAST_YEAR;
  return books.onBooks(night, lead) + books.final(ref) - books.onBooks(ref, lead);
};

export const BASELINES = {
  onTheBooks,
  sameWeekdayLastYear,
  additivePickup,
  multiplicativePickup,
  lastYearPickup,
} as const satisfies Record<string, Forecaster>;
export type BaselineName = keyof typeof BASELINES;
