import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outbox } from "#api/db/schema/index.ts";
import { pruneOutbox } from "#api/services/mail/outbox-retention.ts";
import { createTestApi, testConfig, type TestApi } from "#tests/helpers/api.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi({ seed: false });
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date("2026-06-30T12:00:00Z");

function mail(to: string, status: "queued" | "sent" | "failed", createdAt: Date) {
  return { kind: "verification", locale: "pt-BR", from: "Tarifa <x@tarifa.app>", to, subject: "s", text: "t", html: "<p>t</p>", status, createdAt };
}

describe("pruneOutbox", () => {
  it("deletes every e-mail older than the retention period, whatever its status, and keeps the rest", async () => {
    await t.db.insert(outbox).values([
      mail("old-sent@example.com", "sent", new Date(NOW.getTime() - 31 * DAY)),
      mail("old-failed@example.com", "failed", new Date(NOW.getTime() - 40 * DAY)),
      mail("old-queued@example.com", "queued", new Date(NOW.getTime() - 365 * DAY)),
      mail("edge@example.com", "sent", new Date(NOW.getTime() - 30 * DAY)),
      mail("recent@example.com", "sent", new Date(NOW.getTime() - 2 * DAY)),
    ]);
    expect(await pruneOutbox(t.db, { now: NOW, retentionDays: 30 })).toBe(3);
    const left = (await t.db.select({ to: outbox.to }).from(outbox)).map((r) => r.to).sort();
    expect(left).toEqual(["edge@example.com", "recent@example.com"]);
    expect(await pruneOutbox(t.db, { now: NOW, retentionDays: 30 })).toBe(0);
  });

  it("reads its period from OUTBOX_RETENTION_DAYS: 30 days by default, at least one", () => {
    expect(t.config.OUTBOX_RETENTION_DAYS).toBe(30);
    expect(testConfig({ OUTBOX_RETENTION_DAYS: "7" }).OUTBOX_RETENTION_DAYS).toBe(7);
    expect(() => testConfig({ OUTBOX_RETENTION_DAYS: "0" })).toThrow(/OUTBOX_RETENTION_DAYS/);
  });
});
