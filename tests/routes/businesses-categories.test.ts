import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isGuard } from "#app/lib/guard.server.ts";
import * as appLayout from "#app/routes/shell/app-layout.tsx";
import * as capacity from "#app/routes/business/capacity.tsx";
import * as overview from "#app/routes/business/overview.tsx";
import * as roomConfigurations from "#app/routes/business/room-configurations.tsx";
import * as rooms from "#app/routes/business/rooms.tsx";
import * as businessesLayout from "#app/routes/business/layout.tsx";
import * as businessType from "#app/routes/business/type.tsx";
import * as logo from "#app/routes/business/logo.tsx";
import { demoUsers } from "#tests/helpers/api.ts";
import { type Browser, createRouteHarness, type RouteHarness } from "#tests/helpers/route.ts";

let h: RouteHarness;
let browser: Browser;
let token: string;
const DEMO = "d3e00000-0000-4000-8000-000000000001";
const DELUXE = "d3e00000-0000-4000-8000-000000000012";
const PAGE = "/businesses/room-configurations";

beforeAll(async () => {
  h = await createRouteHarness();
  browser = h.browser();
  token = await browser.signIn(demoUsers.owner.email);
});
afterAll(() => h.close());

const inBusinesses = { layouts: [appLayout, businessesLayout] };
const categories = async () => (await h.t.json("GET", `/api/v1/businesses/${DEMO}`, { token, status: 200 })).data.room_setup.categories as any[];
const category = { name: "Chalé", room_count: "3", min_occupation: "2", max_occupation: "5", price_variation_type: "value", price_variation_value: "120,50", commission: "12,5" };

describe("the businesses area", () => {
  it("guards every page with user.businesses", () => {
    for (const route of [businessesLayout, overview, logo, businessType, rooms, capacity, roomConfigurations]) {
      expect(route.handle).toEqual({ permission: "user.businesses" });
      expect(route.middleware.some(isGuard)).toBe(true);
    }
  });

  it("keeps a collaborator without user.businesses out", async () => {
    const collaborator = h.browser();
    await collaborator.signIn(demoUsers.collaborator.email);
    expect((await collaborator.get(PAGE, roomConfigurations, inBusinesses)).location).toBe("/unauthorized");
  });
});

describe("room categories", () => {
  it("lists the selected business's categories and opens one for editing", async () => {
    const page = await browser.get(`${PAGE}?edit=${DELUXE}`, roomConfigurations, inBusinesses);
    expect(page.data.categories.map((c: { name: string }) => c.name)).toEqual(["Standard", "Deluxe", "Suíte"]);
    // Money as typed in Brazil, from cents.
    expect(page.data.editing).toMatchObject({ uuid: DELUXE, name: "Deluxe", price_variation_type: "value", price_variation_value: "80,00" });
  });

  it("creates a category, sending the money in cents and the commission as a percentage, and shows it after the redirect", async () => {
    const sent = await browser.post(PAGE, roomConfigurations, { ...category, intent: "create" }, inBusinesses);
    expect(sent.status).toBe(302);
    expect(sent.location).toBe(PAGE);
    const created = (await categories()).find((c) => c.name === "Chalé");
    expect(created).toMatchObject({ room_count: 3, min_occupation: 2, max_occupation: 5, price_variation_type: "value", price_variation_value: 12050, commission: 12.5 });
    const page = await browser.get(PAGE, roomConfigurations, inBusinesses);
    expect(page.data.categories.map((c: { name: string }) => c.name)).toContain("Chalé");
  });

  it("refuses a form the API would refuse before calling it (maximum below minimum, bad amount)", async () => {
    const sent = await browser.post(PAGE, roomConfigurations, { ...category, name: "Loft", min_occupation: "4", max_occupation: "2", price_variation_value: "doze", intent: "create" }, inBusinesses);
    expect(sent.status).toBe(422);
    expect(sent.data.form).toBe("category-new");
    expect(sent.data.result.error).toEqual({ max_occupation: ["business:errors.maxBelowMin"], price_variation_value: ["business:errors.money"] });
  });

  it("shows the API's 422 beside the field: a name already taken", async () => {
    browser.setCookie("lng", "en-US");
    const sent = await browser.post(PAGE, roomConfigurations, { ...category, name: "standard", intent: "create" }, inBusinesses);
    browser.setCookie("lng", "pt-BR");
    expect(sent.status).toBe(422);
    expect(Object.keys(sent.data.result.error)).toEqual(["name"]);
    expect(sent.data.result.error.name[0]).toMatch(/name|category/i);
    expect((await categories()).filter((c) => c.name.toLowerCase() === "standard")).toHaveLength(1);
  });

  it("updates a category as a percentage and deletes one", async () => {
    const updated = await browser.post(
      `${PAGE}?edit=${DELUXE}`,
      roomConfigurations,
      { ...category, name: "Deluxe", room_count: "4", min_occupation: "1", max_occupation: "3", price_variation_type: "percentage", price_variation_value: "12,5", commission: "", category_uuid: DELUXE, intent: "update" },
      inBusinesses,
    );
    // Percentages are stored whole; 12,5 is refused rather than rounded.
    expect(updated.status).toBe(422);
    expect(updated.data).toMatchObject({ form: `category-${DELUXE}`, result: { error: { price_variation_value: ["business:errors.wholePercentage"] } } });
    const resent = await browser.post(
      `${PAGE}?edit=${DELUXE}`,
      roomConfigurations,
      { ...category, name: "Deluxe", room_count: "4", min_occupation: "1", max_occupation: "3", price_variation_type: "percentage", price_variation_value: "15", commission: "", category_uuid: DELUXE, intent: "update" },
      inBusinesses,
    );
    expect(resent.location).toBe(PAGE);
    expect((await categories()).find((c) => c.uuid === DELUXE)).toMatchObject({ price_variation_type: "percentage", price_variation_value: 15, commission: 0 });

    const chalet = (await categories()).find((c) => c.name === "Chalé");
    const deleted = await browser.post(PAGE, roomConfigurations, { intent: "delete", category_uuid: chalet.uuid }, inBusinesses);
    expect(deleted.location).toBe(PAGE);
    expect((await categories()).map((c) => c.name)).toEqual(["Standard", "Deluxe", "Suíte"]);
  });

  it("edits room counts and occupancy bounds of every category at once", async () => {
    const list = await categories();
    const fields: Record<string, string> = {};
    list.forEach((c, i) => {
      fields[`categories[${i}].uuid`] = c.uuid;
      fields[`categories[${i}].room_count`] = String(c.room_count + 1);
    });
    expect((await browser.post("/businesses/rooms", rooms, fields, inBusinesses)).location).toBe("/businesses/rooms");
    expect((await browser.get("/businesses/rooms", rooms, inBusinesses)).data.total).toBe(17);

    const bounds: Record<string, string> = {};
    list.forEach((c, i) => {
      bounds[`categories[${i}].uuid`] = c.uuid;
      bounds[`categories[${i}].min_occupation`] = "1";
      bounds[`categories[${i}].max_occupation`] = i === 0 ? "0" : "4";
    });
    const refused = await browser.post("/businesses/capacity", capacity, bounds, inBusinesses);
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.data.error)).toEqual(["categories[0].max_occupation"]);
    bounds["categories[0].max_occupation"] = "2";
    expect((await browser.post("/businesses/capacity", capacity, bounds, inBusinesses)).location).toBe("/businesses/capacity");
    expect((await categories()).map((c) => [c.min_occupation, c.max_occupation])).toEqual([
      [1, 2],
      [1, 4],
      [1, 4],
    ]);
  });

  it("saves the details on the overview and the type", async () => {
    const page = await browser.get("/businesses/overview", overview, inBusinesses);
    const values = page.data.business;
    const sent = await browser.post(
      "/businesses/overview",
      overview,
      { company_name: values.company_name, country: "BR", city: "Paraty", website: "pousada-mare.com.br", email: "not-an-email" },
      inBusinesses,
    );
    expect(sent.status).toBe(422);
    expect(Object.keys(sent.data.error)).toEqual(["email"]);
    const ok = await browser.post("/businesses/overview", overview, { company_name: values.company_name, country: "BR", city: "Paraty", website: "pousada-mare.com.br" }, inBusinesses);
    expect(ok.location).toBe("/businesses/overview");
    const saved = (await h.t.json("GET", `/api/v1/businesses/${DEMO}`, { token, status: 200 })).data;
    expect(saved).toMatchObject({ website: "https://pousada-mare.com.br/", email: null, corporate_name: null });

    const typed = await browser.post("/businesses/type", businessType, { business_type_uuid: "b7e00000-0000-4000-8000-000000000001", accommodation_purpose: "business" }, inBusinesses);
    expect(typed.location).toBe("/businesses/type");
    expect((await h.t.json("GET", `/api/v1/businesses/${DEMO}`, { token, status: 200 })).data).toMatchObject({ business_type: { slug: "hotel" }, accommodation_purpose: "business" });
  });

  it("uploads and removes the logo, the page showing it through the web's proxy", async () => {
    const png = new File([Uint8Array.from(Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64"))], "logo.png", { type: "image/png" });
    const uploaded = await browser.post("/businesses/logo", logo, { intent: "upload-logo", logo: png }, inBusinesses);
    expect(uploaded.location).toBe("/businesses/logo");
    const page = await browser.get("/businesses/logo", logo, inBusinesses);
    expect(page.data.src).toMatch(new RegExp(`^/businesses/${DEMO}/logo\\?v=`));
    const image = await import("#app/routes/business/logo-image.ts");
    const served = await browser.get(page.data.src, image, { layouts: [appLayout], params: { id: DEMO } });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");

    const wrong = await browser.post("/businesses/logo", logo, { intent: "upload-logo", logo: new File(["<svg/>"], "x.svg", { type: "image/svg+xml" }) }, inBusinesses);
    expect(wrong.status).toBe(422);

    expect((await browser.post("/businesses/logo", logo, { intent: "remove-logo" }, inBusinesses)).location).toBe("/businesses/logo");
    expect((await browser.get("/businesses/logo", logo, inBusinesses)).data.src).toBeNull();
  });
});
