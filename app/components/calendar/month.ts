import type { CalendarJson } from "#contract/pricing";

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

/**
 * A night as the calendar page ships it to the browser: its season, level and holidays by UUID (the
 * month lists each once) and only the shown category's cell as `[rate, guests, manual]`. The first
 * document repeats a month of these in its data; in full, each day carried its season's and level's
 * objects again (issue 29: the first document ≤ 60 KiB).
 */
export interface PackedDay {
  date: string;
  occupancy: number;
  level: string | null;
  season: string;
  holidays: string[];
  cell: [rate: number, guests: number, manual: boolean];
}

/** The month's days packed, with the cell of the category at `shown` (an index into the calendar's categories). */
export function packDays(days: readonly CalendarDay[], shown: number): PackedDay[] {
  return days.flatMap((d) => {
    const c = d.rates[shown];
    return c ? [{ date: d.date, occupancy: d.occupancy, level: d.level?.uuid ?? null, season: d.season.uuid, holidays: d.holidays.map((h) => h.uuid), cell: [c.rate, c.guests, c.manual] as PackedDay["cell"] }] : [];
  });
}

/** The packed days back in the API's shape (each with the one cell of `category`), for the grid and the day panel. */
export function unpackDays(calendar: Pick<CalendarJson, "fluctuation_levels" | "sazonalities" | "holidays">, days: readonly PackedDay[], category: string): CalendarDay[] {
  const levels = new Map(calendar.fluctuation_levels.map((l) => [l.uuid, { uuid: l.uuid, name: l.name }]));
  const seasons = new Map(calendar.sazonalities.map((s) => [s.uuid, s]));
  const holidays = new Map(calendar.holidays.map((h) => [h.uuid, { uuid: h.uuid, name: h.name }]));
  return days.flatMap((d) => {
    const season = seasons.get(d.season);
    if (!season) return [];
    const [rate, guests, manual] = d.cell;
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
