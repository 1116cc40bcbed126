import type { CalendarJson, CompactCalendarJson } from "#contract/pricing";

export const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export function monthBounds(month: string): { from: string; to: string } {
  const [y, m] = month.split("-").map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, "0")}` };
}

export function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split("-").map(Number);
  const d = new Date(Date.UTC(y, m - 1 + by, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
}

/** The month's days in weeks of seven (Sunday first), null for the padding cells. */
export function weeksOf<T extends { date: string }>(month: string, days: T[]): (T | null)[][] {
  const { from } = monthBounds(month);
  const lead = new Date(`${from}T00:00:00Z`).getUTCDay();
  const cells: (T | null)[] = [...Array.from({ length: lead }, () => null), ...days];
  while (cells.length % 7) cells.push(null);
  const weeks: (T | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** Today's month in a time zone, "YYYY-MM". */
export function currentMonth(now: Date, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit" }).format(now).slice(0, 7);
  } catch {
    return now.toISOString().slice(0, 7);
  }
}

type CalendarDay = CalendarJson["days"][number];
/** A compact day as the page ships it: without the weekday, which its date says. */
type CompactDay = Omit<CompactCalendarJson["days"][number], "weekday">;

/**
 * The calendar page ships its month as the API's compact answer (`format=compact`: seasons, levels
 * and holidays by UUID, each listed once by the month; cells as `[rate, guests, manual]`), cut to the
 * shown category's cell (issue 29: the first document ≤ 60 KiB). This reads those days back in the
 * full shape, each with that one cell of `category`, for the grid and the day panel.
 */
export function unpackDays(calendar: Pick<CompactCalendarJson, "fluctuation_levels" | "sazonalities" | "holidays">, days: readonly CompactDay[], category: string): CalendarDay[] {
  const levels = new Map(calendar.fluctuation_levels.map((l) => [l.uuid, { uuid: l.uuid, name: l.name }]));
  const seasons = new Map(calendar.sazonalities.map((s) => [s.uuid, s]));
  const holidays = new Map(calendar.holidays.map((h) => [h.uuid, { uuid: h.uuid, name: h.name }]));
  return days.flatMap((d) => {
    const season = seasons.get(d.season);
    if (!season || !d.rates[0]) return [];
    const [rate, guests, manual] = d.rates[0];
    return [
      {
        date: d.date,
        weekday: new Date(`${d.date}T00:00:00Z`).getUTCDay(),
        occupancy: d.occupancy,
        level: (d.level && levels.get(d.level)) || null,
        season,
        holidays: d.holidays.flatMap((h) => holidays.get(h) ?? []),
        rates: [{ room_category_uuid: category, rate, guests, manual }],
      },
    ];
  });
}
