import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { parse } from "csv-parse/sync";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reservationImports, reservations, roomCategories } from "#api/db/schema/index.ts";
import { runImport } from "#api/services/imports/run.ts";
import { createTestApi, type TestApi } from "#tests/helpers/api.ts";
import { bookingsFixture, inventoryMatches, otherOwner, type BookingsFixture } from "./bookings-fixture.ts";

/**
 * Reservation imports (issue #25) on a slice of the shared "Hotel booking demand" file
 * (N. Antonio, A. de Almeida, L. Nunes, Data in Brief 22 (2019), CC BY 4.0): the figures the
 * test expects are computed here from the CSV itself, not by the product's code.
 */
const SHARED = new URL("../fixtures/hotel-booking-demand/resort-hotel.csv.gz", import.meta.url);
const lines = gunzipSync(readFileSync(SHARED)).toString("utf8").split("\n").filter(Boolean);
const slice = (from: number, count: number) => [lines[0]!, ...lines.slice(1 + from, 1 + from + count)].join("\n") + "\n";

let t: TestApi;
let f: BookingsFixture;
let resort: { id: string };

beforeAll(async () => {
  t = await createTestApi();
  t.clock.now = new Date("2026-11-28T12:00:00Z");
  f = await bookingsFixture(t, { pricing: false, rooms: false });
  [resort] = await t.db.insert(roomCategories).values({ businessId: f.business.id, name: "Resort", roomCount: 190, minOccupation: 1, maxOccupation: 6, position: 3 }).returning();
  presets = (await t.json("GET", `${f.base}/import-presets`, { token: f.token, status: 200 })).data;
}, 180_000);
afterAll(() => t.close());

function upload(content: string | Uint8Array, name = "bookings.csv", token = f.token) {
  const form = new FormData();
  form.append("file", new Blob([content as BlobPart]), name);
  return t.call("POST", `${f.base}/imports`, { token, body: form, lang: "en" });
}

async function uploaded(content: string | Uint8Array, name?: string) {
  const res = await upload(content, name);
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { import: { uuid: string; row_count: number } }).import;
}

const presetMapping = (roomTypes: Record<string, string>) => ({ mapping: { ...presetOf("hotel-booking-demand"), room_types: roomTypes } });
let presets: { name: string; mapping: Record<string, unknown> }[] = [];
const presetOf = (name: string) => presets.find((p) => p.name === name)!.mapping;

/** Every room type of the file to the resort's one category. */
const allTypes = (csv: string) => Object.fromEntries((parse(csv, { columns: true }) as Record<string, string>[]).map((r) => [r.reserved_room_type!, resort.id]));

/** What the file says, by the test's own reading: rows with nights, revenue ≥ 0. */
function expected(csv: string) {
  const rows = parse(csv, { columns: true }) as Record<string, string>[];
  const nights = (r: Record<string, string>) => Number(r.stays_in_weekend_nights) + Number(r.stays_in_week_nights);
  const kept = rows.filter((r) => nights(r) > 0 && Number(r.adr) >= 0);
  return { rows: rows.length, kept: kept.length, skipped: rows.length - kept.length, cancelled: kept.filter((r) => r.reservation_status === "Canceled").length };
}

async function dryRun(id: string, body: unknown) {
  return t.json("PUT", `${f.base}/imports/${id}/mapping`, { token: f.token, body, status: 200 });
}

async function importFile(csv: string) {
  const imp = await uploaded(csv);
  const detail = await dryRun(imp.uuid, presetMapping(allTypes(csv)));
  await t.json("POST", `${f.base}/imports/${imp.uuid}/run`, { token: f.token, status: 202 });
  await runImport(t.db, imp.uuid, { now: () => t.clock.now });
  const [row] = await t.db.select().from(reservationImports).where(eq(reservationImports.id, imp.uuid));
  return { dryRun: detail.import.dry_run, row: row! };
}

const reservationCount = async () =>
  Number((await t.db.execute(sql`select count(*)::int as n from reservations where business_id = ${f.business.id}`) as unknown as { rows: { n: number }[] }).rows[0]!.n);

describe("importing the shared file's bookings", { timeout: 180_000 }, () => {
  const first = slice(0, 1200);
  const want = expected(first);

  it("lists the built-in presets", async () => {
    expect(presets.map((p) => p.name)).toEqual(expect.arrayContaining(["hotel-booking-demand", "tarifa-export"]));
  });

  it("previews the file, dry-runs it, and imports every row with nights and revenue", async () => {
    const imp = await uploaded(first, "resort.csv");
    expect(imp.row_count).toBe(want.rows);
    const detail = await t.json("GET", `${f.base}/imports/${imp.uuid}`, { token: f.token, status: 200 });
    expect(detail.header[1]).toBe("is_canceled");
    expect(detail.preview).toHaveLength(10);
    const types = await t.json("GET", `${f.base}/imports/${imp.uuid}/values?column=reserved_room_type`, { token: f.token, status: 200 });
    expect(types.data.length).toBeGreaterThan(1);

    const ran = await dryRun(imp.uuid, presetMapping(allTypes(first)));
    expect(ran.import.dry_run).toMatchObject({ add: want.kept, update: 0, unchanged: 0, skip: want.skipped });

    await t.json("POST", `${f.base}/imports/${imp.uuid}/run`, { token: f.token, status: 202 });
    await runImport(t.db, imp.uuid, { now: () => t.clock.now });
    const done = await t.json("GET", `${f.base}/imports/${imp.uuid}`, { token: f.token, status: 200 });
    expect(done.import).toMatchObject({ status: "done", done: want.rows, added: want.kept, skipped: want.skipped, unplaced: 0 });
    expect(await reservationCount()).toBe(want.kept);
    const cancelled = await t.db.select().from(reservations).where(and(eq(reservations.businessId, f.business.id), eq(reservations.status, "cancelled")));
    expect(cancelled).toHaveLength(want.cancelled);
    // Every cancellation keeps its date, and every booking its booking date (arrival − lead time).
    expect(cancelled.every((r) => r.cancelledAt !== null && r.cancelledAt <= new Date(`${r.arrival}T23:59:59Z`))).toBe(true);
    expect((await inventoryMatches(t.db, f.business.id)).ok).toBe(true);
    // The history changed: the forecast's scorecard was computed again at the import's end.
    const forecast = await t.json("GET", `${f.base}/tracking/forecast?days=1`, { token: f.token, status: 200 });
    expect(forecast.scorecard?.computed_at).toBe(t.clock.now.toISOString());

    const csv = await t.call("GET", `${f.base}/imports/${imp.uuid}/problems.csv`, { token: f.token, lang: "en" });
    expect(csv.headers.get("content-type")).toMatch(/text\/csv/);
    const problems = parse(await csv.text(), { bom: true }) as string[][];
    expect(problems.filter((r) => r[1] === "skipped")).toHaveLength(want.skipped);
  });

  it("changes nothing when the same file is imported again", async () => {
    const before = await reservationCount();
    const again = await importFile(first);
    expect(again.dryRun).toMatchObject({ add: 0, update: 0, unchanged: want.kept, skip: want.skipped });
    expect(again.row).toMatchObject({ status: "done", added: 0, updated: 0, unchanged: want.kept });
    expect(await reservationCount()).toBe(before);
  });

  it("updates only the rows a corrected file changed", async () => {
    const rows = first.split("\n");
    // The first booking with nights: a corrected rate.
    const at = rows.findIndex((r, i) => i > 0 && Number(r.split(",")[7]) + Number(r.split(",")[8]) > 0);
    const cells = rows[at]!.split(",");
    const adr = cells.length - 5;
    cells[adr] = String(Number(cells[adr]) + 10);
    rows[at] = cells.join(",");
    const again = await importFile(rows.join("\n"));
    expect(again.row).toMatchObject({ added: 0, updated: 1, unchanged: want.kept - 1 });
    expect((await inventoryMatches(t.db, f.business.id)).ok).toBe(true);
  });

  it("resumes after a restart in the middle of an import and ends as an uninterrupted one", async () => {
    const second = slice(5000, 1600);
    const want2 = expected(second);
    const before = await reservationCount();
    const imp = await uploaded(second);
    await dryRun(imp.uuid, presetMapping(allTypes(second)));
    await t.json("POST", `${f.base}/imports/${imp.uuid}/run`, { token: f.token, status: 202 });
    // One chunk committed, then the process dies: the import is left "running" at its cursor.
    await runImport(t.db, imp.uuid, { now: () => t.clock.now, maxChunks: 1 });
    const [half] = await t.db.select().from(reservationImports).where(eq(reservationImports.id, imp.uuid));
    expect(half).toMatchObject({ status: "running", done: 500 });
    // The restarted server's job (resumeImports) picks it up; a second worker at once does no harm.
    await Promise.all([runImport(t.db, imp.uuid, { now: () => t.clock.now }), runImport(t.db, imp.uuid, { now: () => t.clock.now })]);
    const [end] = await t.db.select().from(reservationImports).where(eq(reservationImports.id, imp.uuid));
    expect(end).toMatchObject({ status: "done", done: want2.rows, added: want2.kept, skipped: want2.skipped });
    expect(await reservationCount()).toBe(before + want2.kept);
    expect((await inventoryMatches(t.db, f.business.id)).ok).toBe(true);
  });
});

describe("future stays go through the inventory", { timeout: 120_000 }, () => {
  it("places what fits and lists what does not, never overbooking", async () => {
    const header = "code;status;arrival;departure;category;adults;total;created_at";
    const rows = ["F1;confirmed;2027-02-01;2027-02-04;Suite;2;1.200,50;2026-10-01", "F2;confirmed;2027-02-02;2027-02-03;Suite;2;400,00;2026-10-02", "F3;confirmed;2027-02-02;2027-02-03;Suite;2;400,00;2026-10-03"];
    const imp = await uploaded([header, ...rows].join("\r\n"), "future.csv");
    // A minute later than the imports before, so a scorecard computed by this one would say so.
    const at = new Date(t.clock.now.getTime() + 60_000);
    const mapping = { external_id: "code", status: "status", arrival: "arrival", departure: "departure", room_type: "category", adults: "adults", revenue: "total", booked_at: "created_at", decimal: ",", room_types: { Suite: f.suite.id } };
    const ran = await dryRun(imp.uuid, { mapping });
    expect(ran.import.dry_run).toMatchObject({ add: 3, skip: 0 });
    await t.json("POST", `${f.base}/imports/${imp.uuid}/run`, { token: f.token, status: 202 });
    await runImport(t.db, imp.uuid, { now: () => at });
    // Only future stays: the scorecard, which scores past nights, is not computed again.
    const forecast = await t.json("GET", `${f.base}/tracking/forecast?days=1`, { token: f.token, status: 200 });
    expect(forecast.scorecard?.computed_at).not.toBe(at.toISOString());
    const [row] = await t.db.select().from(reservationImports).where(eq(reservationImports.id, imp.uuid));
    // The Suíte has 2 rooms: F1 and F2 take 2 Feb, F3 finds none.
    expect(row).toMatchObject({ added: 2, unplaced: 1, futureFrom: "2027-02-01", futureTo: "2027-02-03" });
    const [f1] = await t.db.select().from(reservations).where(and(eq(reservations.businessId, f.business.id), eq(reservations.arrival, "2027-02-01")));
    expect(f1).toMatchObject({ total: 120_050, status: "confirmed", categoryId: f.suite.id });
    expect((await inventoryMatches(t.db, f.business.id)).ok).toBe(true);
    const problems = await (await t.call("GET", `${f.base}/imports/${imp.uuid}/problems.csv`, { token: f.token, lang: "en" })).text();
    expect(problems).toContain("F3");
    expect(problems).toContain("No room left on one of its nights");
  });
});

describe("hostile files", { timeout: 120_000 }, () => {
  const noneWritten = async () => (await t.db.select().from(reservationImports).where(eq(reservationImports.status, "uploading"))).length;

  it("refuses a binary file renamed .csv", async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, ...new Array(200).fill(0)]);
    const res = await upload(png, "photo.csv");
    expect(res.status).toBe(422);
    expect((await res.json()).errors.file[0]).toMatch(/binary/);
    expect(await noneWritten()).toBe(0);
  });

  it("refuses UTF-16 and a file that changes encoding half-way", async () => {
    const utf16 = new Uint8Array(Buffer.from("\ufeffa,b\n1,2\n", "utf16le"));
    expect((await upload(utf16)).status).toBe(422);
    // Valid UTF-8 for the first 64 KiB, then a Windows-1252 byte.
    const head = Buffer.from("code,guest\n" + "X1,José\n".repeat(10_000), "utf8");
    const mixed = Buffer.concat([head, Buffer.from([0x58, 0x32, 0x2c, 0xe9, 0x0a])]);
    const res = await upload(new Uint8Array(mixed));
    expect(res.status).toBe(422);
    expect((await res.json()).errors.file[0]).toMatch(/encoding/);
    expect(await noneWritten()).toBe(0);
  });

  it("reads Windows-1252 and keeps =, +, - and @ cells as text, escaped again in the problems file", async () => {
    const text = "code;guest;arrival;departure;category;total;created_at\nW1;São João;2025-01-01;2025-01-00;Suite;100;2024-12-01\nW2;=HYPERLINK(\"http://x\");2025-01-01;2025-01-00;Suite;100;2024-12-01\nW3;@SUM(A1);2025-01-01;2025-01-00;Suite;-5;2024-12-01\n";
    const bytes = new Uint8Array(Buffer.from(text, "latin1"));
    const imp = await uploaded(bytes, "windows.csv");
    const detail = await t.json("GET", `${f.base}/imports/${imp.uuid}`, { token: f.token, status: 200 });
    expect(detail.preview[0][1]).toBe("São João");
    expect(detail.preview[1][1]).toBe('=HYPERLINK("http://x")');
    await dryRun(imp.uuid, { mapping: { external_id: "code", guest_name: "guest", arrival: "arrival", departure: "departure", room_type: "category", revenue: "total", booked_at: "created_at", room_types: { Suite: f.suite.id } } });
    const problems = await (await t.call("GET", `${f.base}/imports/${imp.uuid}/problems.csv`, { token: f.token, lang: "en" })).text();
    expect(problems).toContain(`'=HYPERLINK`);
    expect(problems).toContain("'@SUM(A1)");
    expect(problems).not.toMatch(/[,\n]=HYPERLINK/);
  });

  it("refuses a mapping naming columns the file does not have, with the field and nothing run", async () => {
    const imp = await uploaded("a,b\n1,2\n");
    const res = await t.call("PUT", `${f.base}/imports/${imp.uuid}/mapping`, { token: f.token, body: presetMapping({}), lang: "en" });
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.errors["mapping.columns"][0]).toContain("arrival_date_year");
    await t.json("POST", `${f.base}/imports/${imp.uuid}/run`, { token: f.token, status: 409 });
  });

  it("refuses a 60 MB file with 413 and keeps nothing of it", async () => {
    const row = "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20\n";
    const big = "a,b,c,d,e,f,g,h,i,j,k,l,m,n,o,p,q,r,s,t\n" + row.repeat(Math.ceil((60 * 1024 * 1024) / row.length));
    const res = await upload(big);
    expect(res.status).toBe(413);
    expect((await res.json()).errors.file[0]).toMatch(/50 MB/);
    expect(await noneWritten()).toBe(0);
    const staged = await t.db.execute(sql`select count(*)::int as n from reservation_import_rows r join reservation_imports i on i.id = r.import_id where i.file_name = 'bookings.csv' and i.row_count = 0`);
    expect(Number((staged as unknown as { rows: { n: number }[] }).rows[0]!.n)).toBe(0);
  });

  it("refuses an empty upload and a broken XLSX", async () => {
    expect((await upload("")).status).toBe(422);
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6, 7, 8]);
    const res = await upload(zip, "book.xlsx");
    expect(res.status).toBe(422);
  });

  it("keeps another business's caller out", async () => {
    const other = await otherOwner(t);
    expect((await upload("a,b\n1,2\n", "x.csv", other.token)).status).toBe(403);
    expect((await t.call("GET", `${f.base}/imports`, { token: other.token })).status).toBe(403);
  });
});
