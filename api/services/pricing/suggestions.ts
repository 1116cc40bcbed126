import type { TFunction } from "i18next";
import { addDays, weekday, type FluctuationLevelVariation } from "#domain/pricing/index.ts";
import type { Database } from "#api/db/client.ts";
import { businessToday, holidayName, holidaysBetween } from "./calendar.ts";
import { loadPricingConfig } from "./config.ts";
import { packageHolidays } from "./holidays.ts";
import type { HolidayJson, Suggestion, SuggestionKind } from "#contract/pricing.ts";

/**
 * Suggested seasonalities for the next 12 months (GET /ai/content/{id}/seasonalities). The spec
 * calls them AI-generated; ours are deterministic rules a revenue manager would apply, built from
 * the business's holidays, school-holiday patterns of its hemisphere and weekends, each with a
 * rationale. Same inputs, same answer: no external service, no randomness.
 */

const UPLIFT: Record<SuggestionKind, number> = {
  weekend: 15,
  summer: 30,
  schoolHolidays: 20,
  newYear: 60,
  carnival: 50,
  easter: 25,
  longWeekend: 25,
};
const COLOR: Record<SuggestionKind, string> = {
  weekend: "#2F9E44",
  summer: "#F08C00",
  schoolHolidays: "#1C7ED6",
  newYear: "#7048E8",
  carnival: "#D6336C",
  easter: "#9C36B5",
  longWeekend: "#E8590C",
};
const ALL_DAYS = [0, 1, 2, 3, 4, 5, 6];

/** Countries whose summer (and long school holidays) fall in December–February. */
const SOUTHERN = new Set(["BR", "AR", "UY", "PY", "CL", "BO", "PE", "ZA", "AU", "NZ"]);

export interface SuggestionInput {
  today: string;
  country: string;
  state: string | null;
  referenceRate: number;
  referenceVariations: Omit<FluctuationLevelVariation, "uuid" | "rate">[];
  /** Holidays from the holidays table for the window; when empty the package is asked. */
  holidays: HolidayJson[];
  locale: string;
  t: TFunction;
}

function monthDay(year: number, month: number, day: number): string {
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

function lastDayOfFebruary(year: number): number {
  return new Date(Date.UTC(year, 2, 0)).getUTCDate();
}

/** Clips a range to the window; null when nothing is left. */
function clip(start: string, end: string, from: string, to: string): { starts_at: string; ends_at: string } | null {
  const s = start < from ? from : start;
  const e = end > to ? to : end;
  return s <= e ? { starts_at: s, ends_at: e } : null;
}

export async function suggestSeasonalities(input: SuggestionInput): Promise<Suggestion[]> {
  const { today, t, locale } = input;
  const end = addDays(today, 364);
  const startYear = Number(today.slice(0, 4));
  const years = [startYear - 1, startYear, startYear + 1];
  const southern = SOUTHERN.has(input.country);
  const out: Suggestion[] = [];

  const push = (kind: SuggestionKind, key: string, title: string, ranges: ({ starts_at: string; ends_at: string } | null)[], days: number[], rationale: string) => {
    const dates = ranges.filter((r): r is { starts_at: string; ends_at: string } => !!r).map((r) => ({ ...r, days_of_week: days }));
    if (dates.length === 0) return;
    const uplift = UPLIFT[kind];
    out.push({
      key,
      kind,
      title,
      color: COLOR[kind],
      rate: Math.round((input.referenceRate * (100 + uplift)) / 100 / 100) * 100,
      uplift,
      is_reference: false,
      dates,
      fluctuation_level_variations: input.referenceVariations.map((v) => ({ ...v })),
      rationale,
    });
  };

  // Weekends: Friday and Saturday nights all year.
  push("weekend", "weekend", t("suggestion.weekend.title", { ns: "pricing" }), [{ starts_at: today, ends_at: end }], [5, 6], t("suggestion.weekend.rationale", { ns: "pricing", uplift: UPLIFT.weekend }));

  // Summer and school holidays by hemisphere.
  const summer: ({ starts_at: string; ends_at: string } | null)[] = [];
  const school: ({ starts_at: string; ends_at: string } | null)[] = [];
  for (const y of years) {
    if (southern) {
      summer.push(clip(monthDay(y, 12, 15), monthDay(y + 1, 2, lastDayOfFebruary(y + 1)), today, end));
      school.push(clip(monthDay(y, 7, 1), monthDay(y, 7, 31), today, end));
    } else {
      summer.push(clip(monthDay(y, 7, 1), monthDay(y, 8, 31), today, end));
      school.push(clip(monthDay(y, 12, 20), monthDay(y, 12, 26), today, end));
    }
  }
  push("summer", "summer", t("suggestion.summer.title", { ns: "pricing" }), summer, ALL_DAYS, t(`suggestion.summer.rationale${southern ? "South" : "North"}`, { ns: "pricing", uplift: UPLIFT.summer }));
  push(
    "schoolHolidays",
    "school-holidays",
    t("suggestion.schoolHolidays.title", { ns: "pricing" }),
    school,
    ALL_DAYS,
    t(`suggestion.schoolHolidays.rationale${southern ? "South" : "North"}`, { ns: "pricing", uplift: UPLIFT.schoolHolidays }),
  );

  // New Year's Eve week.
  push(
    "newYear",
    "new-year",
    t("suggestion.newYear.title", { ns: "pricing" }),
    years.map((y) => clip(monthDay(y, 12, 27), monthDay(y + 1, 1, 1), today, end)),
    ALL_DAYS,
    t("suggestion.newYear.rationale", { ns: "pricing", uplift: UPLIFT.newYear }),
  );

  // Holidays: from the table, or from the package when the table has none for this place.
  let holidays = input.holidays;
  if (holidays.length === 0) {
    holidays = [];
    for (const y of years) {
      const { national, regional } = await packageHolidays(input.country, input.state, y);
      for (const h of [...national, ...regional]) {
        if (h.date >= today && h.date <= end) holidays.push({ uuid: "", date: h.date, name: holidayName(h.name, locale), country: input.country, state: null });
      }
    }
    holidays.sort((a, b) => a.date.localeCompare(b.date));
  }

  // Carnaval: the nights from the Friday before to Tuesday.
  const carnival = holidays.filter((h) => /carn[aei]v/i.test(h.name));
  const carnivalDates = new Set<string>();
  if (carnival.length) {
    const groups: HolidayJson[][] = [];
    for (const h of carnival) {
      const last = groups.at(-1)?.at(-1);
      if (last && h.date <= addDays(last.date, 3)) groups.at(-1)!.push(h);
      else groups.push([h]);
    }
    for (const g of groups) {
      const tuesday = g.find((h) => weekday(h.date) === 2)?.date ?? g[g.length - 1].date;
      const start = addDays(tuesday, -4);
      for (let d = start; d <= tuesday; d = addDays(d, 1)) carnivalDates.add(d);
      push("carnival", `carnival-${tuesday.slice(0, 4)}`, g[0].name, [clip(start, addDays(tuesday, -1), today, end)], ALL_DAYS, t("suggestion.carnival.rationale", { ns: "pricing", uplift: UPLIFT.carnival }));
    }
  }

  // Other holidays: a long weekend around those next to a weekend; Good Friday makes Easter.
  for (const h of holidays) {
    if (carnivalDates.has(h.date) || /carn[aei]v/i.test(h.name)) continue;
    const md = h.date.slice(5);
    if (md >= "12-24" || md <= "01-01") continue; // inside the New Year week
    const wd = weekday(h.date);
    let start: string | null = null;
    let last: string | null = null;
    if (wd === 1) [start, last] = [addDays(h.date, -3), addDays(h.date, -1)]; // Fri–Sun nights
    else if (wd === 2) [start, last] = [addDays(h.date, -3), addDays(h.date, -1)]; // Sat–Mon (the bridge Monday)
    else if (wd === 4) [start, last] = [addDays(h.date, -1), addDays(h.date, 2)]; // Wed–Sat (the bridge Friday)
    else if (wd === 5) [start, last] = [addDays(h.date, -1), addDays(h.date, 1)]; // Thu–Sat
    if (!start || !last) continue;
    const easter = wd === 5 && /santa|good friday|viernes santo|vendredi saint|venerd/i.test(h.name);
    const kind: SuggestionKind = easter ? "easter" : "longWeekend";
    const weekdayName = new Intl.DateTimeFormat(locale, { weekday: "long", timeZone: "UTC" }).format(new Date(`${h.date}T00:00:00Z`));
    push(
      kind,
      `${kind}-${h.date}`,
      easter ? t("suggestion.easter.title", { ns: "pricing" }) : t("suggestion.longWeekend.title", { ns: "pricing", name: h.name }),
      [clip(start, last, today, end)],
      ALL_DAYS,
      t(`suggestion.${kind}.rationale`, { ns: "pricing", name: h.name, weekday: weekdayName, uplift: UPLIFT[kind] }),
    );
  }

  return out.sort((a, b) => a.dates[0].starts_at.localeCompare(b.dates[0].starts_at) || a.key.localeCompare(b.key));
}

/** The suggestions for one business from today, read from its reference season and holidays (the AI-content call and the chat). */
export async function businessSuggestions(
  db: Database,
  business: { id: string; country: string; state: string | null; timezone: string },
  options: { now: Date; locale: string; t: TFunction },
): Promise<Suggestion[]> {
  const today = businessToday(options.now, business.timezone);
  const [config, holidayList] = await Promise.all([
    loadPricingConfig(db, business.id),
    holidaysBetween(db, { country: business.country, state: business.state }, today, addDays(today, 364), options.locale),
  ]);
  const reference = config.seasonalities.find((s) => s.is_reference);
  return suggestSeasonalities({
    today,
    country: business.country.toUpperCase(),
    state: business.state?.toUpperCase() ?? null,
    referenceRate: reference?.rate ?? 25_000,
    referenceVariations: (reference?.fluctuation_level_variations ?? []).map((v) => ({
      fluctuation_level: v.fluctuation_level,
      price_variation: v.price_variation,
      price_variation_type: v.price_variation_type,
    })),
    holidays: holidayList,
    locale: options.locale,
    t: options.t,
  });
}
