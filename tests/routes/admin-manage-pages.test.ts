import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as appLayout from "#app/routes/shell/app-layout.tsx";
import * as channex from "#app/routes/manage/businesses.channex.tsx";
import * as couponEdit from "#app/routes/manage/coupons.edit.tsx";
import * as coupons from "#app/routes/manage/coupons.tsx";
import * as daily from "#app/routes/manage/daily-command-execution.tsx";
import * as holidayAdd from "#app/routes/manage/holidays.add.tsx";
import * as holidayEdit from "#app/routes/manage/holidays.edit.tsx";
import * as holidays from "#app/routes/manage/holidays.tsx";
import * as learningAdd from "#app/routes/manage/learning.add.tsx";
import * as learningEdit from "#app/routes/manage/learning.edit.tsx";
import * as learning from "#app/routes/manage/learning.tsx";
import { demoUsers } from "#tests/helpers/api.ts";
import { type Browser, createRouteHarness, type RouteHarness } from "#tests/helpers/route.ts";

/** The /manage pages no other route test reads: coupons, holidays, learning, daily commands, Channex (their api.admin.* calls). */

let h: RouteHarness;
let admin: Browser;
const DEMO = "d3e00000-0000-4000-8000-000000000001";

beforeAll(async () => {
  h = await createRouteHarness();
  admin = h.browser();
  await admin.signIn(demoUsers.admin.email);
});
afterAll(() => h.close());

const inApp = { layouts: [appLayout] };
const withParams = (params: Record<string, string>) => ({ layouts: [appLayout], params });
const toast = async () => (await admin.session()).get("toast");

describe("/manage/coupons", () => {
  it("creates a coupon, shows it, edits it and deactivates it", async () => {
    const created = await admin.post("/manage/coupons", coupons, { id: "rota10", name: "Rota 10", kind: "percent", percent_off: "10", duration: "once" }, inApp);
    expect(created.location).toBe("/manage/coupons");
    expect((await admin.get("/manage/coupons", coupons, inApp)).data.coupons).toEqual(expect.arrayContaining([expect.objectContaining({ id: "ROTA10", percent_off: 10 })]));
    const refused = await admin.post("/manage/coupons", coupons, { id: "ROTA10", name: "again", kind: "percent", percent_off: "10", duration: "once" }, inApp);
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.data.errors)).toContain("id");

    const page = await admin.get("/manage/coupons/ROTA10", couponEdit, withParams({ code: "ROTA10" }));
    expect(page.data.coupon).toMatchObject({ id: "ROTA10", name: "Rota 10", active: true });
    const saved = await admin.post("/manage/coupons/ROTA10", couponEdit, { name: "Rota dez", max_redemptions: "5", active: "on" }, withParams({ code: "ROTA10" }));
    expect(saved.location).toBe("/manage/coupons");
    expect((await admin.get("/manage/coupons/ROTA10", couponEdit, withParams({ code: "ROTA10" }))).data.coupon).toMatchObject({ name: "Rota dez", max_redemptions: 5 });

    expect((await admin.post("/manage/coupons", coupons, { intent: "deactivate", id: "ROTA10" }, inApp)).location).toBe("/manage/coupons");
    expect((await admin.get("/manage/coupons/ROTA10", couponEdit, withParams({ code: "ROTA10" }))).data.coupon.active).toBe(false);
    expect((await admin.get("/manage/coupons/NOPE", couponEdit, withParams({ code: "NOPE" }))).status).toBe(404);
  });
});

describe("/manage/holidays", () => {
  it("adds a holiday, lists it by year, edits it and deletes it", async () => {
    const added = await admin.post("/manage/holidays/add", holidayAdd, { country: "BR", state: "SP", date: "2031-07-09", name: "Revolução" }, inApp);
    expect(added.location).toBe("/manage/holidays?year=2031&country=BR");
    const list = await admin.get("/manage/holidays?year=2031&country=BR&state=SP", holidays, inApp);
    const holiday = list.data.holidays.find((x: { name: string }) => x.name === "Revolução");
    expect(holiday).toMatchObject({ country: "BR", state: "SP", date: "2031-07-09" });

    const page = await admin.get(`/manage/holidays/${holiday.uuid}`, holidayEdit, withParams({ id: holiday.uuid }));
    expect(page.data.holiday).toMatchObject({ uuid: holiday.uuid, names: { "pt-BR": "Revolução" } });
    const saved = await admin.post(`/manage/holidays/${holiday.uuid}`, holidayEdit, { country: "BR", state: "SP", date: "2031-07-09", name: "Revolução de 32" }, withParams({ id: holiday.uuid }));
    expect(saved.location).toBe("/manage/holidays?year=2031&country=BR");

    const deleted = await admin.post("/manage/holidays", holidays, { intent: "delete-selected", ids: [holiday.uuid], back: "/manage/holidays?year=2031&country=BR" }, inApp);
    expect(deleted.location).toBe("/manage/holidays?year=2031&country=BR");
    expect(await toast()).toMatchObject({ kind: "success", message: "pricing:holidays.deleted", values: { count: 1 } });
    expect((await admin.get(`/manage/holidays/${holiday.uuid}`, holidayEdit, withParams({ id: holiday.uuid }))).status).toBe(404);
  });
});

describe("/manage/learning", () => {
  it("lists the modules, creates one and moves it up, previews and saves a lesson, and opens it for editing", async () => {
    const { modules } = (await admin.get("/manage/learning", learning, inApp)).data;
    expect(modules.length).toBeGreaterThan(0);
    const made = await admin.post("/manage/learning", learning, { intent: "create-module", level: "beginner", module_title_pt: "Rotas", module_description_pt: "" }, inApp);
    expect(made.location).toBe("/manage/learning");
    const after = (await admin.get("/manage/learning/add", learningAdd, inApp)).data.modules;
    const mine = after.find((m: { title: string }) => m.title === "Rotas");
    expect(mine).toBeDefined();
    expect((await admin.post("/manage/learning", learning, { intent: `module-up:${mine.uuid}` }, inApp)).location).toBe("/manage/learning");
    const moved = (await admin.get("/manage/learning", learning, inApp)).data.modules.map((m: { uuid: string }) => m.uuid);
    expect(moved.indexOf(mine.uuid)).toBe(after.findIndex((m: { uuid: string }) => m.uuid === mine.uuid) - 1);

    const fields = { module_uuid: mine.uuid, estimated_minutes: "5", video_url: "", "title.pt-BR": "Primeira", "body.pt-BR": "Um **texto**." };
    const preview = await admin.post("/manage/learning/add", learningAdd, { ...fields, intent: "preview" }, inApp);
    expect(preview.data.preview["pt-BR"]).toContain("<strong>texto</strong>");
    const saved = await admin.post("/manage/learning/add", learningAdd, { ...fields, intent: "save" }, inApp);
    const id = saved.location!.split("/").pop()!;
    expect(saved.location).toBe(`/manage/learning/${id}`);

    const page = await admin.get(`/manage/learning/${id}`, learningEdit, withParams({ id }));
    expect(page.data.lesson).toMatchObject({ uuid: id, module_uuid: mine.uuid, published: false, attachments: [] });
    expect(page.data.values.versions["pt-BR"]).toEqual({ title: "Primeira", body: "Um **texto**." });
    expect((await admin.post("/manage/learning", learning, { intent: `publish:${id}` }, inApp)).location).toBe("/manage/learning");
    expect((await admin.get(`/manage/learning/${id}`, learningEdit, withParams({ id }))).data.lesson.published).toBe(true);
  });
});

describe("/manage/daily-command-execution", () => {
  it("runs a command now and shows its last run, for every business or one", async () => {
    const ran = await admin.post("/manage/daily-command-execution", daily, { intent: "run", command: "maintenance.prune", business_uuid: "" }, inApp);
    expect(ran.location).toBe("/manage/daily-command-execution");
    expect(await toast()).toMatchObject({ message: "notifications:daily.toast.started" });
    const page = await admin.get("/manage/daily-command-execution", daily, inApp);
    const prune = page.data.commands.find((c: { name: string }) => c.name === "maintenance.prune");
    expect(prune.last_runs[0]).toMatchObject({ command: "maintenance.prune", business_uuid: null });
    const narrowed = await admin.get(`/manage/daily-command-execution?business=${DEMO}`, daily, inApp);
    expect(narrowed.data.filter).toBe(DEMO);
    expect(narrowed.data.commands.flatMap((c: { last_runs: { business_uuid: string | null }[] }) => c.last_runs).every((r: { business_uuid: string | null }) => r.business_uuid === DEMO)).toBe(true);
  });
});

describe("/manage/businesses/:id/channex", () => {
  it("shows the business's Channex connection, and the API's refusal of a re-sync or a disconnection when there is none", async () => {
    const page = await admin.get(`/manage/businesses/${DEMO}/channex`, channex, withParams({ id: DEMO }));
    expect(page.data.business.uuid).toBe(DEMO);
    expect(page.data.connection).toMatchObject({ connected: false });
    const path = `/manage/businesses/${DEMO}/channex`;
    const sent: string[] = [];
    const upstream = h.upstream;
    h.upstream = async (request) => {
      sent.push(`${request.method} ${new URL(request.url).pathname}`);
      return upstream(request);
    };
    try {
      for (const intent of ["resync", "disconnect"]) {
        expect((await admin.post(path, channex, { intent }, withParams({ id: DEMO }))).location).toBe(path);
        expect(await toast()).toMatchObject({ kind: "error" });
      }
    } finally {
      h.upstream = upstream;
    }
    const api = `/api/v1/admin/businesses/${DEMO}/channex`;
    expect(sent.filter((s) => s.includes("/channex"))).toEqual([`POST ${api}/resync`, `DELETE ${api}`]);
  });
});
