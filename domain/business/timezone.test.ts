import { describe, expect, it } from "vitest";
import { businessTimeZone, defaultTimeZone, FALLBACK_TIME_ZONE, isTimeZone, timeZoneChoices } from "./timezone.ts";

describe("a business's time zone", () => {
  it("defaults from its country and, in Brazil, its state (code or name)", () => {
    expect(defaultTimeZone("BR", "RJ")).toBe("America/Sao_Paulo");
    expect(defaultTimeZone("BR", "AM")).toBe("America/Manaus");
    expect(defaultTimeZone("br", "Acre")).toBe("America/Rio_Branco");
    expect(defaultTimeZone("BR", "Pernambuco")).toBe("America/Recife");
    expect(defaultTimeZone("BR", "mato grosso do sul")).toBe("America/Campo_Grande");
    expect(defaultTimeZone("BR", "Atlantis")).toBe("America/Sao_Paulo");
    expect(defaultTimeZone("BR", "constructor")).toBe("America/Sao_Paulo");
    expect(defaultTimeZone("PT", null)).toBe("Europe/Lisbon");
    expect(defaultTimeZone("CA", "QC")).toBe("America/Toronto");
    expect(defaultTimeZone("ZZ")).toBe(FALLBACK_TIME_ZONE);
    expect(defaultTimeZone(null)).toBe(FALLBACK_TIME_ZONE);
  });

  it("every default is a zone this runtime knows", () => {
    for (const [country, state] of [["BR", "AC"], ["BR", "AP"], ["BR", "TO"], ["BR", "BA"], ["AR", null], ["EC", null], ["US", null]] as const) {
      expect(isTimeZone(defaultTimeZone(country, state))).toBe(true);
    }
  });

  it("is the business's own field when valid, else the default of its place", () => {
    expect(businessTimeZone({ timezone: "Europe/Rome", country: "BR" })).toBe("Europe/Rome");
    expect(businessTimeZone({ timezone: "Mars/Base", country: "BR", state: "AM" })).toBe("America/Manaus");
    expect(businessTimeZone({ country: "FR" })).toBe("Europe/Paris");
    expect(businessTimeZone(null)).toBe(FALLBACK_TIME_ZONE);
  });

  it("offers the runtime's zones, sorted, UTC and the current value included", () => {
    const choices = timeZoneChoices("America/Sao_Paulo");
    expect(choices).toContain("America/Sao_Paulo");
    expect(choices).toContain("UTC");
    expect([...choices].sort()).toEqual(choices);
    expect(isTimeZone("Not/AZone")).toBe(false);
    expect(isTimeZone("EST5EDT")).toBe(false);
  });
});
