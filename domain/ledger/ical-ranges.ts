import { addDays } from "#domain/bookings/stay.ts";

/**
 * Unavailable nights as iCal all-day events: consecutive nights merge into one range whose
 * `end` is the morning after the last night (iCal's DTEND is exclusive, like a departure).
 */
export function nightRanges(nights: Iterable<string>): { start: string; end: string }[] {
  const sorted = [...new Set(nights)].sort();
  const out: { start: string; end: string }[] = [];
  for (const night of sorted) {
    const last = out[out.length - 1];
    if (last && last.end === night) last.end = addDays(night, 1);
    else out.push({ start: night, end: addDays(night, 1) });
  }
  return out;
}
