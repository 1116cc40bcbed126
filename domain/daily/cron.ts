/**
 * The cron lines of the daily commands (ADR 0020), both ways: a configured frequency in minutes
 * as a line pg-boss can fire, and a line as the admin page says it.
 */

/** Every `minutes` as a cron line (minutes that do not divide an hour or a day are rounded to one that does). */
export function cronEvery(minutes: number): string {
  if (minutes < 60) return `*/${Math.max(1, minutes)} * * * *`;
  const hours = Math.min(24, Math.max(1, Math.round(minutes / 60)));
  return hours >= 24 ? "0 0 * * *" : `0 */${hours} * * *`;
}

export type CronSchedule =
  | { every: "day"; time: string }
  | { every: "minutes"; count: number }
  | { every: "hours"; count: number }
  | { every: "other" };

const NUMBER = /^\d+$/;
const STEP = /^\*\/(\d+)$/;

/** What a line means, for the lines the commands use ("30 3 * * *", "*\/15 * * * *", "0 *\/2 * * *"); anything else is "other". */
export function describeCron(cron: string): CronSchedule {
  const [minute, hour, ...rest] = cron.trim().split(/\s+/);
  if (rest.length !== 3 || rest.some((field) => field !== "*")) return { every: "other" };
  if (NUMBER.test(minute) && NUMBER.test(hour)) return { every: "day", time: `${hour.padStart(2, "0")}:${minute.padStart(2, "0")}` };
  const minutes = STEP.exec(minute);
  if (minutes && hour === "*") return { every: "minutes", count: Number(minutes[1]) };
  const hours = STEP.exec(hour);
  if (hours && NUMBER.test(minute)) return { every: "hours", count: Number(hours[1]) };
  return { every: "other" };
}
