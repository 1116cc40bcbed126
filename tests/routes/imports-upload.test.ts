import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_BUSINESS } from "#api/seed/businesses.ts";
import * as imports from "#app/routes/pms-settings/imports.tsx";
import * as appLayout from "#app/routes/shell/app-layout.tsx";
import { encodeMessage } from "#domain/validation-messages.ts";
import { demoUsers } from "#tests/helpers/api.ts";
import { createRouteHarness, type RouteHarness } from "#tests/helpers/route.ts";

/**
 * Issue 25: the reservations file goes from the browser's form to the API as it arrives (up to
 * 50 MB), not held whole by the web and not stopped at the 5 MB of the other upload forms. The
 * whole shared "Hotel booking demand" file of the resort (N. Antonio, A. de Almeida, L. Nunes,
 * Data in Brief 22 (2019), CC BY 4.0) is 5.7 MB of CSV.
 */
const RESORT = gunzipSync(readFileSync(new URL("../fixtures/hotel-booking-demand/resort-hotel.csv.gz", import.meta.url)));
const PAGE = "/pms-settings/imports";
const call = { layouts: [appLayout] };
const base = `/api/v1/businesses/${DEMO_BUSINESS.id}`;

let h: RouteHarness;
beforeAll(async () => {
  h = await createRouteHarness();
}, 180_000);
afterAll(() => h?.close());

describe("/pms-settings/imports: the upload form", { timeout: 120_000 }, () => {
  it("takes the whole shared file (5.7 MB, over the 5 MB of other forms) and leads to its mapping page", async () => {
    expect(RESORT.byteLength).toBeGreaterThan(5 * 1024 * 1024);
    const browser = h.browser();
    const token = await browser.signIn(demoUsers.owner.email);
    const sent = await browser.post(PAGE, imports, { file: new File([RESORT], "resort-hotel.csv", { type: "text/csv" }) }, call);
    expect(sent.status).toBe(302);
    const uuid = /^\/pms-settings\/imports\/([0-9a-f-]{36})$/.exec(sent.location ?? "")?.[1];
    expect(uuid, sent.location ?? "").toBeTruthy();
    const detail = await h.t.json("GET", `${base}/imports/${uuid}`, { token, status: 200 });
    const lines = RESORT.toString("utf8").trimEnd().split("\n").length - 1;
    expect(detail.import).toMatchObject({ status: "uploaded", row_count: lines, file_name: "resort-hotel.csv" });
  });

  it("refuses a post without the form's token, and one whose token does not come first", async () => {
    const browser = h.browser();
    await browser.signIn(demoUsers.owner.email);
    const before = (await h.t.db.execute("select count(*)::int as n from reservation_imports")) as unknown as { rows: { n: number }[] };
    const file = new File(["arrival,departure\n2026-01-01,2026-01-02\n"], "small.csv", { type: "text/csv" });
    const none = await browser.post(PAGE, imports, { file }, { ...call, csrf: false });
    expect(none.status).toBe(403);
    const token = await browser.csrf();
    const late = await browser.post(PAGE, imports, { file, csrf: token }, { ...call, csrf: false });
    expect(late.status).toBe(403);
    const after = (await h.t.db.execute("select count(*)::int as n from reservation_imports")) as unknown as { rows: { n: number }[] };
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });

  it("shows the API's refusal of a form without a file next to the field", async () => {
    const browser = h.browser();
    await browser.signIn(demoUsers.owner.email);
    const sent = await browser.post(PAGE, imports, { file: new File([], "", { type: "application/octet-stream" }) }, call);
    expect(sent.status).toBe(422);
    expect(sent.data.errors).toHaveLength(1);
    expect(sent.data.errors[0]).toMatch(/CSV|XLSX/);
  });

  it("sends a file declared over 50 MB back to the form, whose field says the import's limit", async () => {
    const browser = h.browser();
    await browser.signIn(demoUsers.owner.email);
    const huge = new File([new Uint8Array(52 * 1024 * 1024)], "huge.csv", { type: "text/csv" });
    // A browser declares the body's length: the web sends it back without passing it on.
    const sent = await browser.post(PAGE, imports, { file: huge }, { ...call, headers: { "content-length": String(55_000_000) } });
    expect(sent.status).toBe(303);
    expect(sent.location).toBe(`${PAGE}?upload-too-large=1`);
    const page = await browser.get(sent.location!, imports, call);
    expect(page.status).toBe(200);
    expect(page.data.fileErrors).toEqual([encodeMessage("upload.fileTooLarge", { max: 50 })]);
  });

  it("refuses a file over 50 MB sent without a declared length where the API stops reading it, next to the field", async () => {
    const browser = h.browser();
    await browser.signIn(demoUsers.owner.email);
    const huge = new File([new Uint8Array(52 * 1024 * 1024)], "huge.csv", { type: "text/csv" });
    const sent = await browser.post(PAGE, imports, { file: huge }, call);
    expect(sent.status).toBe(413);
    expect(sent.data.errors).toHaveLength(1);
    expect(sent.data.errors[0]).toMatch(/50/);
  });
});
