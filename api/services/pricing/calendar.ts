import { and, eq, gte, isNull, lte, or } from "drizzle-orm";
import { addDays, compilePricing, type DailyRate, type GapDiscounts, type PricingConfig, type Step } from "#domain/pricing/index.ts";
import type { Database } from "#api/db/client.ts";
import { holidays } from "#api/db/schema/index.ts";
import { occupancyByNight } from "#api/services/occupancy.ts";
import { perReadOnlyRequest } from "#api/observability/request-context.ts";
import type { CalendarDay, HolidayJson } from "#contract/pricing.ts";

/** Today (YYYY-MM-DD) in the business's time zone; the engine never reads the clock itself. */
export function businessToday(now: Date, timeZone: string): string {
  try {
    // en-CA formats as YYYY-MM-DD.
    return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

/** occupancyPercentages read once by all of a read-only request's callers (like sharedPricingConfig). Callers must not change it. */
export function sharedOccupancyPercentages(db: Database, businessId: string, from: string, to: string): Promise<Map<string, number>> {
  return perReadOnlyRequest(`occupancy:${businessId}:${from}:${to}`, () => occupancyPercentages(db, businessId, from, to));
}

/** Occupancy percent per night (`from`..`to` inclusive) from the bookings area. */
export async function occupancyPercentages(db: Database, businessId: string, from: string, to: string): Promise<Map<string, number>> {
  const nights = await occupancyByNight(db, businessId, from, addDays(to, 1));
  const out = new Map<string, number>();
  for (const [date, night] of nights) out.set(date, night.percentage);
  return out;
}

/** A translated name: the locale, then its language, then pt-BR, then any. */
export function holidayName(name: Record<string, string>, locale: string): string {
  const language = locale.slice(0, 2);
  return (
    name[locale] ??
    Object.entries(name).find(([key]) => key.slice(0, 2) === language)?.[1] ??
    name["pt-BR"] ??
    Object.values(name)[0] ??
    ""
  );
}

/** National holidays of the country plus the state's own, `from`..`to` inclusive. */
export async function holidaysBetween(
  db: Database,
  place: { country: string; state: string | null },
  from: string,
  to: string,
  locale: string,
): Promise<HolidayJson[]> {
  const country = place.country.toUpperCase();
  const state = place.state?.toUpperCase() ?? null;
  const rows = await db
    .select()
    .from(holidays)
    .where(
      and(
        eq(holidays.country, country),
        gte(holidays.date, from),
        lte(holidays.date, to),
        state ? or(isNull(holidays.state), eq(holidays.state, state)) : isNull(holidays.state),
      ),
    );
  return rows
    .map((h) => ({ uuid: h.id, date: h.date, name: holidayName(h.name, locale), country: h.country, state: h.state }))
    .sort((a, b) => a.date.localeCompare(b.date));
}

/**
 * Prices `from`..`to` for the given categories (all by default), date-major, as the calendar
 * answers them; `gapDiscounts` from api/services/stay-rules/gap-discounts.ts.
 */
export function calendarDays(
  config: PricingConfig,
  options: { from: string; to: string; today: string; occupancy: Map<string, number>; gapDiscounts: GapDiscounts; categoryIds?: string[]; holidays?: HolidayJson[] },
): CalendarDay[] {
  const engine = compilePricing(config);
  const cats = options.categoryIds ?? config.room_categories.map((c) => c.uuid);
  if (cats.length === 0) return [];
  const rates = engine.calendar({ from: options.from, to: options.to, today: options.today, occupancyByDate: options.occupancy, gapDiscounts: options.gapDiscounts, categoryIds: cats });
  const reference = new Set(config.seasonalities.filter((s) => s.is_reference).map((s) => s.uuid));
  const byDate = new Map<string, { uuid: string; name: string }[]>();
  for (const h of options.holidays ?? []) {
    const list = byDate.get(h.date) ?? [];
    list.push({ uuid: h.uuid, name: h.name });
    byDate.set(h.date, list);
  }
  const days: CalendarDay[] = [];
  for (let i = 0; i < rates.length; i += cats.length) {
    const first: DailyRate = rates[i];
    days.push({
      date: first.date,
      weekday: new Date(`${first.date}T00:00:00Z`).getUTCDay(),
      occupancy: first.occupancy,
      level: first.levelId ? { uuid: first.levelId, name: first.levelName ?? "" } : null,
      season: { uuid: first.seasonId, title: first.seasonTitle, color: first.seasonColor, is_reference: reference.has(first.seasonId) },
      holidays: byDate.get(first.date) ?? [],
      rates: rates.slice(i, i + cats.length).map((r) => ({
        room_category_uuid: r.categoryId,
        rate: r.rate,
        guests: r.guests,
        manual: r.manual,
        explanation: r.explanation,
      })),
    });
  }
  return days;
}

/**
 * A day of the compact answer (`format=compact`, docs/api/calendar.md): the level, the season and
 * the holidays by UUID (the answer lists each once in `fluctuation_levels`, `sazonalities` and
 * `holidays`), and each cell, in the order of `categories`, as `[rate, guests, manual]` — plus the
 * explanation as a fourth element when explanations were asked for.
 */
export interface CompactCalendarDay {
  date: string;
  weekday: number;
  occupancy: number;
  level: string | null;
  season: string;
  holidays: string[];
  rates: ([number, number, boolean] | [number, number, boolean, Step[]])[];
}

/** The full days in the compact shape; nothing is lost that the answer's lists do not already say. */
export function compactCalendarDays(days: CalendarDay[], explain: boolean): CompactCalendarDay[] {
  return days.map((d) => ({
    date: d.date,
    weekday: d.weekday,
    occupancy: d.occupancy,
    level: d.level?.uuid ?? null,
    season: d.season.uuid,
    holidays: d.holidays.map((h) => h.uuid),
    rates: d.rates.map((cell) => (explain ? [cell.rate, cell.guests, cell.manual, cell.explanation] : [cell.rate, cell.guests, cell.manual])),
  }));
}

/** Whether the configuration can price at all (a reference season exists). */
export function canPrice(config: PricingConfig): boolean {
  return config.seasonalities.some((s) => s.is_reference);
}

