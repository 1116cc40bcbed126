import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "#api/db/client.ts";
import { channelOutbox } from "#api/db/schema/index.ts";
import { startBackground } from "#api/services/jobs/background.ts";
import type { JobQueue } from "#api/services/queue/queue.ts";
import { addDays } from "#domain/bookings/stay.ts";
import { setConfig } from "#config";
import { createTestApi, type TestApi } from "#tests/helpers/api.ts";
import { startFakeChannex, type FakeChannex, type FakeProperty } from "#tests/helpers/fake-channex.ts";
import { connectEveryCategory } from "./channex-fixture.ts";
import { bookingsFixture, stay, type BookingsFixture } from "./bookings-fixture.ts";

// Two workers, each with its own connection pool and its own pg-boss, on one PostgreSQL database:
// what two server processes do. (PGlite is one process by nature.)
const url = process.env.TEST_DATABASE_URL;
let t: TestApi;
let f: BookingsFixture;
let fake: FakeChannex;
let property: FakeProperty;
let second: DatabaseHandle;
const queues: JobQueue[] = [];

beforeAll(async () => {
  if (!url) return;
  t = await createTestApi();
  fake = await startFakeChannex();
  setConfig({ ...t.config, CHANNEX_API_URL: fake.url });
  f = await bookingsFixture(t);
  property = fake.addProperty();
  const connectionString = (t.db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString;
  second = await openDatabase({ kind: "postgres", url: connectionString });
  queues.push(await startBackground(t.handle, { minPushIntervalMs: 0 }), await startBackground(second, { minPushIntervalMs: 0 }));
  await connectEveryCategory(t.db, f, fake, property);
});
afterAll(async () => {
  for (const q of queues) await q.stop();
  await second?.close();
  await fake?.close();
  await t?.close();
});

describe.skipIf(!url)("two workers on one PostgreSQL", () => {
  it("share the pushes and never send the same change twice", async () => {
    const nights = Array.from({ length: 24 }, (_, i) => addDays("2027-02-01", i * 2));
    // Bookings arrive in bursts while both workers poll.
    for (let i = 0; i < nights.length; i += 6) {
      await Promise.all(
        nights.slice(i, i + 6).map((night) =>
          t.json("POST", `${f.base}/reservations`, { token: f.token, body: stay(f, { arrival: night, departure: addDays(night, 1), room_category_uuid: f.standard.id }), status: 201 }),
        ),
      );
    }
    await expect.poll(async () => (await t.db.select().from(channelOutbox).where(eq(channelOutbox.businessId, f.business.id))).length, { timeout: 60_000, interval: 200 }).toBe(0);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(fake.rejected).toEqual([]);
    const sent = fake.nights("/api/v1/availability");
    for (const night of nights) {
      // The booking made it 7 rooms, told once (the full sync may have been folded into it).
      const values = sent.get(`${property.roomTypes[0].id}|${night}`) ?? [];
      expect(values.filter((v) => v === 7), night).toHaveLength(1);
      expect(values[values.length - 1], night).toBe(7);
    }
  });
});
