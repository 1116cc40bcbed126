import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_BUSINESS } from "#api/seed/businesses.ts";
import { businessGoals, businesses, coupons, holidays, notificationCounts, plans, seasonalities, seasonalityDates, users } from "#api/db/schema/index.ts";
import { answerVersion, dataVersion, UNTRACKED_TABLES } from "#api/services/data-version.ts";
import { createTestApi, demoUsers, type TestApi } from "#tests/helpers/api.ts";

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

/** A business the demo owner neither owns nor works for. */
async function anotherBusiness(): Promise<string> {
  const [admin] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, demoUsers.admin.email));
  const [row] = await t.db
    .insert(businesses)
    .values({ ownerId: admin!.id, slug: `outra-${crypto.randomUUID().slice(0, 8)}`, companyName: "Outra Pousada", status: "SETUP_DONE", roomCount: 1, totalRooms: 1 })
    .returning({ id: businesses.id });
  return row!.id;
}

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
    // Another business's write moves its own version and leaves this one alone.
    const other = await anotherBusiness();
    const otherBefore = await dataVersion(t.db, other);
    await t.db.update(businesses).set({ updatedAt: new Date() }).where(eq(businesses.id, other));
    expect(await dataVersion(t.db, other)).toBe(otherBefore + 1);
    expect(await dataVersion(t.db, B)).toBe(before + 2);
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
  it("a user's answer version moves with their account, their bell, shared data and a seasonality's dates — not with another user's", async () => {
    const [owner] = await t.db.select().from(users).where(eq(users.email, demoUsers.owner.email));
    const [other] = await t.db.select().from(users).where(eq(users.email, demoUsers.admin.email));
    const version = () => answerVersion(t.db, owner!.id);
    const moves = async (write: () => Promise<unknown>) => {
      const before = await version();
      await write();
      return (await version()) !== before;
    };
    expect(await moves(() => t.db.update(users).set({ name: "Otávia" }).where(eq(users.id, owner!.id)))).toBe(true);
    expect(await moves(() => t.db.update(users).set({ name: "Outra" }).where(eq(users.id, other!.id)))).toBe(false);
    expect(
      await moves(() =>
        t.db.insert(notificationCounts).values({ userId: owner!.id, kind: "test", total: 1, unread: 1 }).onConflictDoUpdate({ target: [notificationCounts.userId, notificationCounts.kind], set: { unread: 2 } }),
      ),
    ).toBe(true);
    const [plan] = await t.db.select({ id: plans.id }).from(plans).limit(1);
    expect(await moves(() => t.db.update(plans).set({ trialDays: 21 }).where(eq(plans.id, plan!.id)))).toBe(true);
    expect(await moves(() => t.db.insert(coupons).values({ id: "VERSAO10", name: "Versão", percentOff: 10, duration: "once" }))).toBe(true);
    const [season] = await t.db.select({ id: seasonalities.id }).from(seasonalities).where(eq(seasonalities.businessId, B)).limit(1);
    expect(await moves(() => t.db.insert(seasonalityDates).values({ seasonalityId: season!.id, startsAt: "2031-05-01", endsAt: "2031-05-03", daysOfWeek: [0, 1, 2, 3, 4, 5, 6] }))).toBe(true);
    // An API path's business counts too when it is not one of the user's own (an administrator's
    // read of it, a refusal): its writes move that answer's version, not the user's own.
    const foreign = await anotherBusiness();
    const onPath = () => answerVersion(t.db, owner!.id, foreign);
    const [ownBefore, pathBefore] = [await version(), await onPath()];
    await t.db.update(businesses).set({ updatedAt: new Date() }).where(eq(businesses.id, foreign));
    expect(await onPath()).not.toBe(pathBefore);
    expect(await version()).toBe(ownBefore);
    // A business nobody has written to yet adds nothing to the version.
    expect(await answerVersion(t.db, owner!.id, "11111111-1111-4111-8111-111111111111")).toBe(await version());
  });

  it("a collaborator's or owner's new name moves the version of everyone working for their businesses (ADR 0048)", async () => {
    const [owner] = await t.db.select().from(users).where(eq(users.email, demoUsers.owner.email));
    const [collaborator] = await t.db.select().from(users).where(eq(users.email, demoUsers.collaborator.email));
    const ownerSees = () => answerVersion(t.db, owner!.id);
    const collaboratorSees = () => answerVersion(t.db, collaborator!.id);
    const [ownerBefore, collaboratorBefore] = [await ownerSees(), await collaboratorSees()];
    // The collaborator's name is on the reservations they created, which the owner reads.
    await t.db.update(users).set({ name: "Camila Renomeada" }).where(eq(users.id, collaborator!.id));
    const ownerAfter = await ownerSees();
    expect(ownerAfter).not.toBe(ownerBefore);
    // The owner's surname is on the business in the collaborator's list.
    const collaboratorMid = await collaboratorSees();
    await t.db.update(users).set({ surname: "Renomeado" }).where(eq(users.id, owner!.id));
    expect(await collaboratorSees()).not.toBe(collaboratorMid);
    expect(collaboratorMid).not.toBe(collaboratorBefore);
    // What no other page shows (a password change) moves only the user's own row.
    const ownerMid = await ownerSees();
    const collaboratorLast = await collaboratorSees();
    await t.db.update(users).set({ passwordHash: collaborator!.passwordHash }).where(eq(users.id, collaborator!.id));
    expect(await ownerSees()).toBe(ownerMid);
    expect(await collaboratorSees()).not.toBe(collaboratorLast);
  });

  it("carries today's date in each of the user's businesses' time zones, so it moves at their midnight", async () => {
    const [owner] = await t.db.select().from(users).where(eq(users.email, demoUsers.owner.email));
    // 14:30 UTC is already tomorrow on Kiritimati (UTC+14) and still today in Pago Pago (UTC-11).
    const at = new Date("2031-03-10T14:30:00Z");
    await t.db.update(businesses).set({ timezone: "Pacific/Kiritimati" }).where(eq(businesses.id, B));
    const east = await answerVersion(t.db, owner!.id, null, at);
    expect(east).toContain("2031-03-11");
    // Nothing written, only the clock a minute before the business's midnight: another version.
    const before = await answerVersion(t.db, owner!.id, null, new Date("2031-03-10T09:59:00Z"));
    expect(before).not.toContain("2031-03-11");
    expect(before.split("|").slice(0, 2)).toEqual(east.split("|").slice(0, 2));
    await t.db.update(businesses).set({ timezone: "Pacific/Pago_Pago" }).where(eq(businesses.id, B));
    expect(await answerVersion(t.db, owner!.id, null, at)).not.toContain("2031-03-11");
    await t.db.update(businesses).set({ timezone: "America/Sao_Paulo" }).where(eq(businesses.id, B));
  });
});
