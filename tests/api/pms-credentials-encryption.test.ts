import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businesses } from "#api/db/schema/index.ts";
import { encryptStoredCredentials } from "#api/services/business-pms.ts";
import { openRecord } from "#api/services/secrets.ts";
import { createTestApi, type TestApi } from "#tests/helpers/api.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

describe("PMS credentials saved before encryption", () => {
  it("are sealed in place at start, once, and still read back whole", async () => {
    const [business] = await t.db.select({ id: businesses.id }).from(businesses).limit(1);
    const plain = { username: "recepcao", password: "s3nha" };
    await t.db.update(businesses).set({ pmsCredentials: plain }).where(eq(businesses.id, business.id));

    expect(await encryptStoredCredentials(t.db)).toBeGreaterThanOrEqual(1);
    const [row] = await t.db.select({ credentials: businesses.pmsCredentials }).from(businesses).where(eq(businesses.id, business.id));
    expect(JSON.stringify(row.credentials)).not.toContain("s3nha");
    expect(openRecord(row.credentials)).toEqual(plain);
    expect(await encryptStoredCredentials(t.db)).toBe(0);
  });
});
