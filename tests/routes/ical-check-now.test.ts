import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_BUSINESS } from "#api/seed/businesses.ts";
import { runPollJob } from "#api/services/ledger/ical-imports.ts";
import * as ical from "#app/routes/pms-settings/ical.tsx";
import * as appLayout from "#app/routes/shell/app-layout.tsx";
import type { IcalImportJson } from "#contract/ledger.ts";
import { demoUsers, userByEmail } from "#tests/helpers/api.ts";
import { createRouteHarness, type RouteHarness } from "#tests/helpers/route.ts";

/**
 * Issue 24: "check now" on /pms-settings/ical, as a browser without JavaScript sends it: the form
 * comes back at once (the check is a job), the page says "checking…" beside the calendar until
 * the job has run, asking again meanwhile starts nothing, and with nothing active to check the
 * page says so.
 */
let h: RouteHarness;
const call = { layouts: [appLayout] };
const base = `/api/v1/businesses/${DEMO_BUSINESS.id}`;
let ownerId: string;

beforeAll(async () => {
  h = await createRouteHarness();
  ownerId = (await userByEmail(h.t.db, demoUsers.owner.email)).id;
}, 180_000);
afterAll(() => h?.close());

describe("/pms-settings/ical: check now", () => {
  it("queues the check, shows it checking until its job has run, and does not queue it twice", async () => {
    const browser = h.browser();
    const token = await browser.signIn(demoUsers.owner.email);
    const categories = (await h.t.json("GET", `${base}/reservations/options`, { token, status: 200 })).data.categories as { uuid: string }[];
    const created = await h.t.json("POST", `${base}/ical-imports`, { token, status: 201, body: { name: "Nowhere", url: "http://127.0.0.1:9/nowhere.ics", room_category_uuid: categories[0].uuid } });
    const uuid = created.ical_import.uuid as string;
    const importOn = async () => ((await browser.get("/pms-settings/ical", ical, call)).data.imports as IcalImportJson[]).find((i) => i.uuid === uuid)!;
    const toast = async () => ((await browser.session()).get("toast") as { message: string }).message;

    const asked = await browser.post("/pms-settings/ical", ical, { intent: "poll_one", uuid }, call);
    expect([asked.status, asked.location]).toEqual([302, "/pms-settings/ical"]);
    expect(await toast()).toBe("ledger:toast.pollQueued");
    expect(await importOn()).toMatchObject({ checking: true, last_polled_at: null });

    await browser.post("/pms-settings/ical", ical, { intent: "poll_one", uuid }, call);
    expect(await toast()).toBe("ledger:toast.pollRunning");

    await runPollJob(h.t.db, { businessId: DEMO_BUSINESS.id, importId: uuid, userId: ownerId });
    expect(await importOn()).toMatchObject({ checking: false, last_error_code: "network", last_polled_at: expect.any(String) });
  });

  it("with no active calendar, says there is nothing to check", async () => {
    const browser = h.browser();
    const token = await browser.signIn(demoUsers.owner.email);
    const imports = (await h.t.json("GET", `${base}/ical-imports`, { token, status: 200 })).data as (IcalImportJson & { room_category: { uuid: string } })[];
    for (const i of imports) {
      const target = i.room ? { room_uuid: i.room.uuid } : { room_category_uuid: i.room_category.uuid };
      await h.t.json("PUT", `${base}/ical-imports/${i.uuid}`, { token, status: 200, body: { name: i.name, url: i.url, active: false, ...target } });
    }
    await browser.post("/pms-settings/ical", ical, { intent: "poll_all" }, call);
    expect(((await browser.session()).get("toast") as { message: string }).message).toBe("ledger:toast.pollNothing");
  });
});
