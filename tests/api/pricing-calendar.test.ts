import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPricingWorld, type PricingWorld } from "./pricing-fixture.ts";

const NOW = new Date("2026-03-10T15:00:00Z"); // a Tuesday
let w: PricingWorld;
beforeAll(async () => {
  w = await createPricingWorld({ now: NOW, collaboratorPermissions: ["user.calendar"] });
});
afterAll(() => w.t.close());

const ALL = [0, 1, 2, 3, 4, 5, 6];
const natal = { title: "Natal", color: "#C92A2A", rate: 52_000, dates: [{ days_of_week: ALL, starts_at: "2026-12-20", ends_at: "2026-12-26" }] };

describe("GET /businesses/{id}/calendar", () => {
  it("prices every night × category with season, level, occupancy, holidays and the explanation", async () => {
    const answer = await w.t.json("GET", `${w.base}/calendar?from=2026-12-01&to=2026-12-31`, { token: w.tokens.collaborator, status: 200 });
    expect(answer.configured).toBe(true);
    expect(answer.today).toBe("2026-03-10");
    expect(answer.categories.map((c: any) => c.name)).toEqual(["Standard", "Deluxe", "Suíte"]);
    expect(answer.days).toHaveLength(31);
    const christmas = answer.days.find((d: any) => d.date === "2026-12-25");
    expect(christmas.season.title).toBe("Alta temporada de verão");
    expect(christmas.level.name).toBe("Baixa");
    expect(christmas.occupancy).toBe(0);
    expect(christmas.holidays.map((h: any) => h.name)).toContain("Natal");
    expect(christmas.rates).toHaveLength(3);
    for (const cell of christmas.rates) {
      expect(cell.explanation.reduce((sum: number, s: any) => sum + s.amount, 0)).toBe(cell.rate);
    }
    // Standard, 2 guests, high season R$ 350.
    expect(christmas.rates[0]).toMatchObject({ rate: 35_000, manual: false, guests: 2 });
    // Deluxe +R$ 80.
    expect(christmas.rates[1].rate).toBe(43_000);
  });

  it("shows one category when asked", async () => {
    const answer = await w.t.json("GET", `${w.base}/calendar?from=2026-02-14&to=2026-02-17&category=${w.categories[1].id}`, { token: w.tokens.owner, status: 200 });
    expect(answer.categories).toHaveLength(1);
    expect(answer.days.every((d: any) => d.rates.length === 1)).toBe(true);
    expect(answer.days[0].season.title).toBe("Carnaval");
  });

  it("leaves each cell's explanation out with explain=false, and nothing else (docs/api/calendar.md)", async () => {
    const path = `${w.base}/calendar?from=2026-12-01&to=2026-12-31`;
    const full = await w.t.json("GET", path, { token: w.tokens.owner, status: 200 });
    const lean = await w.t.json("GET", `${path}&explain=false`, { token: w.tokens.owner, status: 200 });
    expect(lean.days.flatMap((d: any) => d.rates).some((cell: any) => "explanation" in cell)).toBe(false);
    const withoutExplanations = { ...full, days: full.days.map((d: any) => ({ ...d, rates: d.rates.map(({ explanation: _, ...cell }: any) => cell) })) };
    expect(lean).toEqual(withoutExplanations);
    expect(await w.t.json("GET", `${path}&explain=true`, { token: w.tokens.owner, status: 200 })).toEqual(full);
    await w.t.json("GET", `${path}&explain=no`, { token: w.tokens.owner, status: 422 });
  });

  it("format=compact names level, season and holidays by UUID and gives cells as arrays, losing nothing (docs/api/calendar.md)", async () => {
    const path = `${w.base}/calendar?from=2026-12-01&to=2026-12-31`;
    const full = await w.t.json("GET", path, { token: w.tokens.owner, status: 200 });
    const compact = await w.t.json("GET", `${path}&format=compact&explain=false`, { token: w.tokens.owner, status: 200 });
    const { days: _, ...head } = full;
    expect(compact).toMatchObject(head);
    // The full days, rebuilt from the compact answer and its lists, are the full answer's without explanations.
    const level = (uuid: string | null) => {
      const found = uuid ? compact.fluctuation_levels.find((l: any) => l.uuid === uuid) : null;
      return found ? { uuid: found.uuid, name: found.name } : null;
    };
    const season = (uuid: string) => compact.sazonalities.find((s: any) => s.uuid === uuid);
    const holiday = (uuid: string) => {
      const found = compact.holidays.find((h: any) => h.uuid === uuid);
      return { uuid: found.uuid, name: found.name };
    };
    const rebuilt = compact.days.map((d: any) => ({
      ...d,
      level: level(d.level),
      season: season(d.season),
      holidays: d.holidays.map(holiday),
      rates: d.rates.map(([rate, guests, manual]: [number, number, boolean], i: number) => ({ room_category_uuid: compact.categories[i].uuid, rate, guests, manual })),
    }));
    expect(rebuilt).toEqual(full.days.map((d: any) => ({ ...d, rates: d.rates.map(({ explanation: _e, ...cell }: any) => cell) })));
    expect(compact.days.find((d: any) => d.date === "2026-12-25").holidays).toHaveLength(1);
    // With explanations, each cell's fourth element is its explanation.
    const explained = await w.t.json("GET", `${path}&format=compact`, { token: w.tokens.owner, status: 200 });
    expect(explained.days.flatMap((d: any) => d.rates.map((cell: any) => cell[3]))).toEqual(full.days.flatMap((d: any) => d.rates.map((cell: any) => cell.explanation)));
    expect(JSON.stringify(compact).length).toBeLessThan(JSON.stringify(full).length / 4);
    await w.t.json("GET", `${path}&format=tiny`, { token: w.tokens.owner, status: 422 });
  });

  it("answers 422 for bad ranges, more than 366 nights and unknown categories", async () => {
    await w.t.json("GET", `${w.base}/calendar?from=2026-12-31&to=2026-12-01`, { token: w.tokens.owner, status: 422 });
    await w.t.json("GET", `${w.base}/calendar?from=2026-01-01&to=2027-01-02`, { token: w.tokens.owner, status: 422 });
    await w.t.json("GET", `${w.base}/calendar?from=2026-13-01&to=2026-12-01`, { token: w.tokens.owner, status: 422 });
    await w.t.json("GET", `${w.base}/calendar?from=2026-01-01`, { token: w.tokens.owner, status: 422 });
    await w.t.json("GET", `${w.base}/calendar?from=2026-01-01&to=2026-01-02&category=00000000-0000-4000-8000-000000000000`, { token: w.tokens.owner, status: 422 });
    await w.t.json("GET", `${w.base}/calendar?from=2026-01-01&to=2026-12-31`, { token: w.tokens.owner, status: 200 });
  });

  it("answers 403 to another owner and to a collaborator with neither calendar nor price settings", async () => {
    const path = `${w.base}/calendar?from=2026-12-01&to=2026-12-31`;
    expect((await w.t.call("GET", path, { token: w.tokens.stranger })).status).toBe(403);
    await w.setCollaboratorPermissions(["user.reservations"]);
    expect((await w.t.call("GET", path, { token: w.tokens.collaborator })).status).toBe(403);
    expect((await w.t.call("GET", `${w.base}/days-to-update`, { token: w.tokens.collaborator })).status).toBe(403);
    expect((await w.t.call("GET", `${w.base}/occupation-logs`, { token: w.tokens.collaborator })).status).toBe(403);
    await w.setCollaboratorPermissions(["user.price-settings"]);
    expect((await w.t.call("GET", path, { token: w.tokens.collaborator })).status).toBe(200);
    await w.setCollaboratorPermissions(["user.calendar"]);
  });

  it("says when nothing can be priced yet", async () => {
    const answer = await w.t.json("GET", `/api/v1/businesses/${w.otherBusinessId}/calendar?from=2026-12-01&to=2026-12-02`, { token: w.tokens.stranger, status: 200 });
    expect(answer).toMatchObject({ configured: false, days: [] });
  });
});

describe("a new season changes the calendar, the days to update and the occupation log", () => {
  it("starts with nothing to update (the seed published its rates)", async () => {
    const answer = await w.t.json("GET", `${w.base}/days-to-update`, { token: w.tokens.collaborator, status: 200 });
    expect(answer.data).toEqual([]);
  });

  it("creating a December season moves December's rates and lists those days", async () => {
    await w.t.json("POST", `${w.base}/tariff-configuration/sazonalities`, { token: w.tokens.owner, body: natal, status: 201 });
    const calendar = await w.t.json("GET", `${w.base}/calendar?from=2026-12-19&to=2026-12-27`, { token: w.tokens.owner });
    const byDate = Object.fromEntries(calendar.days.map((d: any) => [d.date, d]));
    expect(byDate["2026-12-19"].season.title).not.toBe("Natal");
    expect(byDate["2026-12-20"].season.title).toBe("Natal");
    expect(byDate["2026-12-20"].rates[0].rate).toBe(52_000);

    const days = await w.t.json("GET", `${w.base}/days-to-update`, { token: w.tokens.collaborator });
    expect(days.data.map((d: any) => d.date)).toEqual(["2026-12-20", "2026-12-21", "2026-12-22", "2026-12-23", "2026-12-24", "2026-12-25", "2026-12-26"]);
    expect(days.data[0].categories[0]).toMatchObject({ name: "Standard", published_rate: 35_000, recommended_rate: 52_000 });

    const logs = await w.t.json("GET", `${w.base}/occupation-logs?from=2026-12-20&to=2026-12-20`, { token: w.tokens.collaborator });
    expect(logs.data).toHaveLength(3);
    expect(logs.data[0]).toMatchObject({ date: "2026-12-20", kind: "rate", reason: "settings" });
    expect(logs.data.find((l: any) => l.room_category_name === "Standard")).toMatchObject({ from: 35_000, to: 52_000 });
    expect(logs.data[0].user.name).toMatch(/Otávio/);
  });

  it("publishing some days, then all, empties the list", async () => {
    const collaboratorRefused = await w.t.call("POST", `${w.base}/days-to-update/publish`, { token: w.tokens.collaborator, body: { all: true } });
    expect(collaboratorRefused.status).toBe(403);
    await w.t.json("POST", `${w.base}/days-to-update/publish`, { token: w.tokens.owner, body: { dates: [] }, status: 422 });
    await w.t.json("POST", `${w.base}/days-to-update/publish`, { token: w.tokens.owner, body: { dates: ["nope"] }, status: 422 });
    const some = await w.t.json("POST", `${w.base}/days-to-update/publish`, { token: w.tokens.owner, body: { dates: ["2026-12-20", "2026-12-21"] }, status: 200 });
    expect(some).toMatchObject({ published: 2, remaining: 5 });
    const all = await w.t.json("POST", `${w.base}/days-to-update/publish`, { token: w.tokens.owner, body: { all: true }, status: 200 });
    expect(all.remaining).toBe(0);
  });
});

describe("PUT /businesses/{id}/manual-prices", () => {
  it("sets a night's manual price, which the calendar marks and the log records", async () => {
    const [standard] = w.categories;
    const answer = await w.t.json("PUT", `${w.base}/manual-prices`, { token: w.tokens.owner, body: { room_category_uuid: standard.id, date: "2026-05-05", price: 41_990 }, status: 200 });
    expect(answer.updated).toBe(1);
    const calendar = await w.t.json("GET", `${w.base}/calendar?from=2026-05-05&to=2026-05-05`, { token: w.tokens.owner });
    expect(calendar.days[0].rates[0]).toMatchObject({ manual: true, rate: 42_000 });
    expect(calendar.days[0].rates[0].explanation.map((s: any) => s.step)).toContain("manual");
    const logs = await w.t.json("GET", `${w.base}/occupation-logs?from=2026-05-05&to=2026-05-05`, { token: w.tokens.owner });
    expect(logs.data[0]).toMatchObject({ reason: "manual_price", from: 25_000, to: 42_000 });
    const days = await w.t.json("GET", `${w.base}/days-to-update`, { token: w.tokens.owner });
    expect(days.data.map((d: any) => d.date)).toContain("2026-05-05");
  });

  it("sets a range on some weekdays, then clears it with price null", async () => {
    const [, deluxe] = w.categories;
    const set = await w.t.json("PUT", `${w.base}/manual-prices`, {
      token: w.tokens.owner,
      body: { room_category_uuid: deluxe.id, from: "2026-06-01", to: "2026-06-14", days_of_week: [6], price: 50_000 },
      status: 200,
    });
    expect(set.dates).toEqual(["2026-06-06", "2026-06-13"]);
    let calendar = await w.t.json("GET", `${w.base}/calendar?from=2026-06-06&to=2026-06-07`, { token: w.tokens.owner });
    expect(calendar.days.map((d: any) => d.rates[1].manual)).toEqual([true, false]);
    const cleared = await w.t.json("PUT", `${w.base}/manual-prices`, { token: w.tokens.owner, body: { room_category_uuid: deluxe.id, from: "2026-06-01", to: "2026-06-14", price: null }, status: 200 });
    expect(cleared.updated).toBe(14);
    calendar = await w.t.json("GET", `${w.base}/calendar?from=2026-06-06&to=2026-06-07`, { token: w.tokens.owner });
    expect(calendar.days.map((d: any) => d.rates[1].manual)).toEqual([false, false]);
  });

  it("refuses bad input with 422 and others with 403", async () => {
    const [standard] = w.categories;
    const bodies = [
      { room_category_uuid: standard.id, price: 100 },
      { room_category_uuid: standard.id, date: "2026-02-30", price: 100 },
      { room_category_uuid: standard.id, date: "2026-05-05", price: -1 },
      { room_category_uuid: standard.id, date: "2026-05-05", price: 10.5 },
      { room_category_uuid: standard.id, from: "2026-05-10", to: "2026-05-01", price: 100 },
      { room_category_uuid: standard.id, from: "2026-01-01", to: "2027-06-01", price: 100 },
      { room_category_uuid: "00000000-0000-4000-8000-000000000000", date: "2026-05-05", price: 100 },
    ];
    for (const body of bodies) await w.t.json("PUT", `${w.base}/manual-prices`, { token: w.tokens.owner, body, status: 422 });
    expect((await w.t.call("PUT", `${w.base}/manual-prices`, { token: w.tokens.collaborator, body: bodies[0] })).status).toBe(403);
    expect((await w.t.call("PUT", `${w.base}/manual-prices`, { token: w.tokens.stranger, body: bodies[0] })).status).toBe(403);
    // A category of another business is unknown here.
    const other = await w.t.json("GET", `/api/v1/businesses/${w.otherBusinessId}/calendar?from=2026-01-01&to=2026-01-01`, { token: w.tokens.stranger });
    await w.t.json("PUT", `${w.base}/manual-prices`, { token: w.tokens.owner, body: { room_category_uuid: other.categories[0].uuid, date: "2026-05-05", price: 100 }, status: 422 });
  });

  it("refuses manual prices while they are switched off", async () => {
    await w.t.json("PUT", `${w.base}/tariff-configuration/occupancy-pricing`, {
      token: w.tokens.owner,
      body: { price_variation_type: "value", apply_single_rate: true, single_rate_variation: 3000, price_increase_per_person: 5000, reference_occupation: 2, manual_prices_enabled: false },
      status: 200,
    });
    const answer = await w.t.json("PUT", `${w.base}/manual-prices`, { token: w.tokens.owner, body: { room_category_uuid: w.categories[0].id, date: "2026-05-06", price: 30_000 }, status: 422 });
    expect(answer.errors.price).toBeTruthy();
  });
});

describe("GET /businesses/{id}/occupation-logs", () => {
  it("filters by night and refuses bad dates", async () => {
    const all = await w.t.json("GET", `${w.base}/occupation-logs`, { token: w.tokens.owner, status: 200 });
    expect(all.data.length).toBeGreaterThan(0);
    const none = await w.t.json("GET", `${w.base}/occupation-logs?from=2030-01-01&to=2030-01-31`, { token: w.tokens.owner, status: 200 });
    expect(none.data).toEqual([]);
    await w.t.json("GET", `${w.base}/occupation-logs?from=yesterday`, { token: w.tokens.owner, status: 422 });
    // A fractional limit counts whole lines (PostgreSQL refuses `LIMIT 1.5`).
    const one = await w.t.json("GET", `${w.base}/occupation-logs?limit=1.5`, { token: w.tokens.owner, status: 200 });
    expect(one.data).toHaveLength(1);
    expect((await w.t.call("GET", `${w.base}/occupation-logs`, { token: w.tokens.stranger })).status).toBe(403);
  });
});

describe("GET /ai/content/{id}/seasonalities", () => {
  it("suggests deterministic seasons for the next 12 months with a rationale", async () => {
    const first = await w.t.json("GET", `/api/v1/ai/content/${w.businessId}/seasonalities`, { token: w.tokens.owner, lang: "en", status: 200 });
    const again = await w.t.json("GET", `/api/v1/ai/content/${w.businessId}/seasonalities`, { token: w.tokens.owner, lang: "en", status: 200 });
    expect(again).toEqual(first);
    const kinds = new Set(first.data.map((s: any) => s.kind));
    for (const kind of ["weekend", "summer", "schoolHolidays", "newYear", "carnival"]) expect(kinds.has(kind), kind).toBe(true);
    for (const s of first.data) {
      expect(s.rationale.length).toBeGreaterThan(10);
      expect(s.color).toMatch(/^#[0-9A-F]{6}$/i);
      expect(s.rate).toBeGreaterThan(25_000);
      for (const d of s.dates) {
        expect(d.starts_at >= "2026-03-10").toBe(true);
        expect(d.ends_at <= "2027-03-09").toBe(true);
      }
    }
    const carnival = first.data.find((s: any) => s.kind === "carnival");
    expect(carnival.dates[0]).toMatchObject({ starts_at: "2027-02-05", ends_at: "2027-02-08" });
  });

  it("is for price settings only", async () => {
    expect((await w.t.call("GET", `/api/v1/ai/content/${w.businessId}/seasonalities`, { token: w.tokens.collaborator })).status).toBe(403);
    expect((await w.t.call("GET", `/api/v1/ai/content/${w.businessId}/seasonalities`, { token: w.tokens.stranger })).status).toBe(403);
  });
});
