import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPricingWorld, type PricingWorld } from "./pricing-fixture.ts";

const NOW = new Date("2026-03-10T15:00:00Z");
let w: PricingWorld;
beforeAll(async () => {
  w = await createPricingWorld({ now: NOW });
});
afterAll(() => w.t.close());

const H = "/api/v1/admin/holidays";

describe("admin holidays", () => {
  it("lists the seeded Brazilian holidays, filtered by year and country, in the caller's language", async () => {
    const answer = await w.t.json("GET", `${H}?year=2026&country=BR`, { token: w.tokens.admin, status: 200 });
    const christmas = answer.data.find((h: any) => h.date === "2026-12-25");
    expect(christmas).toMatchObject({ country: "BR", state: null, name: "Natal", source: "package" });
    const english = await w.t.json("GET", `${H}?year=2026&country=BR`, { token: w.tokens.admin, lang: "en", status: 200 });
    expect(english.data.find((h: any) => h.date === "2026-12-25").name).toBe("Christmas Day");
    const sc = await w.t.json("GET", `${H}?year=2026&country=BR&state=SC`, { token: w.tokens.admin });
    expect(sc.data.every((h: any) => h.state === "SC")).toBe(true);
    const none = await w.t.json("GET", `${H}?year=2026&country=PT`, { token: w.tokens.admin });
    expect(none.data).toEqual([]);
  });

  it("creates, reads, edits and deletes one; a duplicate is 409", async () => {
    const created = await w.t.json("POST", H, { token: w.tokens.admin, body: { country: "br", state: "sc", date: "2026-08-11", name: "Aniversário <de> Floripa" }, status: 201 });
    expect(created.holiday).toMatchObject({ country: "BR", state: "SC", date: "2026-08-11", name: "Aniversário de Floripa", source: "manual" });
    const id = created.holiday.uuid;
    await w.t.json("POST", H, { token: w.tokens.admin, body: { country: "BR", state: "SC", date: "2026-08-11", name: "Outro" }, status: 409 });
    const read = await w.t.json("GET", `${H}/${id}`, { token: w.tokens.admin, status: 200 });
    expect(read.holiday.uuid).toBe(id);
    const edited = await w.t.json("PUT", `${H}/${id}`, { token: w.tokens.admin, body: { country: "BR", state: null, date: "2026-08-12", name: { "pt-BR": "Dia X", "en-US": "Day X" } }, status: 200 });
    expect(edited.holiday).toMatchObject({ state: null, date: "2026-08-12", names: { "pt-BR": "Dia X", "en-US": "Day X" } });
    await w.t.json("DELETE", `${H}/${id}`, { token: w.tokens.admin, status: 200 });
    await w.t.json("DELETE", `${H}/${id}`, { token: w.tokens.admin, status: 404 });
    await w.t.json("GET", `${H}/not-an-id`, { token: w.tokens.admin, status: 404 });
  });

  it("refuses bad holidays with 422", async () => {
    for (const body of [
      { country: "BRA", date: "2026-01-01", name: "X" },
      { country: "BR", date: "2026-02-30", name: "X" },
      { country: "BR", date: "2026-02-01", name: " " },
      { country: "BR", state: "SÃO", date: "2026-02-01", name: "X" },
    ]) {
      await w.t.json("POST", H, { token: w.tokens.admin, body, status: 422 });
    }
  });

  it("imports a year for a country and state from the package, idempotently", async () => {
    const first = await w.t.json("POST", `${H}/import`, { token: w.tokens.admin, body: { country: "PT", year: 2027 }, status: 200 });
    expect(first.imported).toBeGreaterThan(5);
    const again = await w.t.json("POST", `${H}/import`, { token: w.tokens.admin, body: { country: "PT", year: 2027 }, status: 200 });
    expect(again).toMatchObject({ imported: 0 });
    const am = await w.t.json("POST", `${H}/import`, { token: w.tokens.admin, body: { country: "BR", state: "AM", year: 2026 }, status: 200 });
    expect(am.imported).toBe(1);
    const list = await w.t.json("GET", `${H}?year=2026&country=BR&state=AM`, { token: w.tokens.admin });
    expect(list.data.map((h: any) => h.date)).toEqual(["2026-09-05"]); // the state's own; national ones are not repeated
    await w.t.json("POST", `${H}/import`, { token: w.tokens.admin, body: { country: "XX", year: 2026 }, status: 422 });
    await w.t.json("POST", `${H}/import`, { token: w.tokens.admin, body: { country: "BR", state: "ZZ", year: 2026 }, status: 422 });
    await w.t.json("POST", `${H}/import`, { token: w.tokens.admin, body: { country: "BR", year: 1800 }, status: 422 });
  });

  it("imports a CSV (comma or semicolon), reporting bad lines with 422 and writing nothing then", async () => {
    const csv = "date;name;country;state\n2027-03-19;São José;BR;CE\n2027-06-24;São João;BR;\n";
    const ok = await w.t.json("POST", `${H}/import-csv`, { token: w.tokens.admin, body: { csv }, status: 200 });
    expect(ok).toEqual({ imported: 2, skipped: 0 });
    const perLocale = "date,name_pt-BR,name_en-US\n2027-07-02,Independência da Bahia,Bahia Independence\n";
    const ok2 = await w.t.json("POST", `${H}/import-csv`, { token: w.tokens.admin, body: { csv: perLocale, country: "BR" }, status: 200 });
    expect(ok2.imported).toBe(1);
    const bad = await w.t.json("POST", `${H}/import-csv`, { token: w.tokens.admin, body: { csv: "date,name,country\n2027-13-01,X,BR\n2027-01-05,Y,BR\n" }, status: 422 });
    expect(Object.keys(bad.errors)).toEqual(["csv.2"]);
    const list = await w.t.json("GET", `${H}?year=2027&country=BR`, { token: w.tokens.admin });
    expect(list.data.some((h: any) => h.date === "2027-01-05")).toBe(false);
    await w.t.json("POST", `${H}/import-csv`, { token: w.tokens.admin, body: { csv: "" }, status: 422 });
  });

  it("deletes many at once", async () => {
    const list = await w.t.json("GET", `${H}?year=2027&country=PT`, { token: w.tokens.admin });
    const ids = list.data.slice(0, 3).map((h: any) => h.uuid);
    const answer = await w.t.json("POST", `${H}/bulk-delete`, { token: w.tokens.admin, body: { ids }, status: 200 });
    expect(answer.deleted).toBe(3);
    const after = await w.t.json("GET", `${H}?year=2027&country=PT`, { token: w.tokens.admin });
    expect(after.data.length).toBe(list.data.length - 3);
    await w.t.json("POST", `${H}/bulk-delete`, { token: w.tokens.admin, body: { ids: [] }, status: 422 });
    await w.t.json("POST", `${H}/bulk-delete`, { token: w.tokens.admin, body: { ids: ["x"] }, status: 422 });
  });

  it("is for administrators only", async () => {
    for (const token of [w.tokens.owner, w.tokens.collaborator, w.tokens.stranger]) {
      expect((await w.t.call("GET", H, { token })).status).toBe(403);
      expect((await w.t.call("POST", H, { token, body: { country: "BR", date: "2026-01-02", name: "X" } })).status).toBe(403);
      expect((await w.t.call("POST", `${H}/bulk-delete`, { token, body: { ids: [] } })).status).toBe(403);
    }
    expect((await w.t.call("GET", H)).status).toBe(401);
  });

  it("holidays of the business's place show in its calendar", async () => {
    const created = await w.t.json("POST", H, { token: w.tokens.admin, body: { country: "BR", state: "SC", date: "2026-11-25", name: "Santa Catarina" }, status: 201 });
    const calendar = await w.t.json("GET", `${w.base}/calendar?from=2026-11-25&to=2026-11-25`, { token: w.tokens.owner });
    expect(calendar.days[0].holidays.map((h: any) => h.uuid)).toContain(created.holiday.uuid);
    const elsewhere = await w.t.json("POST", H, { token: w.tokens.admin, body: { country: "BR", state: "SP", date: "2026-11-26", name: "Só SP" }, status: 201 });
    const c2 = await w.t.json("GET", `${w.base}/calendar?from=2026-11-26&to=2026-11-26`, { token: w.tokens.owner });
    expect(c2.days[0].holidays.map((h: any) => h.uuid)).not.toContain(elsewhere.holiday.uuid);
  });
});
