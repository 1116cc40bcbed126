import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { billingWorld, newBusiness, type BillingWorld } from "./billing-fixtures.ts";

let w: BillingWorld;
beforeAll(async () => {
  w = await billingWorld();
});
afterAll(() => w.t.close());

const admin = (method: string, path: string, body?: unknown, status?: number) => w.t.json(method, `/api/v1/admin/coupons${path}`, { token: w.admin.token, body, lang: "en", status });

describe("/api/v1/admin/coupons", () => {
  it("is for administrators only", async () => {
    for (const token of [w.owner.token, w.collaborator.token]) {
      await w.t.json("GET", "/api/v1/admin/coupons", { token, status: 403 });
      await w.t.json("POST", "/api/v1/admin/coupons", { token, body: { id: "HACK", name: "x", percent_off: 100, duration: "forever" }, status: 403 });
    }
    expect((await w.t.call("GET", "/api/v1/admin/coupons")).status).toBe(401);
  });

  it("creates percentage and fixed coupons, codes upper-cased", async () => {
    const created = await admin("POST", "", { id: " verao25 ", name: "Verão", percent_off: 25, duration: "repeating", duration_in_months: 3, expires_at: "2099-03-31", max_redemptions: 100 }, 201);
    expect(created.data).toMatchObject({
      id: "VERAO25",
      percent_off: 25,
      amount_off: null,
      duration: "repeating",
      duration_in_months: 3,
      expires_at: "2099-03-31T23:59:59.999Z",
      max_redemptions: 100,
      times_redeemed: 0,
      active: true,
      problem: null,
    });
    const fixed = await admin("POST", "", { id: "MENOS50", name: "R$ 50 off", amount_off: 5000, duration: "once" }, 201);
    expect(fixed.data).toMatchObject({ id: "MENOS50", amount_off: 5000, percent_off: null, duration_in_months: null });
    const { data } = await admin("GET", "", undefined, 200);
    expect(data.map((c: { id: string }) => c.id)).toEqual(expect.arrayContaining(["VERAO25", "MENOS50"]));
    expect((await admin("GET", "/menos50", undefined, 200)).data.id).toBe("MENOS50");
  });

  it("refuses a duplicate code, two discounts or none, repeating without months, bad codes", async () => {
    await admin("POST", "", { id: "DUPE", name: "x", percent_off: 10, duration: "once" }, 201);
    expect((await admin("POST", "", { id: "dupe", name: "x", percent_off: 10, duration: "once" }, 422)).errors.id).toEqual(["A coupon with this code already exists."]);
    expect((await admin("POST", "", { id: "BOTH", name: "x", percent_off: 10, amount_off: 100, duration: "once" }, 422)).errors.percent_off).toEqual([
      "Enter a percentage or an amount off (only one).",
    ]);
    await admin("POST", "", { id: "NONE", name: "x", duration: "once" }, 422);
    expect((await admin("POST", "", { id: "REP", name: "x", percent_off: 10, duration: "repeating" }, 422)).errors.duration_in_months).toEqual([
      "Enter for how many months the discount applies.",
    ]);
    expect((await admin("POST", "", { id: "a b", name: "x", percent_off: 10, duration: "once" }, 422)).errors.id).toEqual(["Use 3 to 40 letters, digits, _ or -."]);
    await admin("POST", "", { id: "OVER", name: "x", percent_off: 101, duration: "once" }, 422);
  });

  it("refuses an expiry that is not a real day, or past the years a stay may take, beside the field (found by tests/api/input-edge-every-field.test.ts)", async () => {
    // Year 99999 was a 500 (PostgreSQL cannot store it); 2026-02-30 was taken as 2 March.
    for (const expires_at of ["99999-01-01", "2026-02-30", "2026-02-30T12:00:00Z", "next week"]) {
      const refused = await admin("POST", "", { id: "FAR", name: "x", percent_off: 10, duration: "once", expires_at }, 422);
      expect(refused.errors, expires_at).toEqual({ expires_at: ["Enter a valid date."] });
    }
    expect((await admin("POST", "", { id: "FAR", name: "x", percent_off: 10, duration: "once", expires_at: "2101-01-01" }, 422)).errors).toEqual({
      expires_at: ["Enter a date between 2000-01-01 and 2100-12-31."],
    });
    await admin("POST", "", { id: "FAR", name: "x", percent_off: 10, duration: "once", expires_at: "2026-06-15T12:00:00-03:00" }, 201);
    expect((await admin("PUT", "/FAR", { expires_at: "99999-01-01T00:00:00Z" }, 422)).errors).toEqual({ expires_at: ["Enter a valid date."] });
  });

  it("edits name, expiry, limit and state; deactivation stops new redemptions", async () => {
    await admin("POST", "", { id: "EDITME", name: "Old", percent_off: 10, duration: "forever" }, 201);
    const edited = await admin("PUT", "/EDITME", { name: "New", max_redemptions: 5, expires_at: "2000-01-01" }, 200);
    expect(edited.data).toMatchObject({ name: "New", max_redemptions: 5, problem: "expired" });
    await admin("PUT", "/EDITME", { expires_at: null }, 200);
    const off = await admin("DELETE", "/EDITME", undefined, 200);
    expect(off).toMatchObject({ message: "Coupon deactivated.", data: { active: false, problem: "inactive" } });
    expect((await admin("DELETE", "/EDITME", undefined, 409)).message).toBe("This coupon is already inactive.");
    await admin("PUT", "/NOPE", { name: "x" }, 404);

    const id = await newBusiness(w.t.db, w.owner.id);
    const res = await w.t.json("POST", `/api/v1/subscriptions/${id}/subscribe`, {
      token: w.owner.token,
      lang: "en",
      body: { plan_identifier: "essential", payment_method_id: "pm_card_visa", coupon_id: "editme" },
      status: 422,
    });
    expect(res.errors.coupon_id).toEqual(["Coupon not found."]);
    await admin("PUT", "/EDITME", { active: true }, 200);
    await w.t.json("POST", `/api/v1/subscriptions/${id}/subscribe`, {
      token: w.owner.token,
      body: { plan_identifier: "essential", payment_method_id: "pm_card_visa", coupon_id: "editme" },
      status: 200,
    });
    const after = await admin("GET", "/EDITME", undefined, 200);
    expect(after.data.times_redeemed).toBe(1);
    // The limit cannot go below what was used.
    await admin("PUT", "/EDITME", { max_redemptions: 1 }, 200);
    await admin("POST", "", { id: "USED2", name: "x", percent_off: 10, duration: "once" }, 201);
  });
});
