import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { parse } from "csv-parse/sync";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "#api/db/query.ts";
import { reservationImports, roomCategories } from "#api/db/schema/index.ts";
import { FORECAST_REFRESH_JOB, forecastRefreshJob } from "#api/services/forecast/refresh.ts";
import { IMPORT_JOB, runImport } from "#api/services/imports/run.ts";
import { startJobQueue, type JobQueue } from "#api/services/queue/queue.ts";
import { createTestApi, type TestApi } from "#tests/helpers/api.ts";
import { bookingsFixture, type BookingsFixture } from "./bookings-fixture.ts";

/**
 * An import that wrote history hands the forecast (its scorecard and the stored nights the brain
 * reads) to the queue instead of computing it inside the import job (issue 25: the backtest held
 * the job for half a minute on the shared resort). On a slice of the shared "Hotel booking demand"
 * file (N. Antonio, A. de Almeida, L. Nunes, Data in Brief 22 (2019), CC BY 4.0), with the import
 * and forecast jobs on a real queue as a server runs them.
 */
const SHARED = new URL("../fixtures/hotel-booking-demand/resort-hotel.csv.gz", import.meta.url);
const lines = gunzipSync(readFileSync(SHARED)).toString("utf8").split("\n").filter(Boolean);
const csv = [lines[0]!, ...lines.slice(1, 401)].join("\n") + "\n";

let t: TestApi;
let f: BookingsFixture;
let queue: JobQueue;
const importsRun: string[] = [];

beforeAll(async () => {
  t = await createTestApi();
  t.clock.now = new Date("2026-11-28T12:00:00Z");
  f = await bookingsFixture(t, { pricing: false, rooms: false });
  queue = await startJobQueue(t.handle, [
    {
      name: IMPORT_JOB,
      pollSeconds: 0.5,
      run: async ({ importId }: { importId: string }) => {
        await runImport(t.db, importId, { now: () => t.clock.now });
        importsRun.push(importId);
      },
    },
    { ...forecastRefreshJob(t.db, () => t.clock.now), pollSeconds: 0.5 },
  ]);
}, 180_000);
afterAll(async () => {
  await queue?.stop();
  await t?.close();
});

const waitFor = async (check: () => Promise<boolean>, ms = 60_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 200));
  }
};

const refreshJobs = () =>
  rowsOf<{ state: string }>(t.db, sql`select state::text as state from pgboss.job where name = ${FORECAST_REFRESH_JOB} and data->>'businessId' = ${f.business.id}`);

describe("the forecast after an import", { timeout: 120_000 }, () => {
  it("is queued when the import wrote past stays, and computed by its own job", async () => {
    const [resort] = await t.db.insert(roomCategories).values({ businessId: f.business.id, name: "Resort", roomCount: 190, minOccupation: 1, maxOccupation: 6, position: 3 }).returning();
    const roomTypes = Object.fromEntries((parse(csv, { columns: true }) as Record<string, string>[]).map((r) => [r.reserved_room_type!, resort!.id]));
    const presets = (await t.json("GET", `${f.base}/import-presets`, { token: f.token, status: 200 })).data as { name: string; mapping: Record<string, unknown> }[];
    const form = new FormData();
    form.append("file", new Blob([csv]), "resort.csv");
    const res = await t.call("POST", `${f.base}/imports`, { token: f.token, body: form, lang: "en" });
    expect(res.status, await res.clone().text()).toBe(201);
    const imp = ((await res.json()) as { import: { uuid: string } }).import;
    const mapping = { ...presets.find((p) => p.name === "hotel-booking-demand")!.mapping, room_types: roomTypes };
    await t.json("PUT", `${f.base}/imports/${imp.uuid}/mapping`, { token: f.token, body: { mapping }, status: 200 });
    expect(await refreshJobs()).toEqual([]);

    await t.json("POST", `${f.base}/imports/${imp.uuid}/run`, { token: f.token, status: 202 });
    await waitFor(async () => importsRun.includes(imp.uuid));
    const [row] = await t.db.select().from(reservationImports).where(eq(reservationImports.id, imp.uuid));
    expect(row!.status).toBe("done");
    // The import job ended by handing the forecast to the queue: one job for this business.
    expect(await refreshJobs()).toHaveLength(1);

    // The job computes the scorecard and the stored forecast of the year ahead from the new history.
    await waitFor(async () => (await refreshJobs())[0]?.state === "completed");
    const forecast = await t.json("GET", `${f.base}/tracking/forecast?days=1`, { token: f.token, status: 200 });
    expect(forecast.scorecard?.computed_at).toBe(t.clock.now.toISOString());
    const [{ count }] = await rowsOf<{ count: number }>(t.db, sql`select count(*)::int as count from forecast_nights where business_id = ${f.business.id} and category_id = ${resort!.id}`);
    expect(count).toBe(365);
  });
});
