import { describe, expect, it } from "vitest";
import { BUILT_IN_PRESETS, mappingProblems, mappingSchema, missingColumns } from "./mapping.ts";
import { fingerprint, mapRow, parseDate, parseNumber, type RowContext, statusOf } from "./rows.ts";

const CAT = "11111111-1111-1111-1111-111111111111";
const resort = mappingSchema.parse({ ...BUILT_IN_PRESETS["hotel-booking-demand"], room_types: { A: CAT }, channels: { Direct: "direct" } });
const ctx = (): RowContext => ({ mapping: resort, today: "2026-11-28", seen: new Map() });
/** A row of the shared file (H1, CC BY 4.0) as its header names it. */
const row = (over: Record<string, string> = {}) => ({
  is_canceled: "0",
  lead_time: "10",
  arrival_date_year: "2016",
  arrival_date_month: "March",
  arrival_date_day_of_month: "5",
  stays_in_weekend_nights: "2",
  stays_in_week_nights: "1",
  adults: "2",
  children: "1",
  babies: "0",
  meal: "BB",
  country: "PRT",
  market_segment: "Direct",
  reserved_room_type: "A",
  adr: "80.5",
  reservation_status: "Check-Out",
  reservation_status_date: "3/8/2016",
  ...over,
});

describe("mapRow on the shared file's format", () => {
  it("builds the stay: arrival, nights summed, booking date from the lead time, revenue from the rate", () => {
    const out = mapRow(row(), ctx());
    expect(out).toMatchObject({ ok: true, stay: { arrival: "2016-03-05", departure: "2016-03-08", bookedOn: "2016-02-24", total: 24_150, adults: 2, children: 1, status: "booked", channel: "direct", categoryId: CAT, mealPlan: "BB" } });
  });
  it("keeps a cancellation's date", () => {
    const out = mapRow(row({ is_canceled: "1", reservation_status: "Canceled", reservation_status_date: "3/1/2016" }), ctx());
    expect(out).toMatchObject({ ok: true, stay: { status: "cancelled", cancelledOn: "2016-03-01" } });
  });
  it("gives each skipped row its reason", () => {
    expect(mapRow(row({ stays_in_weekend_nights: "0", stays_in_week_nights: "0" }), ctx())).toEqual({ ok: false, reason: "zeroNights" });
    expect(mapRow(row({ reserved_room_type: "Z" }), ctx())).toEqual({ ok: false, reason: "unknownRoomType" });
    expect(mapRow(row({ adr: "-6.38" }), ctx())).toEqual({ ok: false, reason: "negativeRevenue" });
    expect(mapRow(row({ arrival_date_year: "1999" }), ctx())).toEqual({ ok: false, reason: "dateOutOfRange" });
    expect(mapRow(row({ arrival_date_year: "2029" }), ctx())).toEqual({ ok: false, reason: "dateOutOfRange" });
    expect(mapRow(row({ reservation_status: "Lost" }), ctx())).toEqual({ ok: false, reason: "unknownStatus" });
    expect(mapRow(row({ arrival_date_month: "Smarch" }), ctx())).toEqual({ ok: false, reason: "badDate" });
  });
  it("imports doubtful rows and says why", () => {
    expect(mapRow(row({ adults: "0", children: "0" }), ctx())).toMatchObject({ ok: true, stay: { adults: 1, doubts: ["noGuests"] } });
    expect(mapRow(row({ adr: "0" }), ctx())).toMatchObject({ ok: true, stay: { total: 0, doubts: ["zeroRevenue"] } });
  });
  it("keys identical rows by their occurrence, and a corrected rate keeps the key but not the fingerprint", () => {
    const c = ctx();
    const a = mapRow(row(), c);
    const b = mapRow(row(), c);
    const fixed = mapRow(row({ adr: "90" }), ctx());
    if (!a.ok || !b.ok || !fixed.ok) throw new Error("expected stays");
    expect(a.stay.key).not.toBe(b.stay.key);
    expect(fixed.stay.key).toBe(a.stay.key);
    expect(fingerprint(fixed.stay)).not.toBe(fingerprint(a.stay));
  });
});

describe("cells", () => {
  it("reads dates in the file's order and numbers with either decimal mark", () => {
    expect(parseDate("7/1/2015", "mdy")).toBe("2015-07-01");
    expect(parseDate("01/07/2015", "dmy")).toBe("2015-07-01");
    expect(parseDate("2015-07-01 10:00", "dmy")).toBe("2015-07-01");
    expect(parseDate("31/02/2015", "dmy")).toBeNull();
    expect(parseNumber("1.234,56", ",")).toBe(1234.56);
    expect(parseNumber("1,234.56", ".")).toBe(1234.56);
    expect(parseNumber("R$ 10,5", ",")).toBe(10.5);
    expect(parseNumber("abc", ".")).toBeNull();
  });
  it("says what a mapping lacks and which columns the file does not have", () => {
    expect(mappingProblems(mappingSchema.parse({ room_type: "t" }))).toEqual(["arrival", "stayEnd", "bookedAt", "revenue"]);
    expect(missingColumns(resort, ["adr", "reserved_room_type"])).toContain("arrival_date_year");
  });
});

describe("cells that name what every object inherits", () => {
  it("are no status and no month", () => {
    expect(statusOf("constructor")).toBeNull();
    expect(statusOf("__proto__", { cancelada: "cancelled" })).toBeNull();
    expect(mapRow(row({ arrival_date_month: "valueOf" }), ctx())).toEqual({ ok: false, reason: "badDate" });
  });
});
