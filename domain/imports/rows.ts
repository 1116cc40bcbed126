import { ownValue } from "#domain/lookup.ts";
import { createHash } from "node:crypto";
import { addDays, daysBetween, isIsoDate } from "#domain/bookings/stay.ts";
import type { ImportMapping } from "./mapping.ts";

/**
 * One row of a booking file → one reservation, or the reason it cannot be one (issue #25,
 * docs/imports.md explains each reason to the hotel). Pure: the caller gives the row as
 * header → cell text, the mapping, and the business's today.
 */

export const SKIP_REASONS = ["zeroNights", "departureBeforeArrival", "unknownRoomType", "negativeRevenue", "dateOutOfRange", "badDate", "badNumber", "unknownStatus", "tooLong"] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];
/** Imported, but worth a look. */
export const DOUBT_REASONS = ["noGuests", "zeroRevenue", "noCancellationDate", "bookedAfterArrival"] as const;
export type DoubtReason = (typeof DOUBT_REASONS)[number];

export type ImportedStatus = "booked" | "cancelled" | "no_show";

export interface ImportedStay {
  key: string;
  status: ImportedStatus;
  /** YYYY-MM-DD: the day the booking entered the PMS. */
  bookedOn: string;
  /** YYYY-MM-DD, cancellations only (null when the file does not say). */
  cancelledOn: string | null;
  arrival: string;
  departure: string;
  categoryId: string;
  adults: number;
  children: number;
  /** Stay total in cents. */
  total: number;
  currency: string | null;
  channel: string;
  guestName: string | null;
  country: string | null;
  ratePlan: string | null;
  mealPlan: string | null;
  doubts: DoubtReason[];
}

export type RowOutcome = { ok: true; stay: ImportedStay } | { ok: false; reason: SkipReason };

const MONTHS: Record<string, number> = Object.fromEntries(
  [
    ["january", "janeiro", "enero", "janvier", "gennaio", "jan"],
    ["february", "fevereiro", "febrero", "février", "febbraio", "feb", "fev"],
    ["march", "março", "marzo", "mars", "mar"],
    ["april", "abril", "avril", "aprile", "apr", "abr"],
    ["may", "maio", "mayo", "mai", "maggio"],
    ["june", "junho", "junio", "juin", "giugno", "jun"],
    ["july", "julho", "julio", "juillet", "luglio", "jul"],
    ["august", "agosto", "août", "aug", "ago"],
    ["september", "setembro", "septiembre", "septembre", "settembre", "sep", "set"],
    ["october", "outubro", "octubre", "octobre", "ottobre", "oct", "out"],
    ["november", "novembro", "noviembre", "novembre", "nov"],
    ["december", "dezembro", "diciembre", "décembre", "dicembre", "dec", "dez"],
  ].flatMap((names, i) => names.map((n) => [n, i + 1])),
);

const STATUS_WORDS: Record<string, ImportedStatus> = {
  "check-out": "booked",
  "checked out": "booked",
  "checked_out": "booked",
  "checked in": "booked",
  "checked_in": "booked",
  "check-in": "booked",
  booked: "booked",
  confirmed: "booked",
  pending: "booked",
  reserved: "booked",
  canceled: "cancelled",
  cancelled: "cancelled",
  "no-show": "no_show",
  "no show": "no_show",
  no_show: "no_show",
};

/** A status cell in the words PMSs use (plus the translated names of Tarifa's own statuses, given by the caller). */
export function statusOf(value: string, extra: Readonly<Record<string, ImportedStatus>> = {}): ImportedStatus | null {
  const word = value.trim().toLowerCase();
  return ownValue(STATUS_WORDS, word) ?? ownValue(extra, word) ?? null;
}

const pad = (n: number) => String(n).padStart(2, "0");

function validDate(y: number, m: number, d: number): string | null {
  if (!Number.isInteger(y) || !Number.isInteger(m) || !Number.isInteger(d) || y < 1900 || y > 2999) return null;
  const iso = `${y}-${pad(m)}-${pad(d)}`;
  return isIsoDate(iso) ? iso : null;
}

/** A date cell (a time after it is ignored) in the file's order of day, month and year. */
export function parseDate(value: string, order: ImportMapping["date_order"]): string | null {
  const text = value.trim().split(/[ T]/)[0] ?? "";
  const parts = text.split(/[-/.]/).map(Number);
  if (parts.length !== 3 || parts.some((p) => !Number.isInteger(p))) return null;
  const [a, b, c] = parts as [number, number, number];
  if (a > 999) return validDate(a, b, c);
  return order === "mdy" ? validDate(c, a, b) : validDate(c, b, a);
}

/** A number cell with the file's decimal mark; thousands separators of the other mark are dropped. */
export function parseNumber(value: string, decimal: ImportMapping["decimal"]): number | null {
  let text = value.trim().replace(/\s/g, "").replace(/^[A-Z€$£R]{0,3}\$?/u, "");
  if (text === "") return 0;
  text = decimal === "," ? text.replace(/\./g, "").replace(",", ".") : text.replace(/,/g, "");
  if (!/^-?\d+(\.\d+)?$/.test(text)) return null;
  return Number(text);
}

/**
 * The key that finds a row again in a corrected file: the PMS's id when the file has one,
 * else a hash of what identifies a stay (arrival, booking day, room type, length, guests,
 * country, channel) — not its status, dates of change or money, which a correction may fix —
 * with the row's occurrence among identical ones.
 */
export function stableKey(identity: readonly (string | number | null)[], occurrence: number): string {
  const hash = createHash("sha256").update(JSON.stringify(identity)).digest("base64url").slice(0, 22);
  return `h:${hash}:${occurrence}`;
}

export interface RowContext {
  mapping: ImportMapping;
  /** The business's today (YYYY-MM-DD): stays may start at most two years after it. */
  today: string;
  /** Translated status names of Tarifa's exports. */
  statuses?: Readonly<Record<string, ImportedStatus>>;
  /** Occurrences so far of each identity hash (stable keys for files without an id). */
  seen: Map<string, number>;
}

/** The earliest arrival taken: older history says nothing about today's demand. */
export const EARLIEST_ARRIVAL = "2000-01-01";
export const MAX_IMPORT_NIGHTS = 365;
const FUTURE_DAYS = 730;

export function mapRow(row: Readonly<Record<string, string>>, ctx: RowContext): RowOutcome {
  const m = ctx.mapping;
  const cell = (column: string | undefined) => (column ? (row[column] ?? "").trim() : "");
  const num = (column: string | undefined) => parseNumber(cell(column), m.decimal);
  const sum = (columns: readonly string[] | undefined) => {
    let total = 0;
    for (const c of columns ?? []) {
      const v = cell(c) === "NULL" || cell(c) === "NA" ? 0 : num(c);
      if (v === null) return null;
      total += v;
    }
    return total;
  };

  let arrival: string | null;
  if (m.arrival) arrival = parseDate(cell(m.arrival), m.date_order);
  else {
    const monthCell = cell(m.arrival_month).toLowerCase();
    const month = ownValue(MONTHS, monthCell) ?? Number(monthCell);
    arrival = validDate(Number(cell(m.arrival_year)), month, Number(cell(m.arrival_day)));
  }
  if (!arrival) return { ok: false, reason: "badDate" };
  if (arrival < EARLIEST_ARRIVAL || arrival > addDays(ctx.today, FUTURE_DAYS)) return { ok: false, reason: "dateOutOfRange" };

  let departure: string | null;
  if (m.departure) {
    departure = parseDate(cell(m.departure), m.date_order);
    if (!departure) return { ok: false, reason: "badDate" };
  } else {
    const nights = sum(m.nights);
    if (nights === null || !Number.isInteger(nights)) return { ok: false, reason: "badNumber" };
    if (nights < 0) return { ok: false, reason: "departureBeforeArrival" };
    departure = addDays(arrival, nights);
  }
  if (departure < arrival) return { ok: false, reason: "departureBeforeArrival" };
  const nights = daysBetween(arrival, departure);
  if (nights === 0) return { ok: false, reason: "zeroNights" };
  if (nights > MAX_IMPORT_NIGHTS) return { ok: false, reason: "tooLong" };

  const roomType = cell(m.room_type);
  const categoryId = m.room_types[roomType];
  if (!categoryId) return { ok: false, reason: "unknownRoomType" };

  let status: ImportedStatus | null = m.status ? statusOf(cell(m.status), ctx.statuses) : "booked";
  if (m.cancelled_flag && cell(m.cancelled_flag) === "1" && status === "booked") status = "cancelled";
  if (!status) return { ok: false, reason: "unknownStatus" };

  const doubts: DoubtReason[] = [];
  let bookedOn: string | null;
  if (m.booked_at) bookedOn = parseDate(cell(m.booked_at), m.date_order);
  else {
    const lead = num(m.lead_time);
    bookedOn = lead === null || !Number.isInteger(lead) || lead < 0 ? null : addDays(arrival, -lead);
  }
  if (!bookedOn) return { ok: false, reason: "badDate" };
  if (bookedOn > arrival) {
    doubts.push("bookedAfterArrival");
    bookedOn = arrival;
  }

  let cancelledOn: string | null = null;
  if (status === "cancelled") {
    cancelledOn = m.cancelled_at && cell(m.cancelled_at) ? parseDate(cell(m.cancelled_at), m.date_order) : null;
    if (!cancelledOn) doubts.push("noCancellationDate");
    else if (cancelledOn < bookedOn) cancelledOn = bookedOn;
  }

  const adultsValue = m.adults ? num(m.adults) : 1;
  const childrenValue = sum(m.children);
  if (adultsValue === null || childrenValue === null) return { ok: false, reason: "badNumber" };
  let adults = Math.max(0, Math.round(adultsValue));
  const children = Math.max(0, Math.round(childrenValue));
  if (adults === 0) {
    doubts.push("noGuests");
    adults = 1;
  }

  const money = m.revenue ? num(m.revenue) : num(m.nightly_rate);
  if (money === null) return { ok: false, reason: "badNumber" };
  if (money < 0) return { ok: false, reason: "negativeRevenue" };
  const total = Math.round((m.revenue ? money : money * nights) * 100);
  if (total === 0) doubts.push("zeroRevenue");

  const channelValue = cell(m.channel);
  const country = cell(m.country);
  const identity = [arrival, bookedOn, roomType, nights, adults, children, country, channelValue];
  let key: string;
  if (m.external_id && cell(m.external_id)) key = `id:${cell(m.external_id)}`;
  else {
    const identityKey = JSON.stringify(identity);
    const occurrence = ctx.seen.get(identityKey) ?? 0;
    ctx.seen.set(identityKey, occurrence + 1);
    key = stableKey(identity, occurrence);
  }
  const optional = (column: string | undefined) => {
    const v = cell(column);
    return v && v !== "NULL" ? v : null;
  };
  return {
    ok: true,
    stay: {
      key,
      status,
      bookedOn,
      cancelledOn,
      arrival,
      departure,
      categoryId,
      adults,
      children,
      total,
      currency: optional(m.currency),
      channel: m.channels[channelValue] ?? "other",
      guestName: optional(m.guest_name),
      country: country && country !== "NULL" ? country.slice(0, 3) : null,
      ratePlan: optional(m.rate_plan),
      mealPlan: optional(m.meal_plan),
      doubts,
    },
  };
}

/** What a stay's stored row must equal for a second import to leave it alone. */
export function fingerprint(stay: ImportedStay): string {
  const { doubts: _doubts, key: _key, ...rest } = stay;
  return createHash("sha256").update(JSON.stringify(rest)).digest("base64url").slice(0, 22);
}
