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
