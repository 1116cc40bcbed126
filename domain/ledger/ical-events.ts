import ICAL from "ical.js";
import { addDays, daysBetween, todayIn } from "#domain/bookings/stay.ts";

/**
 * The busy ranges of another site's calendar (Airbnb, Booking.com, a channel manager), read
 * with ical.js. Each event becomes nights in the hotel's time zone: all-day events as written,
 * timed ones by the local date of their start and end (a 15:00 check-in to an 11:00 check-out
 * blocks the nights between). DTEND is exclusive, like a departure. Cancelled events and
 * recurrence rules are ignored: booking calendars publish one event per stay.
 */
export interface RemoteEvent {
  uid: string;
  /** First night. */
  startsAt: string;
  /** Last night (inclusive). */
  endsAt: string;
  summary: string | null;
}

/** The date of an iCal time in `timeZone` (UTC times converted; dates and floating times as written). */
function localDate(time: ICAL.Time, timeZone: string): string {
  if (!time.isDate && time.zone === ICAL.Timezone.utcTimezone) return todayIn(timeZone, time.toJSDate());
  const pad = (n: number, size = 2) => String(n).padStart(size, "0");
  return `${pad(time.year, 4)}-${pad(time.month)}-${pad(time.day)}`;
}

/** The calendar's events, or null when the text is not an iCalendar (garbage, an HTML page, nothing). */
export function remoteEvents(text: string, timeZone: string): RemoteEvent[] | null {
  let root: ICAL.Component;
  try {
    const parsed = ICAL.parse(text);
    if (!Array.isArray(parsed) || parsed.length === 0) return null;
    root = new ICAL.Component(Array.isArray(parsed[0]) ? (parsed[0] as unknown as unknown[]) : (parsed as unknown as unknown[]));
  } catch {
    return null;
  }
  if (root.name !== "vcalendar") return null;
  const out: RemoteEvent[] = [];
  const seen = new Set<string>();
  for (const component of root.getAllSubcomponents("vevent")) {
    try {
      if (String(component.getFirstPropertyValue("status") ?? "").toUpperCase() === "CANCELLED") continue;
      // A RECURRENCE-ID marks an override of a repeating event; the stay is its main event.
      if (component.hasProperty("recurrence-id")) continue;
      const event = new ICAL.Event(component);
      if (!event.startDate) continue;
      const startsAt = localDate(event.startDate, timeZone);
      let departure = event.endDate ? localDate(event.endDate, timeZone) : addDays(startsAt, 1);
      if (!(daysBetween(startsAt, departure) > 0)) departure = addDays(startsAt, 1);
      const uid = event.uid?.trim() || `no-uid-${startsAt}-${departure}`;
      if (seen.has(uid)) continue;
      seen.add(uid);
      out.push({ uid, startsAt, endsAt: addDays(departure, -1), summary: event.summary?.trim() || null });
    } catch {
      // One unreadable event does not hide the others.
    }
  }
  return out;
}
