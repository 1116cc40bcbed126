import { and, asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importedReservations, reservationImports, reservations, reservationVersions } from "#api/db/schema/index.ts";
import { runImport } from "#api/services/imports/run.ts";
import { createTestApi, type TestApi } from "#tests/helpers/api.ts";
import { bookingsFixture, inventoryMatches, type BookingsFixture } from "./bookings-fixture.ts";

/**
 * The import job writes a chunk of rows at a time (500, run.ts): the rules of the import must
 * read the same whatever the chunk borders. A booking named twice (a corrected line further
 * down) is updated by the later row, inside a chunk as across a border, with a version for each
 * state; future stays take the Suíte's two rooms in file order across a border, and the one
 * that finds none is listed.
 */
let t: TestApi;
let f: BookingsFixture;

beforeAll(async () => {
  t = await createTestApi();
  t.clock.now = new Date("2026-11-28T12:00:00Z");
  f = await bookingsFixture(t, { pricing: false, rooms: false });
}, 180_000);
afterAll(() => t.close());

const HEADER = "code;status;arrival;departure;category;adults;total;created_at";
const past = (code: string, total: string, day = 1) => `${code};confirmed;2025-03-${String(day).padStart(2, "0")};2025-03-${String(day + 1).padStart(2, "0")};Suite;2;${total};2025-01-10`;
const future = (code: string) => `${code};confirmed;2027-03-10;2027-03-11;Suite;2;300,00;2026-11-01`;

// Line 1 and 2 name D1 (its corrected rate second); lines 501 and 502 name X, the second on the
// far side of a chunk border; F1 (line 500), F2 and F3 (503, 504) want the same night.
const lines = [
  past("D1", "100,00"),
  past("D1", "150,00"),
  ...Array.from({ length: 497 }, (_, i) => past(`P${i + 3}`, "90,00", 1 + (i % 27))),
  future("F1"),
  past("X", "100,00", 5),
  past("X", "180,00", 5),
  future("F2"),
  future("F3"),
];

async function importCsv(csv: string) {
  const form = new FormData();
  form.append("file", new Blob([csv]), "chunks.csv");
  const res = await t.call("POST", `${f.base}/imports`, { token: f.token, body: form, lang: "en" });
  expect(res.status, await res.clone().text()).toBe(201);
  const imp = ((await res.json()) as { import: { uuid: string } }).import;
  const mapping = { external_id: "code", status: "status", arrival: "arrival", departure: "departure", room_type: "category", adults: "adults", revenue: "total", booked_at: "created_at", decimal: ",", room_types: { Suite: f.suite.id } };
  const ran = await t.json("PUT", `${f.base}/imports/${imp.uuid}/mapping`, { token: f.token, body: { mapping }, status: 200 });
  await t.json("POST", `${f.base}/imports/${imp.uuid}/run`, { token: f.token, status: 202 });
  await runImport(t.db, imp.uuid, { now: () => t.clock.now });
  const [row] = await t.db.select().from(reservationImports).where(eq(reservationImports.id, imp.uuid));
  return { dryRun: ran.import.dry_run, row: row!, uuid: imp.uuid };
}

async function reservationOf(code: string) {
  const [link] = await t.db
    .select({ id: importedReservations.reservationId })
    .from(importedReservations)
    .where(and(eq(importedReservations.businessId, f.business.id), eq(importedReservations.externalKey, `id:${code}`)));
  if (!link) return undefined;
  const [r] = await t.db.select().from(reservations).where(eq(reservations.id, link.id));
  return r;
}

describe("an import's chunks", { timeout: 180_000 }, () => {
  it("updates a booking named twice, in a chunk and across a border, and fits future stays in file order", async () => {
    const { dryRun, row, uuid } = await importCsv([HEADER, ...lines].join("\r\n"));
    expect(dryRun).toMatchObject({ add: 502, update: 2, unchanged: 0, skip: 0 });
    // The job counts as the dry run did, but for F3, which finds no room.
    expect(row).toMatchObject({ status: "done", done: lines.length, added: 501, updated: 2, unchanged: 0, unplaced: 1 });

    expect(await reservationOf("D1")).toMatchObject({ total: 15_000 });
    expect(await reservationOf("X")).toMatchObject({ total: 18_000 });
    expect(await reservationOf("F1")).toMatchObject({ status: "confirmed", categoryId: f.suite.id });
    expect(await reservationOf("F2")).toMatchObject({ status: "confirmed", categoryId: f.suite.id });
    expect(await reservationOf("F3")).toBeUndefined();
    expect((await inventoryMatches(t.db, f.business.id)).ok).toBe(true);

    // Every state each booking had is a version of its own, in order (the forecast's "books as of").
    const d1 = (await reservationOf("D1"))!.id;
    const x = (await reservationOf("X"))!.id;
    const versions = await t.db
      .select({ id: reservationVersions.reservationId, total: reservationVersions.total })
      .from(reservationVersions)
      .where(inArray(reservationVersions.reservationId, [d1, x]))
      .orderBy(asc(reservationVersions.id));
    expect(versions.filter((v) => v.id === d1).map((v) => v.total)).toEqual([10_000, 15_000]);
    expect(versions.filter((v) => v.id === x).map((v) => v.total)).toEqual([10_000, 18_000]);

    const problems = await (await t.call("GET", `${f.base}/imports/${uuid}/problems.csv`, { token: f.token, lang: "en" })).text();
    expect(problems).toContain("F3");
    expect(problems).not.toContain("F2");
  });

  it("ends in the same state when the same file is imported again", async () => {
    const again = await importCsv([HEADER, ...lines].join("\r\n"));
    // D1 and X: their first lines differ from what was written (the later ones), so the dry run
    // and the job update them back and forth exactly as a first import did; F3 still finds no room.
    expect(again.dryRun).toMatchObject({ add: 1, update: 4, unchanged: 499 });
    expect(again.row).toMatchObject({ status: "done", added: 0, updated: 4, unchanged: 499, unplaced: 1 });
    expect(await reservationOf("D1")).toMatchObject({ total: 15_000 });
    expect(await reservationOf("X")).toMatchObject({ total: 18_000 });
    expect((await inventoryMatches(t.db, f.business.id)).ok).toBe(true);
  });
});
