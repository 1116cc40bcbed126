import { parse } from "csv-parse/sync";
import { isIsoDate } from "#domain/pricing/index.ts";
import { holidaySchema } from "#domain/schemas/pricing.ts";
import type { Translated } from "#api/db/schema/businesses.ts";
import type { Database } from "#api/db/client.ts";
import { holidays } from "#api/db/schema/index.ts";

/** The languages date-holidays is asked for, per interface locale. */
const PACKAGE_LANGUAGES: Record<string, string> = { "pt-BR": "pt", "en-US": "en", "es-ES": "es", "fr-CA": "fr", "it-IT": "it" };
/** Kinds of date-holidays entries that close shops or move travellers; observances (Mother's Day) are left out. */
const KINDS = new Set(["public", "bank", "optional"]);

type HolidaysPackage = typeof import("date-holidays").default;
let loaded: HolidaysPackage | undefined;

/** date-holidays (~8 MB of heap with its data), loaded when first asked, not at start (ADR 0029). */
async function holidaysPackage(): Promise<HolidaysPackage> {
  loaded ??= (await import("date-holidays")).default;
  return loaded;
}

export interface PackageHoliday {
  date: string;
  name: Translated;
  /** date-holidays' kind: public, bank or optional. */
  type: string;
}

/**
 * The holidays of a country (and state) in a year from the date-holidays package, which ships
 * its data (no network). National ones have `state: null` so a state import does not duplicate
 * them. Several entries on one date (Carnaval Monday and Tuesday are separate dates; two names
 * on one date) keep the first.
 */
export async function packageHolidays(country: string, state: string | null, year: number): Promise<{ national: PackageHoliday[]; regional: PackageHoliday[] }> {
  const Holidays = await holidaysPackage();
  const national = collect(Holidays, country, null, year);
  if (!state) return { national, regional: [] };
  const nationalDates = new Set(national.map((h) => `${h.date}|${h.name["pt-BR"] ?? ""}`));
  const nationalOnly = new Set(national.map((h) => h.date));
  const regional = collect(Holidays, country, state, year).filter((h) => !nationalOnly.has(h.date) && !nationalDates.has(`${h.date}|${h.name["pt-BR"] ?? ""}`));
  return { national, regional };
}

function collect(Holidays: HolidaysPackage, country: string, state: string | null, year: number): PackageHoliday[] {
  const hd = state ? new Holidays(country, state) : new Holidays(country);
  const byDate = new Map<string, PackageHoliday>();
  for (const [locale, language] of Object.entries(PACKAGE_LANGUAGES)) {
    const list = hd.getHolidays(year, language) || [];
    for (const h of list) {
      if (!KINDS.has(h.type)) continue;
      const date = String(h.date).slice(0, 10);
      if (!isIsoDate(date)) continue;
      let entry = byDate.get(date);
      if (!entry) {
        entry = { date, name: {}, type: h.type };
        byDate.set(date, entry);
      }
      entry.name[locale] ??= h.name;
    }
  }
  return [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
}

/** Whether date-holidays knows the country (and the state, when given). */
export async function knownPlace(country: string, state: string | null): Promise<boolean> {
  const hd = new (await holidaysPackage())();
  const countries = hd.getCountries() ?? {};
  if (!countries[country]) return false;
  if (!state) return true;
  return !!(hd.getStates(country) ?? {})[state];
}

/** Inserts holidays, skipping a (country, state, date) that already has one; returns how many were added. */
export async function insertHolidays(db: Database, rows: (typeof holidays.$inferInsert)[]): Promise<number> {
  let added = 0;
  for (let i = 0; i < rows.length; i += 500) {
    const inserted = await db
      .insert(holidays)
      .values(rows.slice(i, i + 500))
      .onConflictDoNothing()
      .returning({ id: holidays.id });
    added += inserted.length;
  }
  return added;
}

/** Imports a year of a country's (and state's) holidays from the package. */
export async function importPackageHolidays(db: Database, country: string, state: string | null, year: number, now = new Date()) {
  const { national, regional } = await packageHolidays(country, state, year);
  const rows = [
    ...national.map((h) => ({ country, state: null, date: h.date, name: h.name, source: "package", createdAt: now, updatedAt: now })),
    ...regional.map((h) => ({ country, state, date: h.date, name: h.name, source: "package", createdAt: now, updatedAt: now })),
  ];
  const imported = await insertHolidays(db, rows);
  return { imported, skipped: rows.length - imported };
}

export interface CsvProblem {
  line: number;
  errors: string[];
}

/**
 * Parses an admin's CSV: a header row with `date` and `name` (required), `country`, `state`
 * and per-locale names (`name_pt-BR`, `name_en-US`, …) optional; `,` or `;` separated.
 * Returns the valid rows and the problems by line (the header is line 1).
 */
export function parseHolidayCsv(text: string, defaultCountry?: string): { rows: (typeof holidays.$inferInsert)[]; problems: CsvProblem[] } {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? "";
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ";" : ",";
  let records: Record<string, string>[];
  try {
    records = parse(text, {
      columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
      delimiter,
      skip_empty_lines: true,
      trim: true,
      bom: true,
      relax_column_count: true,
    });
  } catch (error) {
    return { rows: [], problems: [{ line: 0, errors: [String((error as Error).message)] }] };
  }
  const rows: (typeof holidays.$inferInsert)[] = [];
  const problems: CsvProblem[] = [];
  records.forEach((record, index) => {
    const line = index + 2;
    const names: Record<string, string> = {};
    for (const [key, value] of Object.entries(record)) {
      const m = /^name[_-]([a-z]{2}(?:-[a-z]{2})?)$/i.exec(key);
      if (m && value) {
        const [lang, region] = m[1].split("-");
        names[region ? `${lang.toLowerCase()}-${region.toUpperCase()}` : lang.toLowerCase()] = value;
      }
    }
    const parsed = holidaySchema.safeParse({
      country: record.country || defaultCountry || "",
      state: record.state || null,
      date: record.date ?? "",
      name: Object.keys(names).length ? names : (record.name ?? ""),
    });
    if (!parsed.success) {
      problems.push({ line, errors: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`) });
      return;
    }
    const v = parsed.data;
    rows.push({ country: v.country, state: v.state, date: v.date, name: typeof v.name === "string" ? { "pt-BR": v.name } : v.name, source: "csv" });
  });
  return { rows, problems };
}

/** Holiday names per locale for a name typed once (every locale gets it). */
export function namesOf(name: string | Record<string, string>): Translated {
  return typeof name === "string" ? { "pt-BR": name } : name;
}

/** Seeds Brazil's national holidays (and the given states') for the years given; idempotent. */
export async function seedHolidays(db: Database, years: number[], states: string[] = [], now = new Date()) {
  let total = 0;
  for (const year of years) {
    total += (await importPackageHolidays(db, "BR", null, year, now)).imported;
    for (const state of states) total += (await importPackageHolidays(db, "BR", state, year, now)).imported;
  }
  return total;
}
