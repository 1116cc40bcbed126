import { describe, expect, it } from "vitest";
import { bookingEngineSettingsSchema, publicReservationSchema } from "#domain/schemas/booking-engine.ts";
import { embedSnippet, isValidSlug, localizedText, normaliseSlug, offerableCategories, offerTotals, stayIssue, textColourOn } from "./rules.ts";

describe("normaliseSlug", () => {
  it("drops accents and joins words with single hyphens", () => {
    expect(normaliseSlug("Pousada Maré Alta")).toBe("pousada-mare-alta");
    expect(normaliseSlug("  Hotel  São João -- Centro! ")).toBe("hotel-sao-joao-centro");
  });
  it("cuts long names to 60 characters without a trailing hyphen", () => {
    const slug = normaliseSlug(`${"a".repeat(59)} b c`);
    expect(slug).toBe("a".repeat(59));
    expect(isValidSlug(normaliseSlug("x".repeat(58) + " yy zz"))).toBe(true);
  });
  it("pads names too short or without letters", () => {
    expect(normaliseSlug("Ó")).toBe("o-hotel");
    expect(normaliseSlug("★★★")).toBe("hotel");
    expect(isValidSlug(normaliseSlug("A"))).toBe(true);
  });
  it("validates the table's format", () => {
    expect(isValidSlug("ab")).toBe(false);
    expect(isValidSlug("-abc")).toBe(false);
    expect(isValidSlug("abc-")).toBe(false);
    expect(isValidSlug("Abc")).toBe(false);
    expect(isValidSlug("a-b")).toBe(true);
  });
});

describe("localizedText", () => {
  const texts = { "pt-BR": "Bem-vindo", "en-US": "Welcome", "es-ES": "  " };
  it("answers in the reader's locale, else Portuguese", () => {
    expect(localizedText(texts, "en-US")).toBe("Welcome");
    expect(localizedText(texts, "es-ES")).toBe("Bem-vindo");
    expect(localizedText(texts, "it-IT")).toBe("Bem-vindo");
  });
  it("falls back to any text, or nothing", () => {
    expect(localizedText({ "fr-CA": "Bienvenue" }, "it-IT")).toBe("Bienvenue");
    expect(localizedText({}, "pt-BR")).toBe("");
  });
});

describe("stayIssue", () => {
  const rules = { minNights: 2, maxNights: 5, maxAdvanceDays: 30 };
  const today = "2027-01-10";
  it("accepts a stay inside the rules", () => {
    expect(stayIssue(rules, { arrival: "2027-01-10", departure: "2027-01-12" }, today)).toBeNull();
    expect(stayIssue(rules, { arrival: "2027-02-09", departure: "2027-02-14" }, today)).toBeNull();
  });
  it("refuses past arrivals and arrivals too far ahead", () => {
    expect(stayIssue(rules, { arrival: "2027-01-09", departure: "2027-01-12" }, today)).toMatchObject({ field: "arrival", key: "bookingEngine:validation.arrivalPast" });
    expect(stayIssue(rules, { arrival: "2027-02-10", departure: "2027-02-12" }, today)).toMatchObject({ field: "arrival", values: { days: 30 } });
  });
  it("refuses too few or too many nights", () => {
    expect(stayIssue(rules, { arrival: "2027-01-11", departure: "2027-01-12" }, today)).toMatchObject({ field: "departure", values: { min: 2 } });
    expect(stayIssue(rules, { arrival: "2027-01-11", departure: "2027-01-17" }, today)).toMatchObject({ field: "departure", values: { max: 5 } });
    expect(stayIssue(rules, { arrival: "2027-01-11", departure: "2027-01-11" }, today)).toMatchObject({ field: "departure", key: "bookingEngine:validation.departureAfterArrival" });
  });
});

describe("offerableCategories", () => {
  const cats = [
    { id: "a", minOccupation: 1, maxOccupation: 2 },
    { id: "b", minOccupation: 1, maxOccupation: 3 },
    { id: "c", minOccupation: 2, maxOccupation: 4 },
  ];
  const free = new Map([
    ["a", 3],
    ["b", 0],
    ["c", 1],
  ]);
  it("keeps categories with a free room every night that take the party", () => {
    expect(offerableCategories(cats, [], 2, free).map((c) => c.id)).toEqual(["a", "c"]);
    expect(offerableCategories(cats, [], 1, free).map((c) => c.id)).toEqual(["a"]);
    expect(offerableCategories(cats, [], 4, free).map((c) => c.id)).toEqual(["c"]);
  });
  it("honours the engine's category list", () => {
    expect(offerableCategories(cats, ["c"], 2, free).map((c) => c.id)).toEqual(["c"]);
  });
});

describe("offerTotals", () => {
  it("sums the nights and rounds the average", () => {
    expect(offerTotals([{ date: "2027-01-01", rate: 10_000 }, { date: "2027-01-02", rate: 10_001 }, { date: "2027-01-03", rate: 10_001 }])).toMatchObject({ total: 30_002, ratePerNight: 10_001 });
    expect(offerTotals([])).toMatchObject({ total: 0, ratePerNight: 0 });
  });
});

describe("colours and snippet", () => {
  it("picks the readable text colour", () => {
    expect(textColourOn("#0f766e")).toBe("#ffffff");
    expect(textColourOn("#fde68a")).toBe("#111827");
  });
  it("escapes the snippet", () => {
    const html = embedSnippet('https://x.test/p/a"b', "<Book>", "#123456");
    expect(html).toContain('href="https://x.test/p/a&quot;b"');
    expect(html).toContain("&lt;Book&gt;");
    expect(html).toContain("background:#123456");
  });
});

describe("settings schema", () => {
  const valid = {
    slug: "Pousada-Sol",
    accent_color: "#0F766E",
    min_nights: 2,
    max_nights: 7,
    max_advance_days: 365,
    check_in_time: "14:00",
    check_out_time: "11:30",
    headline: { "pt-BR": " Olá ", "en-US": "" },
  };
  it("normalises case and drops blank texts", () => {
    const out = bookingEngineSettingsSchema.parse(valid);
    expect(out).toMatchObject({ slug: "pousada-sol", accent_color: "#0f766e", headline: { "pt-BR": "Olá" }, enabled: false, category_ids: [] });
    expect(out.headline).not.toHaveProperty("en-US");
  });
  it("refuses bad times, colours and nights", () => {
    const result = bookingEngineSettingsSchema.safeParse({ ...valid, check_in_time: "25:00", accent_color: "teal", min_nights: 5, max_nights: 3, slug: "a" });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((i) => i.path.join("."));
    expect(paths).toEqual(expect.arrayContaining(["check_in_time", "accent_color", "slug"]));
  });
  it("refuses max below min", () => {
    const result = bookingEngineSettingsSchema.safeParse({ ...valid, min_nights: 5, max_nights: 3 });
    expect(result.error!.issues.map((i) => i.path.join("."))).toEqual(["max_nights"]);
  });
  it("needs the guest's e-mail and phone online", () => {
    const result = publicReservationSchema.safeParse({ category_id: crypto.randomUUID(), arrival: "2027-01-01", departure: "2027-01-02", adults: 2, guest: { name: "Ana" } });
    expect(result.error!.issues.map((i) => i.path.join("."))).toEqual(expect.arrayContaining(["guest.email", "guest.phone"]));
  });
});
