import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businesses, notifications } from "#api/db/schema/index.ts";
import { DEMO_BUSINESS } from "#api/seed/businesses.ts";
import { createTestApi, demoUsers, userByEmail, type TestApi } from "#tests/helpers/api.ts";

/**
 * The notification list's totals and the bell read `notification_counts`, kept by triggers on
 * `notifications` (ADR 0030): after every kind of write they must equal counting the rows.
 */
let t: TestApi;
let token: string;
let userId: string;

beforeAll(async () => {
  t = await createTestApi();
  token = await t.login(demoUsers.owner.email);
  userId = (await userByEmail(t.db, demoUsers.owner.email)).id;
}, 300_000);
afterAll(() => t.close());

/** The counts as stored, and as counted from the rows, for the user (in-app only). */
async function both() {
  const kept = ((await t.db.execute(sql`select coalesce(sum(total), 0)::int as total, coalesce(sum(unread), 0)::int as unread from notification_counts where user_id = ${userId}`)) as unknown as { rows: { total: number; unread: number }[] }).rows[0];
  const counted = ((await t.db.execute(sql`select count(*)::int as total, (count(*) filter (where read_at is null))::int as unread from notifications where user_id = ${userId} and in_app`)) as unknown as { rows: { total: number; unread: number }[] }).rows[0];
  return { kept, counted };
}

const row = (kind: string, extra: Partial<typeof notifications.$inferInsert> = {}) => ({ userId, businessId: DEMO_BUSINESS.id, kind, params: {}, link: "/bookings", ...extra });

describe("notification counts", () => {
  it("follow inserts, reads, mark-all, kind filters and deletes, and the API answers them", async () => {
    const start = await both();
    expect(start.kept).toEqual(start.counted);
    await t.db.insert(notifications).values([
      ...Array.from({ length: 6 }, () => row("reservation.created")),
      ...Array.from({ length: 3 }, () => row("sync.error", { readAt: new Date() })),
      // Digest-only rows are not in the centre: not counted.
      ...Array.from({ length: 2 }, () => row("sync.error", { inApp: false })),
    ]);
    let now = await both();
    expect(now.kept).toEqual(now.counted);
    expect(now.kept.total).toBe(start.counted.total + 9);
    expect(now.kept.unread).toBe(start.counted.unread + 6);

    const list = await t.json("GET", "/api/v1/notifications?kind=reservation.created&status=unread&per_page=5", { token, status: 200 });
    const [{ n }] = ((await t.db.execute(sql`select count(*)::int as n from notifications where user_id = ${userId} and in_app and kind = 'reservation.created' and read_at is null`)) as unknown as { rows: { n: number }[] }).rows;
    expect(list.pagination.total).toBe(n);
    expect(list.pagination.pages).toBe(Math.ceil(n / 5));
    expect(list.unread_count).toBe(now.counted.unread);

    // One read, then all: the counts move with them.
    expect((await t.call("POST", `/api/v1/notifications/${list.notifications[0].uuid}/read`, { token })).status).toBe(200);
    now = await both();
    expect(now.kept).toEqual(now.counted);
    expect((await t.call("POST", "/api/v1/notifications/read-all", { token })).status).toBe(200);
    now = await both();
    expect(now.kept).toEqual({ total: now.counted.total, unread: 0 });
    expect((await t.json("GET", "/api/v1/notifications/unread-count", { token, status: 200 })).unread_count).toBe(0);

    // A kind moved, a row deleted.
    await t.db.execute(sql`update notifications set kind = 'payment.failed' where id = (select id from notifications where user_id = ${userId} and kind = 'sync.error' and in_app limit 1)`);
    await t.db.delete(notifications).where(eq(notifications.kind, "reservation.created"));
    now = await both();
    expect(now.kept).toEqual(now.counted);
    const all = await t.json("GET", "/api/v1/notifications?per_page=50", { token, status: 200 });
    expect(all.pagination.total).toBe(now.counted.total);
  });

  it("follow a business deleted with its notifications (the cascade)", async () => {
    const [gone] = await t.db
      .insert(businesses)
      .values({ ownerId: userId, slug: `gone-${Date.now()}`, companyName: "Pousada Apagada", status: "SETUP_DONE", roomCount: 1, totalRooms: 1 })
      .returning({ id: businesses.id });
    await t.db.insert(notifications).values(Array.from({ length: 4 }, () => row("trial.ending", { businessId: gone.id })));
    expect((await both()).kept.unread).toBeGreaterThanOrEqual(4);
    await t.db.delete(businesses).where(eq(businesses.id, gone.id));
    const now = await both();
    expect(now.kept).toEqual(now.counted);
  });
});
