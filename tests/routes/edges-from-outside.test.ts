import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as accountSettings from "#app/routes/account/settings.tsx";
import * as myAccount from "#app/routes/account/settings.my-account.tsx";
import * as appLayout from "#app/routes/shell/app-layout.tsx";
import * as businessesLayout from "#app/routes/business/layout.tsx";
import * as logo from "#app/routes/business/logo.tsx";
import * as devMailboxMessage from "#app/routes/dev/mailbox-message.tsx";
import * as devMailbox from "#app/routes/dev/mailbox.tsx";
import * as occupationLogs from "#app/routes/pricing/occupation-logs.tsx";
import * as availability from "#app/routes/bookings/availability.tsx";
import * as bookingsCreate from "#app/routes/bookings/create.tsx";
import * as bookings from "#app/routes/bookings/index.tsx";
import * as calendar from "#app/routes/pricing/calendar.tsx";
import * as holidays from "#app/routes/manage/holidays.tsx";
import * as learningEdit from "#app/routes/manage/learning.edit.tsx";
import * as rateShopper from "#app/routes/competitors/rate-shopper.tsx";
import { learningLessons } from "#api/db/schema/index.ts";
import { encodeMessage } from "#domain/validation-messages.ts";
import { demoUsers } from "#tests/helpers/api.ts";
import { createRouteHarness, type RouteCall, type RouteHarness, type RouteModule } from "#tests/helpers/route.ts";

/**
 * Issue 24: pages that answered 500 to an outside fuzzer. A date the API refuses never leaves the
 * page (the API's own date rule reads it), a NUL in a path names no page, and any refusal of the
 * API a loader does not handle answers with the API's 4xx, not 500.
 */
let h: RouteHarness;
beforeAll(async () => {
  h = await createRouteHarness();
}, 180_000);
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

  it("a mailbox address 8,000 characters long, as the administrator, is a bad query (400); one of an address's length still lists", async () => {
    const browser = h.browser();
    await browser.signIn(demoUsers.admin.email);
    const page = await browser.get(`/dev/mailbox?to=${"a".repeat(8000)}`, devMailbox);
    expect(page.status).toBe(400);
    const fine = await browser.get(`/dev/mailbox?to=${"a".repeat(300)}`, devMailbox);
    expect(fine.status).toBe(200);
    expect(fine.data.messages).toEqual([]);
  });
});

describe("a file larger than the web takes", () => {
  const TWENTY_MB = new Uint8Array(20 * 1024 * 1024);

  it.each<[string, string, RouteModule, RouteCall, Record<string, string>, string]>([
    ["/businesses/logo", "logo", logo, { layouts: [appLayout, businessesLayout] }, { intent: "upload-logo" }, "tooLarge"],
    ["/account-settings/my-account", "image", myAccount, { layouts: [appLayout, accountSettings] }, { intent: "upload-photo" }, "photoTooLarge"],
  ])("%s: back to the form, whose file field says it is too large (not a bare 413)", async (path, field, route, call, fields, flag) => {
    const browser = h.browser();
    await browser.signIn(demoUsers.owner.email);
    const sent = await browser.post(path, route, { ...fields, [field]: new File([TWENTY_MB], "big.png", { type: "image/png" }) }, call);
    expect(sent.status).toBe(303);
    expect(sent.location).toBe(`${path}?upload-too-large=1`);
    const page = await browser.get(sent.location!, route, call);
    expect(page.status).toBe(200);
    expect((page.data as Record<string, unknown>)[flag]).toBe(true);
  });
});

describe("a file too large on a form whose file field has no size rule of its own", () => {
  const TEN_MB = new Uint8Array(10 * 1024 * 1024);
  const tooLarge = [encodeMessage("upload.fileTooLarge", { max: 5 })];

  it.each<[string, string, () => Promise<string>, RouteModule, Record<string, string>]>([
    ["the holidays' CSV", demoUsers.admin.email, async () => "/manage/holidays", holidays, { intent: "csv", country: "BR" }],
    ["a lesson's image", demoUsers.admin.email, async () => `/manage/learning/${(await h.t.db.select({ id: learningLessons.id }).from(learningLessons).limit(1))[0].id}`, learningEdit, { intent: "upload" }],
    ["the competitor set's CSV", demoUsers.owner.email, async () => "/rate-shopper", rateShopper, { intent: "import" }],
  ])("%s: back to the form, the file field saying it is larger than the web takes (JS off: a redirect, no 413)", async (_, email, pathOf, route, fields) => {
    const path = await pathOf();
    const params = path.startsWith("/manage/learning/") ? { id: path.split("/").pop()! } : undefined;
    const call: RouteCall = { layouts: [appLayout], params };
    const browser = h.browser();
    await browser.signIn(email);
    const before = await browser.get(path, route, call);
    expect(before.status).toBe(200);
    expect(before.data.fileErrors).toBeUndefined();
    const sent = await browser.post(path, route, { ...fields, file: new File([TEN_MB], "big.csv", { type: "text/csv" }) }, call);
    expect(sent.status).toBe(303);
    expect(sent.location).toBe(`${path}?upload-too-large=1`);
    const page = await browser.get(sent.location!, route, call);
    expect(page.status).toBe(200);
    expect(page.data.fileErrors).toEqual(tooLarge);
  });
});

describe("pages' query strings with hostile values (the widened page fuzz)", () => {
  const HOSTILE = ["0000-01-01", "9999-12-31", "0000-01", "9999-12", "2147483648", "-2147483649", "y".repeat(8 * 1024)];
  const PARAMS = ["from", "to", "day", "arrival", "departure", "month", "page", "q"];
  const PAGES: [string, RouteModule][] = [
    ["/calendar", calendar],
    ["/occupation-logs", occupationLogs],
    ["/availability", availability],
    ["/bookings", bookings],
    ["/bookings/create", bookingsCreate],
  ];

  it.each(PAGES)("%s answers below 500 to every hostile value in every parameter", async (path, route) => {
    const browser = h.browser();
    await browser.signIn(demoUsers.owner.email);
    const failures: string[] = [];
    for (const param of PARAMS) {
      for (const value of HOSTILE) {
        const address = `${path}?${param}=${encodeURIComponent(value)}`;
        const page = await browser.get(address, route, { layouts: [appLayout] });
        if (page.status >= 500) failures.push(`${address.slice(0, 80)} → ${page.status}`);
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);
});
