import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_BUSINESS } from "#api/seed/businesses.ts";
import { mailSettings, notify } from "#api/services/notifications/notify.ts";
import { createTestApi, demoUsers, userByEmail, type TestApi } from "#tests/helpers/api.ts";

/**
 * GET /api/v1/user/app-state (docs/api/session.md): what the web's signed-in shell reads on
 * every page, in one call. It must answer exactly what the three calls it replaces answer.
 */

let t: TestApi;
const B = DEMO_BUSINESS.id;

beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

/** The three separate calls (and the bell's count), for comparison. */
async function separately(token: string) {
  const { user } = await t.json("GET", "/api/v1/user", { token, status: 200 });
  const { businesses, selected_business_uuid } = await t.json("GET", "/api/v1/businesses", { token, status: 200 });
  const plans = selected_business_uuid
    ? (await t.json("GET", `/api/v1/subscriptions/${selected_business_uuid}`, { token, status: 200 })).data.plans
    : [];
  const { unread_count } = await t.json("GET", "/api/v1/notifications/unread-count", { token, status: 200 });
  return { user, businesses, selected_business_uuid, plans, unread_notifications: unread_count };
}

async function register(email: string) {
  const body = await t.json("POST", "/api/auth/register", {
    body: { name: "Rita", surname: "Lima", email, password: "hotel-da-rita", password_confirmation: "hotel-da-rita" },
    status: 201,
  });
  return body.token as string;
}

describe("GET /api/v1/user/app-state", () => {
  it("answers 401 without a live token", async () => {
    await t.json("GET", "/api/v1/user/app-state", { status: 401 });
    await t.json("GET", "/api/v1/user/app-state", { token: "not-a-token", status: 401 });
    const token = await t.login(demoUsers.owner.email);
    await t.json("POST", "/api/auth/logout", { token, status: 200 });
    await t.json("GET", "/api/v1/user/app-state", { token, status: 401 });
  });

  it("gives the owner what GET /user, GET /businesses and GET /subscriptions/{id} give, in one answer", async () => {
    const token = await t.login(demoUsers.owner.email);
    const state = await t.json("GET", "/api/v1/user/app-state", { token, status: 200 });
    expect(state).toEqual(await separately(token));
    expect(state.selected_business_uuid).toBe(B);
    expect(state.plans.length).toBeGreaterThan(0);
    expect(state.user.permissions.map((p: { name: string }) => p.name)).toContain("user.collaborators");
  });

  it("shows a collaborator only what the membership grants, on the business and in the user", async () => {
    const token = await t.login(demoUsers.collaborator.email);
    const state = await t.json("GET", "/api/v1/user/app-state", { token, status: 200 });
    expect(state).toEqual(await separately(token));
    expect(state.businesses.map((b: { uuid: string }) => b.uuid)).toEqual([B]);
    expect(state.businesses[0].is_owner).toBe(false);
    const held = state.user.permissions.map((p: { name: string }) => p.name);
    expect(held).toEqual(state.businesses[0].permissions);
    expect(held).not.toContain("user.collaborators");
  });

  it("answers an empty shell for a user without a business", async () => {
    const token = await register("sem-hotel@example.com");
    const state = await t.json("GET", "/api/v1/user/app-state", { token, status: 200 });
    expect(state).toMatchObject({ businesses: [], selected_business_uuid: null, plans: [] });
    expect(state).toEqual(await separately(token));
  });

  // The shell's businesses, direct grants and unread count come from one statement (shell-state.ts);
  // with grants and unread notices to carry, it must still answer what the separate calls do.
  it("carries the account's direct grants and unread count, with a business and without", async () => {
    const admin = await t.login(demoUsers.admin.email);
    const { data: custom } = await t.json("POST", "/api/v1/admin/permissions", { token: admin, body: { name: "admin.night-audit", guard: "admin" }, status: 201 });
    const { data: all } = await t.json("GET", "/api/v1/admin/permissions", { token: admin, status: 200 });
    const learning = all.find((p: { name: string }) => p.name === "admin.learning");
    const withoutBusiness = await register("sem-hotel-com-acesso@example.com");
    for (const email of [demoUsers.collaborator.email, "sem-hotel-com-acesso@example.com"]) {
      const { id } = await userByEmail(t.db, email);
      for (const permission of [custom.uuid, learning.uuid]) {
        await t.json("POST", `/api/v1/admin/permissions/${permission}/users`, { token: admin, body: { user_uuid: id }, status: 201 });
      }
    }
    for (let i = 0; i < 3; i++) {
      await t.db.transaction((tx) => notify(tx, { businessId: B, kind: "reward.earned", params: { name: `Prêmio ${i}` } }, mailSettings(t.config)));
    }
    const collaborator = await t.login(demoUsers.collaborator.email);
    for (const token of [collaborator, withoutBusiness]) {
      const state = await t.json("GET", "/api/v1/user/app-state", { token, status: 200 });
      expect(state).toEqual(await separately(token));
      const held = state.user.permissions.map((p: { name: string }) => p.name);
      expect(held).toEqual(expect.arrayContaining(["admin.night-audit", "admin.learning"]));
    }
    const onBusiness = await t.json("GET", "/api/v1/user/app-state", { token: collaborator, status: 200 });
    expect(onBusiness.businesses.map((b: { uuid: string }) => b.uuid)).toEqual([B]);
    expect(onBusiness.unread_notifications).toBeGreaterThanOrEqual(3);
  });

  it("follows the selected business: its plans, not another's", async () => {
    const token = await t.login(demoUsers.owner.email);
    const created = await t.json("POST", "/api/v1/businesses", { token, body: { company_name: "Hostel Segundo", country: "BR" }, status: 201 });
    const second = created.business.uuid as string;
    const onSecond = await t.json("GET", "/api/v1/user/app-state", { token, status: 200 });
    expect(onSecond.selected_business_uuid).toBe(second);
    expect(onSecond.plans).toEqual([]);
    expect(onSecond.businesses.map((b: { uuid: string }) => b.uuid)).toEqual([B, second]);
    expect(onSecond).toEqual(await separately(token));

    await t.json("PUT", "/api/v1/user/selected-business", { token, body: { business_uuid: B }, status: 200 });
    const back = await t.json("GET", "/api/v1/user/app-state", { token, status: 200 });
    expect(back.selected_business_uuid).toBe(B);
    expect(back.plans.length).toBeGreaterThan(0);
    expect(back).toEqual(await separately(token));
  });
});
