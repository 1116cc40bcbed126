import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businesses, businessInvitations, businessMembers, roomCategories } from "#api/db/schema/index.ts";
import { DEMO_BUSINESS, DEMO_CATEGORY_IDS } from "#api/seed/businesses.ts";
import { createTestApi, demoUsers, userByEmail, type TestApi } from "#tests/helpers/api.ts";

let t: TestApi;
let owner: string;
let collaborator: string;
let stranger: string;
let admin: string;
let collaboratorId: string;
let invitationId: string;
const B = DEMO_BUSINESS.id;
const UNKNOWN = "00000000-0000-4000-8000-000000000000";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
const logoForm = () => {
  const form = new FormData();
  form.set("logo", new File([PNG], "logo.png", { type: "image/png" }));
  return form;
};

const category = { name: "Invasor", room_count: 1, min_occupation: 1, max_occupation: 2 };

/** Every /businesses/{id}/… route of this area, with a body that would otherwise be accepted. */
function routes(id: string) {
  return [
    { method: "GET", path: `/api/v1/businesses/${id}`, needs: null },
    { method: "PUT", path: `/api/v1/businesses/${id}/details`, body: { company_name: "Invadida" }, needs: "user.businesses" },
    { method: "PUT", path: `/api/v1/businesses/${id}/type`, body: { business_type_uuid: "b7e00000-0000-4000-8000-000000000001" }, needs: "user.businesses" },
    { method: "PUT", path: `/api/v1/businesses/${id}/rooms`, body: { room_setup: { categories: [category] } }, needs: "user.businesses" },
    { method: "POST", path: `/api/v1/businesses/${id}/room-categories`, body: { room_setup: { categories: [category] } }, needs: "user.businesses" },
    { method: "PUT", path: `/api/v1/businesses/${id}/room-categories/batch`, body: { room_setup: { categories: [{ uuid: DEMO_CATEGORY_IDS.standard, room_count: 1 }] } }, needs: "user.businesses" },
    { method: "PUT", path: `/api/v1/businesses/${id}/room-categories/${DEMO_CATEGORY_IDS.deluxe}`, body: { room_count: 1 }, needs: "user.businesses" },
    { method: "DELETE", path: `/api/v1/businesses/${id}/room-categories/${DEMO_CATEGORY_IDS.suite}`, needs: "user.businesses" },
    { method: "POST", path: `/api/v1/businesses/${id}/upload-logo`, form: true, needs: "user.businesses" },
    { method: "PUT", path: `/api/v1/businesses/${id}/upload-logo`, form: true, needs: "user.businesses" },
    { method: "DELETE", path: `/api/v1/businesses/${id}/remove-logo`, needs: "user.businesses" },
    { method: "GET", path: `/api/v1/businesses/${id}/logo`, needs: null },
    { method: "POST", path: `/api/v1/businesses/${id}/onboarding/plan`, body: { choice: "easylite" }, needs: "user.businesses" },
    { method: "POST", path: `/api/v1/businesses/${id}/onboarding/submit`, needs: "user.businesses" },
    { method: "PUT", path: `/api/v1/businesses/${id}/pms`, body: { pms_id: 1, credentials: {} }, needs: "user.pms-settings" },
    { method: "POST", path: `/api/v1/businesses/${id}/setup/retry`, needs: "user.businesses" },
    { method: "POST", path: `/api/v1/businesses/${id}/setup/complete`, needs: "user.businesses" },
    { method: "GET", path: `/api/v1/businesses/${id}/collaborators`, needs: "user.collaborators" },
    { method: "POST", path: `/api/v1/businesses/${id}/collaborators`, body: { email: "novo@example.com", permissions: ["user.calendar"] }, needs: "user.collaborators" },
    { method: "PUT", path: `/api/v1/businesses/${id}/collaborators/${collaboratorId}`, body: { permissions: ["user.calendar"] }, needs: "user.collaborators" },
    { method: "DELETE", path: `/api/v1/businesses/${id}/collaborators/${collaboratorId}`, needs: "user.collaborators" },
    { method: "DELETE", path: `/api/v1/businesses/${id}/invitations/${invitationId}`, needs: "user.collaborators" },
  ] as const;
}

type Route = ReturnType<typeof routes>[number];

function send(route: Route, token: string, lang?: string) {
  const body = "form" in route ? logoForm() : "body" in route ? route.body : undefined;
  return t.call(route.method, route.path, { token, body, lang });
}

/** Everything a route above could change. */
async function snapshot() {
  const [business] = await t.db.select().from(businesses).where(eq(businesses.id, B));
  return {
    business,
    categories: await t.db.select().from(roomCategories).where(eq(roomCategories.businessId, B)),
    members: await t.db.select().from(businessMembers).where(eq(businessMembers.businessId, B)),
    invitations: await t.db.select().from(businessInvitations).where(eq(businessInvitations.businessId, B)),
    businessCount: (await t.db.select({ id: businesses.id }).from(businesses)).length,
  };
}

beforeAll(async () => {
  t = await createTestApi();
  owner = await t.login(demoUsers.owner.email);
  collaborator = await t.login(demoUsers.collaborator.email);
  admin = await t.login(demoUsers.admin.email);
  collaboratorId = (await userByEmail(t.db, demoUsers.collaborator.email)).id;
  const registered = await t.json("POST", "/api/auth/register", {
    body: { name: "Outro", surname: "Dono", email: "outro.dono@example.com", password: "hotel-do-outro", password_confirmation: "hotel-do-outro" },
    status: 201,
  });
  stranger = registered.token;
  await t.json("POST", "/api/v1/businesses", { token: stranger, body: { company_name: "Hotel do Outro", country: "BR" }, status: 201 });
  const invited = await t.json("POST", `/api/v1/businesses/${B}/collaborators`, { token: owner, body: { email: "convidada@example.com", permissions: ["user.calendar"] }, status: 201 });
  invitationId = invited.invitation.uuid;
});
afterAll(() => t.close());

describe("another owner", () => {
  it("is refused (403) on every route of the pousada, and nothing changes", async () => {
    const before = await snapshot();
    for (const route of routes(B)) {
      const res = await send(route, stranger, "en");
      expect(res.status, `${route.method} ${route.path}`).toBe(403);
      expect((await res.json()).message).toBe("You do not have permission to access this resource.");
    }
    expect(await snapshot()).toEqual(before);
  });

  it("does not see the pousada in their list nor can select it", async () => {
    const list = await t.json("GET", "/api/v1/businesses", { token: stranger, status: 200 });
    expect(list.businesses.map((b: { company_name: string }) => b.company_name)).toEqual(["Hotel do Outro"]);
    await t.json("PUT", "/api/v1/user/selected-business", { token: stranger, body: { business_uuid: B }, status: 403 });
  });
});

describe("a collaborator without the permission", () => {
  it("is refused (403, naming the permission) where the grant is missing, and nothing changes", async () => {
    const before = await snapshot();
    for (const route of routes(B)) {
      if (!route.needs) continue;
      const res = await send(route, collaborator, "en");
      expect(res.status, `${route.method} ${route.path}`).toBe(403);
      expect((await res.json()).message).toBe(`You lack the required permission (${route.needs}) on this business.`);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("may read the business (and its logo route answers 404 while there is none)", async () => {
    await t.json("GET", `/api/v1/businesses/${B}`, { token: collaborator, status: 200 });
    await t.json("GET", `/api/v1/businesses/${B}/logo`, { token: collaborator, status: 404 });
  });

  it("gains exactly the route a new grant opens", async () => {
    await t.json("PUT", `/api/v1/businesses/${B}/collaborators/${collaboratorId}`, {
      token: owner,
      body: { permissions: ["user.dashboard", "user.calendar", "user.reservations", "user.availability", "user.rooms-overview", "user.collaborators"] },
      status: 200,
    });
    await t.json("GET", `/api/v1/businesses/${B}/collaborators`, { token: collaborator, status: 200 });
    await t.json("PUT", `/api/v1/businesses/${B}/details`, { token: collaborator, body: { city: "X" }, status: 403 });
  });
});

describe("malformed and unknown business ids", () => {
  it("answers 422 'Invalid business UUID format' for a malformed id on every route", async () => {
    for (const route of routes("not-a-uuid")) {
      const res = await send(route, owner, "en");
      expect(res.status, `${route.method} ${route.path}`).toBe(422);
      const body = await res.json();
      expect(body.message).toBe("Invalid business UUID format");
      expect(body.errors.id).toEqual(["Invalid business UUID format"]);
    }
  });

  it("answers 404 for a business that does not exist", async () => {
    for (const route of routes(UNKNOWN)) {
      const res = await send(route, owner, "en");
      expect(res.status, `${route.method} ${route.path}`).toBe(404);
      expect((await res.json()).message).toBe("Business not found.");
    }
  });
});

describe("admin routes", () => {
  it("are closed to owners and collaborators (403)", async () => {
    const ownerId = (await userByEmail(t.db, demoUsers.owner.email)).id;
    const calls = [
      ["GET", "/api/v1/admin/businesses", undefined],
      ["POST", "/api/v1/admin/businesses", { owner_uuid: ownerId, company_name: "Nova", country: "BR" }],
      ["PUT", `/api/v1/admin/businesses/${B}`, { is_whitelisted: true }],
      ["PUT", `/api/v1/admin/businesses/${B}/status`, { status: "DATA_LOADED" }],
      ["GET", `/api/v1/admin/users/${ownerId}/businesses`, undefined],
      ["POST", `/api/v1/admin/users/${ownerId}/businesses`, { business_uuid: B, permissions: [] }],
      ["DELETE", `/api/v1/admin/users/${collaboratorId}/businesses/${B}`, undefined],
    ] as const;
    const before = await snapshot();
    for (const token of [owner, collaborator, stranger]) {
      for (const [method, path, body] of calls) {
        const res = await t.call(method, path, { token, body });
        expect(res.status, `${method} ${path}`).toBe(403);
      }
    }
    expect(await snapshot()).toEqual(before);
    // …and open to the administrator.
    await t.json("GET", "/api/v1/admin/businesses", { token: admin, status: 200 });
  });
});
