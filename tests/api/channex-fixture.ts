import { eq } from "drizzle-orm";
import { expect } from "vitest";
import type { Database } from "#api/db/client.ts";
import { channelOutbox, channexConnections } from "#api/db/schema/index.ts";
import { translatorFor } from "#api/i18n.ts";
import { connectChannex } from "#api/services/channels/connections.ts";
import type { FakeChannex, FakeProperty } from "#tests/helpers/fake-channex.ts";
import type { BookingsFixture } from "./bookings-fixture.ts";

/** Connects the fixture's business to the fake property: Standard, Deluxe and Suíte to its room types and rate plans, in order. */
export function connectEveryCategory(db: Database, f: BookingsFixture, fake: FakeChannex, property: FakeProperty) {
  return connectChannex(
    db,
    translatorFor("en-US"),
    f.business.id,
    {
      property_id: property.id,
      api_key: fake.apiKey,
      mapping: [f.standard, f.deluxe, f.suite].map((c, i) => ({ room_category_uuid: c.id, room_type_id: property.roomTypes[i].id, rate_plan_id: property.ratePlans[i].id })),
    },
    new Date(),
  );
}

/** Rows waiting in the business's channel outbox. */
export async function outboxRows(db: Database, businessId: string): Promise<number> {
  return (await db.select().from(channelOutbox).where(eq(channelOutbox.businessId, businessId))).length;
}

/** Waits until the business's outbox is empty and no push is in hand. */
export async function pushesSettled(db: Database, businessId: string, ms = 30_000) {
  await expect.poll(() => outboxRows(db, businessId), { timeout: ms, interval: 100 }).toBe(0);
  await expect
    .poll(async () => (await db.select({ l: channexConnections.pushLeaseUntil }).from(channexConnections).where(eq(channexConnections.businessId, businessId)))[0]?.l ?? null, {
      timeout: ms,
      interval: 100,
    })
    .toBeNull();
}
