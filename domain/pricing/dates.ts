/**
 * Calendar arithmetic on `YYYY-MM-DD` strings through day numbers (days since 1970-01-01 UTC).
 * Everything is UTC so no host time zone or DST change can shift a day.
 */
import type { IsoDate } from "./types.ts";

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

/** Day number of an ISO date, or `NaN` when the string is not a real calendar date. */
export function toDayNumber(date: string): number {
  const m = ISO_DATE.exec(date);
  if (!m) return Number.NaN;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  if (mo < 1 || mo > 12 || d < 1 || d > 31) return Number.NaN;
  const ms = Date.UTC(y, mo - 1, d);
  // Date.UTC rolls 2025-02-30 over to March; a real date round-trips.
  const back = new Date(ms);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return Number.NaN;
  return ms / MS_PER_DAY;
}

export function isIsoDate(date: unknown): date is IsoDate {
  return typeof date === "string" && !Number.isNaN(toDayNumber(date));
}

export function fromDayNumber(day: number): IsoDate {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday. 1970-01-01 was a Thursday. */
export function weekdayOfDayNumber(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

export function weekday(date: IsoDate): number {
  return weekdayOfDayNumber(toDayNumber(date));
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return fromDayNumber(toDayNumber(date) + days);
}

/** `b − a` in days. */
export function daysBetween(a: IsoDate, b: IsoDate): number {
  return toDayNumber(b) - toDayNumber(a);
}
