import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessRewards, outbox } from "#api/db/schema/index.ts";
import { dailyCommand } from "#api/services/daily/commands.ts";
import { runDailyCommand } from "#api/services/daily/runs.ts";
import { evaluateRewards } from "#api/services/reports/rewards.ts";
import { createTestApi, demoUsers, userByEmail, type TestApi } from "#tests/helpers/api.ts";
import { seedPublications, seedReportFixture, setGoal } from "./reports-fixture.ts";

const NOW = new Date("2026-03-15T15:00:00Z");
let t: TestApi;
let base: string;
let fixture: Awaited<ReturnType<typeof seedReportFixture>>;
let owner: string;

beforeAll(async () => {
  t = await createTestApi({ seed: false });
  t.clock.now = NOW;
  const { seed } = await import("#api/seed/index.ts");
  await seed(t.db, NOW);
  fixture = await seedReportFixture(t.db, (await userByEmail(t.db, demoUsers.owner.email)).id);
  base = `/api/v1/businesses/${fixture.id}`;
  owner = await t.login(demoUsers.owner.email);
  // February 2026: room revenue 1 000,00 over 3 rooms × 28 nights; occupancy 4/84 = 4.76 %.
  await setGoal(t.db, fixture.id, "2026-02", { revenue: 100_000, occupancy: 4 });
  // January: nothing sold, so its goal is missed.
  await setGoal(t.db, fixture.id, "2026-01", { revenue: 1 });
  await setGoal(t.db, fixture.id, "2026-03", { revenue: 100_000 });
  // Times in UTC; São Paulo is UTC−3. A change on 20 Feb published 30 h later is late; the others are on time.
  await seedPublications(t.db, fixture.id, fixture.categories.a, [
    { at: "2026-02-20T13:00:00Z", night: "2026-04-01", publishedAt: "2026-02-21T19:00:00Z" },
    { at: "2026-02-25T13:00:00Z", night: "2026-04-02", publishedAt: "2026-02-25T15:00:00Z" },
    { at: "2026-03-05T13:00:00Z", night: "2026-04-03", publishedAt: "2026-03-06T12:59:00Z" },
  ]);
}, 120_000);
afterAll(() => t.close());

const earned = async () => (await t.db.select().from(businessRewards).where(eq(businessRewards.businessId, fixture.id))).map((r) => `${r.kind} ${r.period}`).sort();

describe("rewards", () => {
  it("earns a month whose goals were all met and a month whose RevPAR beat last year's; progress for the rest", async () => {
    const r = await t.json("GET", `${base}/rewards`, { token: owner, status: 200 });
    expect(r.earned.map((e: any) => `${e.kind} ${e.period}`).sort()).toEqual(["goal_met 2026-02", "revpar_above_last_year 2026-02"]);
    // RevPAR: 1 000,00 ÷ 84 = 11,90 against 200,00 ÷ 84 = 2,38 in February 2025.
    expect(r.earned.find((e: any) => e.kind === "revpar_above_last_year").evidence).toEqual({ current: 1_190, target: 238 });
    expect(r.earned[0].earned_at).toBe(NOW.toISOString());
    expect(r.timezone).toBe("America/Sao_Paulo");
    const progress = Object.fromEntries(r.progress.map((p: any) => [p.kind, p]));
    // March to date: R2's 310,00 on the 1st and R3's 150,33 on the 5th, against a goal of 1 000,00.
    expect(progress.goal_met).toEqual({ kind: "goal_met", unit: "money", current: 46_033, target: 100_000, period: "2026-03" });
    // Nothing late since 21 February, up to 13 March (the last day whose 24 hours are over): 21 days.
    expect(progress.prices_published).toEqual({ kind: "prices_published", unit: "days", current: 21, target: 30, period: "2026-02-21..2026-03-13", changes: 2 });
  });

  it("earns a run of 30 days of prices published in time once it is complete, and never twice", async () => {
    const later = new Date("2026-03-24T12:00:00Z");
    const first = await evaluateRewards(t.db, fixture.id, "2026-03-24", later);
    expect(first.earned.map((e) => `${e.kind} ${e.period}`)).toContain("prices_published 2026-02-21..2026-03-22");
    expect(first.earned.find((e) => e.kind === "prices_published")!.evidence).toEqual({ changes: 2, days: 30 });
    const before = await earned();
    await evaluateRewards(t.db, fixture.id, "2026-03-24", later);
    await evaluateRewards(t.db, fixture.id, "2026-03-25", new Date("2026-03-25T12:00:00Z"));
    expect(await earned()).toEqual(before);
    // Earned rewards wait for a notification.
    const rows = await t.db.select().from(businessRewards).where(eq(businessRewards.businessId, fixture.id));
    expect(rows.every((row) => row.notifiedAt === null)).toBe(true);
  });
});

describe("announcing rewards", () => {
  it("tells the owner of each reward earned, in the notification centre and by e-mail, through the daily command, once", async () => {
    const at = new Date("2026-03-25T12:00:00Z");
    const command = dailyCommand("rewards.evaluate")!;
    const ownerUser = await userByEmail(t.db, demoUsers.owner.email);
    const mails = async () => (await t.db.select().from(outbox).where(and(eq(outbox.userId, ownerUser.id), eq(outbox.kind, "notification")))).filter((m) => m.subject.includes("Pousada Relatório"));
    const announced = async () => {
      const list = await t.json("GET", "/api/v1/notifications?per_page=100", { token: owner, lang: "en", status: 200 });
      return list.notifications.filter((n: any) => n.business_uuid === fixture.id && (n.kind === "goal.reached" || n.kind === "reward.earned"));
    };
    expect(await announced()).toEqual([]);
    const mailsBefore = (await mails()).length;

    expect((await runDailyCommand(t.db, command, fixture.id, { now: at, day: "2026-03-25" })).outcome).toBe("succeeded");
    const told = await announced();
    // The three rewards earned so far: February's goals and RevPAR, and the run of prices published on time.
    expect(told.map((n: any) => `${n.kind} ${n.params.reward} ${n.params.period}`).sort()).toEqual([
      "goal.reached goal_met 2026-02",
      "reward.earned prices_published 2026-02-21..2026-03-22",
      "reward.earned revpar_above_last_year 2026-02",
    ]);
    expect(told.every((n: any) => n.link === "/rewards" && n.read === false)).toBe(true);
    // Named in the reader's language from the reward's kind.
    expect(told.find((n: any) => n.kind === "goal.reached").title).toBe("Goal reached at Pousada Relatório: Goal met");
    expect(told.find((n: any) => n.params.reward === "revpar_above_last_year").title).toBe("Reward earned at Pousada Relatório: Better than last year");
    // Activity is e-mailed by default: one message per reward, to the owner, leading to /rewards.
    const sent = (await mails()).slice(mailsBefore);
    expect(sent).toHaveLength(3);
    expect(sent.every((m) => m.to === demoUsers.owner.email && m.status === "queued" && m.text.includes("/rewards"))).toBe(true);
    const rows = await t.db.select().from(businessRewards).where(eq(businessRewards.businessId, fixture.id));
    expect(rows.every((row) => row.notifiedAt?.getTime() === at.getTime())).toBe(true);

    // Run again (a retry, or "run now" the next day): nothing is announced twice.
    expect((await runDailyCommand(t.db, command, fixture.id, { now: at, day: "2026-03-25", force: true })).outcome).toBe("succeeded");
    expect((await runDailyCommand(t.db, command, fixture.id, { now: new Date("2026-03-26T12:00:00Z"), day: "2026-03-26" })).outcome).toBe("succeeded");
    expect(await announced()).toHaveLength(3);
    expect((await mails()).length).toBe(mailsBefore + 3);
  });
});
