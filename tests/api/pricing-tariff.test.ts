import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPricingWorld, type PricingWorld } from "./pricing-fixture.ts";
import { createTestApi, demoUsers } from "#tests/helpers/api.ts";

const NOW = new Date("2026-03-10T15:00:00Z");
let w: PricingWorld;
beforeAll(async () => {
  w = await createPricingWorld({ now: NOW, collaboratorPermissions: ["user.calendar"] });
});
afterAll(() => w.t.close());

const december = {
  title: "Natal <b>& Ano Novo</b>",
  color: "#c92a2a",
  rate: 52_000,
  dates: [{ days_of_week: [0, 1, 2, 3, 4, 5, 6], starts_at: "2026-12-20", ends_at: "2026-12-26" }],
  fluctuation_level_variations: [{ fluctuation_level: 2, price_variation: 20, price_variation_type: "percentage" }],
};

describe("GET …/tariff-configuration", () => {
  it("shows the seeded configuration to calendar readers", async () => {
    const answer = await w.t.json("GET", `${w.base}/tariff-configuration`, { token: w.tokens.collaborator, status: 200 });
    const tc = answer.tariff_configuration;
    expect(tc.rooms_tariff.rate).toBe(25_000);
    expect(tc.fluctuation_levels.map((l: any) => [l.name, l.from_percentage, l.to_percentage])).toEqual([
      ["Baixa", 0, 40],
      ["Média", 40, 70],
      ["Alta", 70, 100],
    ]);
    expect(tc.sazonalities.filter((s: any) => s.is_reference)).toHaveLength(1);
    expect(tc.sazonalities.map((s: any) => s.title)).toContain("Carnaval");
    expect(tc.occupancy_pricing).toMatchObject({ reference_occupation: 2, price_increase_per_person: 5000, manual_prices_enabled: true });
    const base = tc.sazonalities.find((s: any) => s.is_reference);
    expect(base.fluctuation_level_variations.map((v: any) => v.rate)).toEqual([25_000, 27_500, 31_250]);
  });
});

describe("POST …/tariff-configuration/sazonalities", () => {
  let createdId: string;

  it("creates a season, sanitises the title, answers business and created_sazonality", async () => {
    const res = await w.t.call("POST", `${w.base}/tariff-configuration/sazonalities`, { token: w.tokens.owner, body: december });
    expect(res.status).toBe(201);
    const answer = await res.json();
    expect(answer.created_sazonality).toMatchObject({ title: "Natal b Ano Novo/b", color: "#C92A2A", rate: 52_000, is_reference: false });
    expect(answer.created_sazonality.dates).toEqual(december.dates);
    expect(answer.created_sazonality.fluctuation_level_variations).toHaveLength(1);
    expect(answer.business.tariff_configuration.sazonalities.some((s: any) => s.uuid === answer.created_sazonality.uuid)).toBe(true);
    createdId = answer.created_sazonality.uuid;
  });

  it("reports overlapping ranges as warnings, not errors", async () => {
    const answer = await w.t.json("POST", `${w.base}/tariff-configuration/sazonalities`, {
      token: w.tokens.owner,
      lang: "en",
      status: 201,
      body: { ...december, title: "Reveillon", dates: [{ days_of_week: [0, 1, 2, 3, 4, 5, 6], starts_at: "2026-12-26", ends_at: "2027-01-02" }] },
    });
    expect(answer.warnings.some((w: any) => w.code === "pricing.season.overlap")).toBe(true);
    expect(answer.warnings[0].message).toMatch(/\w/);
  });

  it("refuses bad input with 422 and field errors", async () => {
    const cases: [unknown, string][] = [
      [{ ...december, rate: 0 }, "rate"],
      [{ ...december, rate: -5 }, "rate"],
      [{ ...december, rate: 100.5 }, "rate"],
      [{ ...december, color: "red" }, "color"],
      [{ ...december, title: "  <> " }, "title"],
      [{ ...december, dates: [{ days_of_week: [1], starts_at: "2026-12-10", ends_at: "2026-12-01" }] }, "dates.0.ends_at"],
      [{ ...december, dates: [{ days_of_week: [], starts_at: "2026-12-01", ends_at: "2026-12-10" }] }, "dates.0.days_of_week"],
      [{ ...december, dates: [{ days_of_week: [9], starts_at: "2026-12-01", ends_at: "2026-12-10" }] }, "dates.0.days_of_week.0"],
      [{ ...december, fluctuation_level_variations: [{ fluctuation_level: 1, price_variation: 900, price_variation_type: "percentage" }] }, "fluctuation_level_variations.0.price_variation"],
      [{ ...december, fluctuation_level_variations: [{ fluctuation_level: 7, price_variation: 10, price_variation_type: "percentage" }] }, "fluctuation_level_variations.0.fluctuation_level"],
      [{ ...december, min_price: 50_000, max_price: 40_000 }, "min_price"],
    ];
    for (const [body, field] of cases) {
      const answer = await w.t.json("POST", `${w.base}/tariff-configuration/sazonalities`, { token: w.tokens.owner, body, status: 422 });
      expect(Object.keys(answer.errors), JSON.stringify(body)).toContain(field);
    }
  });

  it("moves the reference flag, and refuses to leave the business without one", async () => {
    const tc = (await w.t.json("GET", `${w.base}/tariff-configuration`, { token: w.tokens.owner })).tariff_configuration;
    const reference = tc.sazonalities.find((s: any) => s.is_reference);
    const asBody = (s: any) => ({ ...s, uuid: undefined, created_at: undefined, fluctuation_level_variations: s.fluctuation_level_variations.map((v: any) => ({ fluctuation_level: v.fluctuation_level, price_variation: v.price_variation, price_variation_type: v.price_variation_type })) });
    const refused = await w.t.json("PUT", `${w.base}/tariff-configuration/sazonalities/${reference.uuid}`, { token: w.tokens.owner, body: { ...asBody(reference), is_reference: false }, status: 422 });
    expect(Object.keys(refused.errors)).toContain("is_reference");
    const deleteRefused = await w.t.json("DELETE", `${w.base}/tariff-configuration/sazonalities/${reference.uuid}`, { token: w.tokens.owner, status: 422 });
    expect(deleteRefused.errors.is_reference).toBeTruthy();

    const moved = await w.t.json("PUT", `${w.base}/tariff-configuration/sazonalities/${createdId}`, { token: w.tokens.owner, body: { ...december, is_reference: true }, status: 200 });
    const refs = moved.business.tariff_configuration.sazonalities.filter((s: any) => s.is_reference);
    expect(refs.map((s: any) => s.uuid)).toEqual([createdId]);
    // and back
    await w.t.json("PUT", `${w.base}/tariff-configuration/sazonalities/${reference.uuid}`, { token: w.tokens.owner, body: { ...asBody(reference), is_reference: true }, status: 200 });
  });

  it("updates and deletes a season; unknown ids are 404", async () => {
    const updated = await w.t.json("PUT", `${w.base}/tariff-configuration/sazonalities/${createdId}`, { token: w.tokens.owner, body: { ...december, rate: 55_000 }, status: 200 });
    expect(updated.business.tariff_configuration.sazonalities.find((s: any) => s.uuid === createdId).rate).toBe(55_000);
    await w.t.json("PUT", `${w.base}/tariff-configuration/sazonalities/00000000-0000-4000-8000-000000000000`, { token: w.tokens.owner, body: december, status: 404 });
    await w.t.json("PUT", `${w.base}/tariff-configuration/sazonalities/nope`, { token: w.tokens.owner, body: december, status: 404 });
    const deleted = await w.t.json("DELETE", `${w.base}/tariff-configuration/sazonalities/${createdId}`, { token: w.tokens.owner, status: 200 });
    expect(deleted.business.tariff_configuration.sazonalities.some((s: any) => s.uuid === createdId)).toBe(false);
    await w.t.json("DELETE", `${w.base}/tariff-configuration/sazonalities/${createdId}`, { token: w.tokens.owner, status: 404 });
  });

  it("a season of another business is not found here", async () => {
    const other = await w.t.json("POST", `/api/v1/businesses/${w.otherBusinessId}/tariff-configuration/rooms-tariff`, { token: w.tokens.stranger, body: { rate: 20_000 }, status: 200 });
    const theirs = other.business.tariff_configuration.sazonalities[0].uuid;
    await w.t.json("DELETE", `${w.base}/tariff-configuration/sazonalities/${theirs}`, { token: w.tokens.owner, status: 404 });
  });
});

describe("POST …/tariff-configuration/rooms-tariff", () => {
  it("sets the reference rate and the categories' variations and bounds", async () => {
    const [standard, deluxe, suite] = w.categories;
    const answer = await w.t.json("POST", `${w.base}/tariff-configuration/rooms-tariff`, {
      token: w.tokens.owner,
      status: 200,
      body: {
        rate: 26_000,
        categories: [
          { uuid: standard.id, price_variation_type: "value", price_variation_value: 0, min_price: 23_000, max_price: null },
          { uuid: deluxe.id, price_variation_type: "value", price_variation_value: 9_000, min_price: null, max_price: 60_000 },
          { uuid: suite.id, price_variation_type: "percentage", price_variation_value: 45, min_price: null, max_price: 80_000 },
        ],
      },
    });
    expect(answer.business.tariff_configuration.rooms_tariff.rate).toBe(26_000);
    expect(answer.business.tariff_configuration.rooms_tariff.categories.map((c: any) => c.price_variation_value)).toEqual([0, 9_000, 45]);
  });

  it("creates the reference season for a business that has none", async () => {
    const answer = await w.t.json("POST", `/api/v1/businesses/${w.otherBusinessId}/tariff-configuration/rooms-tariff`, { token: w.tokens.stranger, body: { rate: 21_000 }, status: 200 });
    expect(answer.business.tariff_configuration.sazonalities.filter((s: any) => s.is_reference)).toHaveLength(1);
  });

  it("refuses a rate of 0, an unknown category and a floor above the ceiling", async () => {
    const e1 = await w.t.json("POST", `${w.base}/tariff-configuration/rooms-tariff`, { token: w.tokens.owner, body: { rate: 0 }, status: 422 });
    expect(e1.errors.rate).toBeTruthy();
    const e2 = await w.t.json("POST", `${w.base}/tariff-configuration/rooms-tariff`, {
      token: w.tokens.owner,
      body: { rate: 25_000, categories: [{ uuid: "00000000-0000-4000-8000-000000000000", price_variation_value: 0 }] },
      status: 422,
    });
    expect(e2.errors["categories.0.uuid"]).toBeTruthy();
    const e3 = await w.t.json("POST", `${w.base}/tariff-configuration/rooms-tariff`, {
      token: w.tokens.owner,
      body: { rate: 25_000, categories: [{ uuid: w.categories[0].id, price_variation_value: 0, min_price: 30_000, max_price: 20_000 }] },
      status: 422,
    });
    expect(e3.errors["categories.0.min_price"]).toBeTruthy();
    const e4 = await w.t.json("POST", `${w.base}/tariff-configuration/rooms-tariff`, {
      token: w.tokens.owner,
      body: { rate: 25_000, categories: [{ uuid: w.categories[2].id, price_variation_type: "percentage", price_variation_value: 900 }] },
      status: 422,
    });
    expect(e4.errors["categories.0.price_variation_value"]).toBeTruthy();
  });
});

describe("POST …/tariff-configuration/fluctuation-levels", () => {
  it("replaces the bands and keeps the seasons' variations of the surviving ones", async () => {
    const answer = await w.t.json("POST", `${w.base}/tariff-configuration/fluctuation-levels`, {
      token: w.tokens.owner,
      status: 200,
      body: {
        fluctuation_levels: [
          { name: "Média", from_percentage: 50, to_percentage: 80 },
          { name: "Baixa", from_percentage: 0, to_percentage: 50 },
          { name: "Alta", from_percentage: 80, to_percentage: 100 },
        ],
      },
    });
    const levels = answer.business.tariff_configuration.fluctuation_levels;
    expect(levels.map((l: any) => [l.level, l.name, l.from_percentage])).toEqual([
      [1, "Baixa", 0],
      [2, "Média", 50],
      [3, "Alta", 80],
    ]);
    const base = answer.business.tariff_configuration.sazonalities.find((s: any) => s.is_reference);
    expect(base.fluctuation_level_variations).toHaveLength(3);
  });

  it("refuses gaps, overlaps and bands not reaching 100 %", async () => {
    const bad = [
      [{ name: "A", from_percentage: 0, to_percentage: 40 }, { name: "B", from_percentage: 50, to_percentage: 100 }],
      [{ name: "A", from_percentage: 0, to_percentage: 60 }, { name: "B", from_percentage: 50, to_percentage: 100 }],
      [{ name: "A", from_percentage: 0, to_percentage: 90 }],
      [{ name: "A", from_percentage: 10, to_percentage: 100 }],
      [],
    ];
    for (const fluctuation_levels of bad) {
      const answer = await w.t.json("POST", `${w.base}/tariff-configuration/fluctuation-levels`, { token: w.tokens.owner, body: { fluctuation_levels }, status: 422 });
      expect(Object.keys(answer.errors).length, JSON.stringify(fluctuation_levels)).toBeGreaterThan(0);
    }
  });

  it("fewer bands drop the extra one", async () => {
    const answer = await w.t.json("POST", `${w.base}/tariff-configuration/fluctuation-levels`, {
      token: w.tokens.owner,
      status: 200,
      body: { fluctuation_levels: [{ name: "Baixa", from_percentage: 0, to_percentage: 60 }, { name: "Alta", from_percentage: 60, to_percentage: 100 }] },
    });
    expect(answer.business.tariff_configuration.fluctuation_levels).toHaveLength(2);
    const base = answer.business.tariff_configuration.sazonalities.find((s: any) => s.is_reference);
    expect(base.fluctuation_level_variations).toHaveLength(2);
  });
});

describe("occupancy pricing and lead time", () => {
  it("saves the occupancy pricing", async () => {
    const answer = await w.t.json("PUT", `${w.base}/tariff-configuration/occupancy-pricing`, {
      token: w.tokens.owner,
      status: 200,
      body: { price_variation_type: "percentage", apply_single_rate: true, single_rate_variation: 10, price_increase_per_person: 15, reference_occupation: 2, manual_prices_enabled: true },
    });
    expect(answer.business.tariff_configuration.occupancy_pricing).toMatchObject({ price_variation_type: "percentage", single_rate_variation: 10 });
  });

  it("refuses a single-rate discount over 100 %", async () => {
    const answer = await w.t.json("PUT", `${w.base}/tariff-configuration/occupancy-pricing`, {
      token: w.tokens.owner,
      status: 422,
      body: { price_variation_type: "percentage", apply_single_rate: true, single_rate_variation: 120, price_increase_per_person: 15, reference_occupation: 2 },
    });
    expect(answer.errors.single_rate_variation).toBeTruthy();
    await w.t.json("PUT", `${w.base}/tariff-configuration/occupancy-pricing`, { token: w.tokens.owner, status: 422, body: { reference_occupation: 0 } });
  });

  it("saves lead-time bands, warns about overlaps and refuses bad ones", async () => {
    const ok = await w.t.json("PUT", `${w.base}/tariff-configuration/lead-time`, {
      token: w.tokens.owner,
      status: 200,
      body: { lead_time_bands: [{ from_days: 0, to_days: 3, percentage: -10, max_occupancy: 50 }, { from_days: 2, to_days: null, percentage: 5 }] },
    });
    expect(ok.business.tariff_configuration.lead_time_bands).toHaveLength(2);
    expect(ok.warnings.map((x: any) => x.code)).toContain("pricing.leadTime.overlap");
    await w.t.json("PUT", `${w.base}/tariff-configuration/lead-time`, { token: w.tokens.owner, status: 422, body: { lead_time_bands: [{ from_days: 5, to_days: 1, percentage: 5 }] } });
    await w.t.json("PUT", `${w.base}/tariff-configuration/lead-time`, { token: w.tokens.owner, status: 422, body: { lead_time_bands: [{ from_days: 0, to_days: 1, percentage: -150 }] } });
    const cleared = await w.t.json("PUT", `${w.base}/tariff-configuration/lead-time`, { token: w.tokens.owner, status: 200, body: { lead_time_bands: [] } });
    expect(cleared.business.tariff_configuration.lead_time_bands).toEqual([]);
  });
});

describe("permissions on the tariff configuration", () => {
  const writes: [string, string, unknown][] = [
    ["POST", "/tariff-configuration/rooms-tariff", { rate: 25_000 }],
    ["POST", "/tariff-configuration/fluctuation-levels", { fluctuation_levels: [{ name: "A", from_percentage: 0, to_percentage: 100 }] }],
    ["POST", "/tariff-configuration/sazonalities", december],
    ["PUT", "/tariff-configuration/sazonalities/00000000-0000-4000-8000-000000000000", december],
    ["DELETE", "/tariff-configuration/sazonalities/00000000-0000-4000-8000-000000000000", undefined],
    ["PUT", "/tariff-configuration/occupancy-pricing", { reference_occupation: 2 }],
    ["PUT", "/tariff-configuration/lead-time", { lead_time_bands: [] }],
  ];

  it("answers 401 without a token", async () => {
    for (const [method, path, body] of writes) {
      expect((await w.t.call(method, `${w.base}${path}`, { body })).status).toBe(401);
    }
  });

  it("answers 403 to another owner and to a collaborator without user.price-settings", async () => {
    for (const [method, path, body] of writes) {
      expect((await w.t.call(method, `${w.base}${path}`, { token: w.tokens.stranger, body })).status, `${method} ${path}`).toBe(403);
      expect((await w.t.call(method, `${w.base}${path}`, { token: w.tokens.collaborator, body })).status, `${method} ${path}`).toBe(403);
    }
    expect((await w.t.call("GET", `${w.base}/tariff-configuration`, { token: w.tokens.stranger })).status).toBe(403);
  });

  it("answers 404 for an unknown business and 422 for a malformed id", async () => {
    expect((await w.t.call("POST", `/api/v1/businesses/00000000-0000-4000-8000-000000000000/tariff-configuration/rooms-tariff`, { token: w.tokens.owner, body: { rate: 1 } })).status).toBe(404);
    expect((await w.t.call("POST", `/api/v1/businesses/not-a-uuid/tariff-configuration/rooms-tariff`, { token: w.tokens.owner, body: { rate: 1 } })).status).toBe(422);
  });

  it("lets a collaborator with user.price-settings write", async () => {
    await w.setCollaboratorPermissions(["user.price-settings"]);
    const res = await w.t.call("POST", `${w.base}/tariff-configuration/sazonalities`, { token: w.tokens.collaborator, body: { ...december, title: "Colaboração" } });
    expect(res.status).toBe(201);
    await w.setCollaboratorPermissions(["user.calendar"]);
  });
});

describe("POST …/tariff-configuration/sazonalities/preview", () => {
  it("answers how the next 90 nights would change, saving nothing", async () => {
    const before = (await w.t.json("GET", `${w.base}/tariff-configuration`, { token: w.tokens.owner })).tariff_configuration.sazonalities.length;
    const answer = await w.t.json("POST", `${w.base}/tariff-configuration/sazonalities/preview`, {
      token: w.tokens.owner,
      status: 200,
      body: { ...december, title: "Prévia", rate: 99_900, dates: [{ days_of_week: [0, 1, 2, 3, 4, 5, 6], starts_at: "2026-04-01", ends_at: "2026-04-03" }] },
    });
    expect(answer.days).toHaveLength(90);
    expect(answer.days[0].date).toBe("2026-03-10");
    expect(answer.changed).toBe(3);
    expect(answer.days.find((d: any) => d.date === "2026-04-02")).toMatchObject({ after: 99_900, season: "Prévia" });
    const after = (await w.t.json("GET", `${w.base}/tariff-configuration`, { token: w.tokens.owner })).tariff_configuration.sazonalities.length;
    expect(after).toBe(before);
    await w.t.json("POST", `${w.base}/tariff-configuration/sazonalities/preview`, { token: w.tokens.owner, status: 422, body: { ...december, rate: 0 } });
    expect((await w.t.call("POST", `${w.base}/tariff-configuration/sazonalities/preview`, { token: w.tokens.collaborator, body: december })).status).toBe(403);
  });
});

describe("GET /businesses/{id}", () => {
  it("carries the tariff configuration the pricing area keeps", async () => {
    const t = await createTestApi();
    try {
      const token = await t.login(demoUsers.owner.email);
      const { data } = await t.json("GET", "/api/v1/businesses/d3e00000-0000-4000-8000-000000000001", { token, status: 200 });
      expect(data.tariff_configuration.sazonalities.length).toBeGreaterThan(0);
      expect(data.tariff_configuration.sazonalities.filter((s: { is_reference: boolean }) => s.is_reference)).toHaveLength(1);
      expect(data.tariff_configuration.fluctuation_levels.length).toBeGreaterThan(0);
    } finally {
      await t.close();
    }
  });
});
