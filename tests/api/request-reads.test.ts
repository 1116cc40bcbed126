import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_BUSINESS, DEMO_CATEGORY_IDS } from "#api/seed/businesses.ts";
import { apiTokens, stayRuleBases } from "#api/db/schema/index.ts";
import { RequestReads, runWithWork } from "#api/observability/request-context.ts";
import { hashToken } from "#api/services/tokens.ts";
import { createTestApi, demoUsers, type TestApi } from "#tests/helpers/api.ts";

/**
 * Reads shared by one incoming request (ADR 0032): a page's in-process API calls authenticate
 * once and read the caller's access to a business once; never across requests, and never past a
 * request that may write — so a token revoked by logout, a password change or an administrator
 * is refused from the next request on, in every process (ADR 0019).
 */

let t: TestApi;
const B = DEMO_BUSINESS.id;

beforeAll(async () => {
  t = await createTestApi();
}, 300_000);
afterAll(() => t.close());

/** One incoming page request: its in-process API calls share `reads`. */
const page = <T>(reads: RequestReads, fn: () => Promise<T>) => runWithWork({ requestId: "page", reads }, fn);

/** Revokes the token in the database directly, as another process (or an administrator) would. */
async function revokeElsewhere(token: string) {
  await t.db.update(apiTokens).set({ revokedAt: new Date() }).where(eq(apiTokens.tokenHash, hashToken(token)));
}

describe("reads shared by one incoming request", () => {
  it("authenticate once per request: a revocation elsewhere is seen by the next request, not mid-page", async () => {
    const token = await t.login(demoUsers.owner.email);
    const reads = new RequestReads();
    await page(reads, async () => {
      await t.json("GET", "/api/v1/user/app-state", { token, status: 200 });
      await revokeElsewhere(token);
      // The same page request's next call shares the first call's authentication.
      await t.json("GET", `/api/v1/businesses/${B}/dashboard`, { token, status: 200 });
    });
    reads.close();
    // The next request, and the same request's reads once it has ended, read the token afresh.
    await page(reads, () => t.json("GET", "/api/v1/user", { token, status: 401 }));
    await page(new RequestReads(), () => t.json("GET", "/api/v1/user", { token, status: 401 }));
    await t.json("GET", "/api/v1/user", { token, status: 401 });
  });

  it("a call that may write (logout) makes the request read the token again", async () => {
    const token = await t.login(demoUsers.owner.email);
    await page(new RequestReads(), async () => {
      await t.json("GET", "/api/v1/user/app-state", { token, status: 200 });
      await t.json("POST", "/api/auth/logout", { token, status: 200 });
      await t.json("GET", "/api/v1/user/app-state", { token, status: 401 });
    });
  });

  // The calendar's prices and its stay-rule badges each need the business's stay rules: a page's
  // read-only calls read them once; a call that may write makes the next one read them again.
  it("shares the stay rules between a page's read-only calls, never past a write", async () => {
    const token = await t.login(demoUsers.owner.email);
    const category = DEMO_CATEGORY_IDS.standard;
    const nights = async () => {
      const answer = await t.json("GET", `/api/v1/businesses/${B}/stay-rules/nights?category=${category}`, { token, status: 200 });
      return (answer.data as { min_stay_arrival: number }[]).map((n) => n.min_stay_arrival);
    };
    /** The Standard rooms' minimum stay, changed outside the page's calls (another process, a job). */
    const minStayElsewhere = (minStay: number) =>
      t.db.insert(stayRuleBases).values({ roomCategoryId: category, businessId: B, minStay }).onConflictDoUpdate({ target: stayRuleBases.roomCategoryId, set: { minStay } });
    await minStayElsewhere(2);
    await page(new RequestReads(), async () => {
      expect(new Set(await nights())).toEqual(new Set([2]));
      await minStayElsewhere(4);
      // Same page, read-only: the rules read by its first call.
      expect(new Set(await nights())).toEqual(new Set([2]));
      await t.json("PUT", "/api/v1/user/selected-business", { token, body: { business_uuid: B }, status: 200 });
      expect(new Set(await nights())).toEqual(new Set([4]));
    });
    // Outside a page, and in the next page, always afresh.
    await minStayElsewhere(3);
    expect(new Set(await nights())).toEqual(new Set([3]));
    await page(new RequestReads(), async () => expect(new Set(await nights())).toEqual(new Set([3])));
    await minStayElsewhere(1);
  });

  it("never shares one caller's authentication or access with another caller in the same request", async () => {
    const owner = await t.login(demoUsers.owner.email);
    const collaborator = await t.login(demoUsers.collaborator.email);
    const { token: outsider } = await t.json("POST", "/api/auth/register", {
      body: { name: "Rita", surname: "Lima", email: "rita.reads@example.com", password: "hotel-da-rita", password_confirmation: "hotel-da-rita" },
      status: 201,
    });
    await page(new RequestReads(), async () => {
      const mine = await t.json("GET", "/api/v1/user", { token: owner, status: 200 });
      const theirs = await t.json("GET", "/api/v1/user", { token: collaborator, status: 200 });
      expect([mine.user.email, theirs.user.email]).toEqual([demoUsers.owner.email, demoUsers.collaborator.email]);
      await t.json("GET", `/api/v1/businesses/${B}/dashboard`, { token: owner, status: 200 });
      // The owner's access to the business, read a moment ago, is not the outsider's.
      await t.json("GET", `/api/v1/businesses/${B}/dashboard`, { token: outsider, status: 403 });
    });
  });
});
