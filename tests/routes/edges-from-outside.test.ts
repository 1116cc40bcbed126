import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as appLayout from "../../app/routes/app-layout.tsx";
import * as devMailboxMessage from "../../app/routes/dev-mailbox-message.tsx";
import * as devMailbox from "../../app/routes/dev-mailbox.tsx";
import * as occupationLogs from "../../app/routes/occupation-logs.tsx";
import { demoUsers } from "../helpers/api.ts";
import { createRouteHarness, type RouteHarness } from "../helpers/route.ts";

/**
 * Issue 24: pages that answered 500 to an outside fuzzer. A date the API refuses never leaves the
 * page (the API's own date rule reads it), a NUL in a path names no page, and any refusal of the
 * API a loader does not handle answers with the API's 4xx, not 500.
 */
let h: RouteHarness;
beforeAll(async () => {
  h = await createRouteHarness();
});
afterAll(() => h.close());

describe("the pages the fuzzers found", () => {
  it.each(["/occupation-logs?from=9999-12-31", "/occupation-logs?to=9999-12-31", "/occupation-logs?from=0000-01-01&to=9999-12-31"])(
    "%s as the owner shows the log without the far date",
    async (path) => {
      const browser = h.browser();
      await browser.signIn(demoUsers.owner.email);
      const page = await browser.get(path, occupationLogs, { layouts: [appLayout] });
      expect(page.status).toBe(200);
      expect(page.data).toMatchObject({ from: "", to: "" });
    },
  );

  it.each(["/dev/mailbox/%00", "/dev/mailbox/abc%00def"])("%s anonymously is a 404", async (path) => {
    const page = await h.browser().get(path, devMailboxMessage, { params: { id: decodeURIComponent(path.split("/").pop()!) } });
    expect(page.status).toBe(404);
  });

  it("a mailbox address 8,000 characters long, as the administrator, is a 4xx", async () => {
    const browser = h.browser();
    await browser.signIn(demoUsers.admin.email);
    const page = await browser.get(`/dev/mailbox?to=${"a".repeat(8000)}`, devMailbox);
    expect(page.status).toBeGreaterThanOrEqual(400);
    expect(page.status).toBeLessThan(500);
  });
});
