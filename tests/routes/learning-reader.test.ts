import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as learning from "#app/routes/learning/index.tsx";
import * as lesson from "#app/routes/learning/lesson.tsx";
import * as appLayout from "#app/routes/shell/app-layout.tsx";
import { demoUsers } from "#tests/helpers/api.ts";
import { createRouteHarness, type Browser, type RouteHarness } from "#tests/helpers/route.ts";

/**
 * The learning centre as a reader sees it, through its loaders and action, JavaScript off (issue
 * 23): the seeded modules, a search (too short: a notice, not an error page), a lesson and its
 * "done" mark.
 */
const inApp = { layouts: [appLayout] };

let h: RouteHarness;
let owner: Browser;
beforeAll(async () => {
  h = await createRouteHarness();
  owner = h.browser();
  await owner.signIn(demoUsers.owner.email);
});
afterAll(() => h.close());

describe("the learning centre (reader)", () => {
  it("lists the modules and searches them", async () => {
    const page = (await owner.get("/learning", learning, inApp)).data;
    expect(page).toMatchObject({ q: "", hits: null, searchError: null });
    expect(page.modules.length).toBeGreaterThan(0);
    expect(page.modules[0].lessons.length).toBeGreaterThan(0);

    const short = (await owner.get("/learning?q=a", learning, inApp)).data;
    expect(short).toMatchObject({ hits: null, searchError: "learning:search.tooShort" });

    const word = page.modules[0].lessons[0].title.split(/\s+/).find((w: string) => w.length >= 4);
    const found = (await owner.get(`/learning?q=${encodeURIComponent(word)}`, learning, inApp)).data;
    expect(found.searchError).toBeNull();
    expect(found.hits.length).toBeGreaterThan(0);
  });

  it("opens a lesson, marks it done and undone, and answers 404 for an unknown one", async () => {
    const first = (await owner.get("/learning", learning, inApp)).data.modules[0].lessons[0];
    const at = { ...inApp, params: { id: first.uuid } };
    const page = await owner.get(`/learning/${first.uuid}`, lesson, at);
    expect(page.data.lesson).toMatchObject({ uuid: first.uuid, title: first.title, completed_at: null });

    expect((await owner.post(`/learning/${first.uuid}`, lesson, { intent: "complete" }, at)).location).toBe(`/learning/${first.uuid}`);
    expect((await owner.get(`/learning/${first.uuid}`, lesson, at)).data.lesson.completed_at).toEqual(expect.any(String));
    expect((await owner.post(`/learning/${first.uuid}`, lesson, { intent: "undo" }, at)).location).toBe(`/learning/${first.uuid}`);
    expect((await owner.get(`/learning/${first.uuid}`, lesson, at)).data.lesson.completed_at).toBeNull();

    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await owner.get(`/learning/${unknown}`, lesson, { ...inApp, params: { id: unknown } })).status).toBe(404);
  });
});
