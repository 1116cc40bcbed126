import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { parse } from "csv-parse/sync";

/**
 * The shared "Hotel booking demand" file (N. Antonio, A. de Almeida, L. Nunes, Data in Brief 22
 * (2019), CC BY 4.0) read by the tests' own code, never the product's: what a test expects from an
 * import is computed here, from the CSV.
 */
const FILE = new URL("../../fixtures/hotel-booking-demand/resort-hotel.csv.gz", import.meta.url);
export const sharedText = gunzipSync(readFileSync(FILE)).toString("utf8");
const [header, ...lines] = sharedText.trimEnd().split("\n");
export const sharedHeader = header!;
export const sharedLines = lines;

export type Row = Record<string, string>;
export const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const DAY = 86_400_000;

export const parseRows = (csv: string) => parse(csv, { columns: true }) as Row[];
export const nightsOf = (r: Row) => Number(r.stays_in_weekend_nights) + Number(r.stays_in_week_nights);
/** The rows an import keeps: at least one night and a rate not below zero. */
export const kept = (r: Row) => nightsOf(r) > 0 && Number(r.adr) >= 0;
export const arrivalOf = (r: Row) => Date.UTC(Number(r.arrival_date_year), MONTHS.indexOf(r.arrival_date_month!), Number(r.arrival_date_day_of_month));
export const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Each night of a stay (ISO date) with its rate in cents: the stay's total split evenly, the cents left over on the first nights. */
export function nightRates(r: Row): { night: string; cents: number }[] {
  const n = nightsOf(r);
  const total = Math.round(Number(r.adr) * n * 100);
  const base = Math.floor(total / n);
  const arrival = arrivalOf(r);
  return Array.from({ length: n }, (_, i) => ({ night: isoDay(arrival + i * DAY), cents: base + (i < total - base * n ? 1 : 0) }));
}

export const brl = (cents: number) => new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL", minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents / 100);
