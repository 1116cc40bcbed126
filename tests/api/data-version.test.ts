import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_BUSINESS } from "../../api/db/seeds/businesses.ts";
import { businessGoals, businesses, holidays } from "../../api/db/schema/index.ts";
import { dataVersion, UNTRACKED_TABLES } from "../../api/services/data-version.ts";
import { createTestApi, demoUsers, type TestApi } from "../helpers/api.ts";

/**
 * The per-business data version (migration 0027, ADR 0032): a trigger moves it with every
 * committed write to the business's data, whichever path wrote it, and the dashboard's
 * remembered answer is served only at the version it was computed at.
 */

let t: TestApi;
const B = DEMO_BUSINESS.id;

beforeAll(async () => {
  t = await createTestApi();
}, 300_000);
afterAll(() => t.close());

const rows = async <T>(query: ReturnType<typeof sql>) => (await t.db.execute(query)) as unknown as { rows: T[] } | T[];
const list = <T>(answer: { rows: T[] } | T[]) => (Array.isArray(answer) ? answer : answer.rows);

describe("data versions", () => {
  it("tracks every table with a business_id column except the listed ones", async () => {
    const withBusiness = list(
      await rows<{ table_name: string }>(sql`
        select c.table_name from information_schema.columns c
        join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name and tb.table_type = 'BASE TABLE'
        where c.table_schema = current_schema() and c.column_name = 'business_id'`),
    ).map((r) => r.table_name);
    const tracked = new Set(
      list(await rows<{ table_name: string }>(sql`select c.relname as table_name from pg_trigger g join pg_class c on c.oid = g.tgrelid where g.tgname = 'data_version'`)).map(
        (r) => r.table_name,
      ),
    );
    const untracked: readonly string[] = UNTRACKED_TABLES;
    const neither = withBusiness.filter((name) => !tracked.has(name) && !untracked.includes(name));
    expect(neither).toEqual([]);
    expect(withBusiness.filter((name) => tracked.has(name) && untracked.includes(name))).toEqual([]);
    expect(tracked.has("businesses") && tracked.has("holidays") && tracked.has("reservations")).toBe(true);
  });

  it("moves once per committed transaction, whatever writes, and not on a rolled-back one", async () => {
    const before = await dataVersion(t.db, B);
    await t.db.transaction(async (tx) => {
      await tx.update(businesses).set({ updatedAt: new Date() }).where(eq(businesses.id, B));
      await tx.update(businesses).set({ updatedAt: new Date() }).where(eq(businesses.id, B));
      await tx.insert(businessGoals).values({ businessId: B, month: "2031-01-01", revenue: 1 });
    });
    expect(await dataVersion(t.db, B)).toBe(before + 1);
    await expect(
      t.db.transaction(async (tx) => {
        await tx.delete(businessGoals).where(eq(businessGoals.businessId, B));
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect(await dataVersion(t.db, B)).toBe(before + 1);
    // Data every business reads (holidays) moves every business's version.
    await t.db.insert(holidays).values({ country: "BR", date: "2031-02-02", name: { "pt-BR": "Teste" } } as typeof holidays.$inferInsert);
    expect(await dataVersion(t.db, B)).toBe(before + 2);
    // Another business's write leaves this one alone.
    const [other] = await t.db.select({ id: businesses.id }).from(businesses).where(sql`${businesses.id} <> ${B}`).limit(1);
    if (other) {
      await t.db.update(businesses).set({ updatedAt: new Date() }).where(eq(businesses.id, other.id));
      expect(await dataVersion(t.db, B)).toBe(before + 2);
    }
  });

  it("shows a write made outside the API (a job, another process) on the dashboard's next read", async () => {
    const token = await t.login(demoUsers.owner.email);
    const first = await t.json("GET", `/api/v1/businesses/${B}/dashboard`, { token, status: 200 });
    const month = `${first.today.slice(0, 7)}-01`;
    // Read twice: the second answer is the remembered one.
    expect(await t.json("GET", `/api/v1/businesses/${B}/dashboard`, { token, status: 200 })).toEqual(first);
    await t.db
      .insert(businessGoals)
      .values({ businessId: B, month, revenue: 123_456_00 })
      .onConflictDoUpdate({ target: [businessGoals.businessId, businessGoals.month], set: { revenue: 123_456_00 } });
    const after = await t.json("GET", `/api/v1/businesses/${B}/dashboard`, { token, status: 200 });
    expect(after.month_to_date.goal.revenue).toBe(123_456_00);
  });
});
