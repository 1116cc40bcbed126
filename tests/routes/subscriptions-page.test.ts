import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_BUSINESS } from "#api/seed/businesses.ts";
import * as subscriptions from "#app/routes/account/settings.subscriptions.tsx";
import * as appLayout from "#app/routes/shell/app-layout.tsx";
import { demoUsers } from "#tests/helpers/api.ts";
import { createRouteHarness, type Browser, type RouteHarness } from "#tests/helpers/route.ts";

/**
 * The subscriptions page's forms through its action, JavaScript off (issue 23): each intent is
 * checked by the API's own schema, then sent through the billing area's call; the API's message
 * comes back as the toast, a form the schema refuses stays on the page with its errors.
 */
const PAGE = "/account-settings/subscriptions";
const inApp = { layouts: [appLayout] };

let h: RouteHarness;
let owner: Browser;
let token: string;
beforeAll(async () => {
  h = await createRouteHarness();
  owner = h.browser();
  token = await owner.signIn(demoUsers.owner.email);
});
afterAll(() => h.close());

/** The ai add-on as the API holds it: live, and whether it ends with the period (with the reason given). */
const aiAddOn = async () =>
  (
    await h.t.json<{ data: { plans: { plan_identifier: string; stripe_status: string | null; cancel_at_period_end: boolean; cancellation_reason: string | null }[] } }>(
      "GET",
      `/api/v1/subscriptions/${DEMO_BUSINESS.id}`,
      { token },
    )
  ).data.plans
    .filter((p) => p.plan_identifier === "ai" && p.stripe_status === "active")
    .map((p) => ({ ending: p.cancel_at_period_end, reason: p.cancellation_reason }));

const cards = async () =>
  (await h.t.json<{ data: { payment_methods: { id: string; last4: string }[] } }>("GET", `/api/v1/payments/${DEMO_BUSINESS.id}/methods`, { token })).data.payment_methods;

describe("the subscriptions page's forms", () => {
  it("adds the ai add-on and removes it (at the period's end, with the reason), each answered by the API's message", async () => {
    const added = await owner.post(PAGE, subscriptions, { intent: "addon-add", plan_identifier: "ai" }, inApp);
    expect(added.location).toBe(PAGE);
    expect((await owner.session()).get("toast")).toMatchObject({ kind: "success", message: expect.any(String) });
    expect(await aiAddOn()).toEqual([{ ending: false, reason: null }]);

    const removed = await owner.post(PAGE, subscriptions, { intent: "addon-remove", plan_identifier: "ai", cancellation_reason: "Não uso" }, inApp);
    expect(removed.location).toBe(PAGE);
    expect(await aiAddOn()).toEqual([{ ending: true, reason: "Não uso" }]);
  });

  it("adds a card and removes it again", async () => {
    const before = (await cards()).length;
    expect((await owner.post(PAGE, subscriptions, { intent: "card-add", payment_method_id: "pm_card_mastercard" }, inApp)).location).toBe(PAGE);
    const added = (await cards()).find((c) => c.last4 === "4444");
    expect(added).toBeTruthy();
    expect((await owner.post(PAGE, subscriptions, { intent: "card-remove", payment_method_id: added!.id }, inApp)).location).toBe(PAGE);
    expect(await cards()).toHaveLength(before);
  });

  it("keeps a form the schema refuses on the page, and answers 400 to an unknown intent", async () => {
    const missing = await owner.post(PAGE, subscriptions, { intent: "resume" }, inApp);
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.data.errors)).toEqual(["plan_identifier"]);
    expect((await owner.post(PAGE, subscriptions, { intent: "nope" }, inApp)).status).toBe(400);
  });
});
