import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  INVALID_BUSINESS_UUID_MESSAGE,
  MAX_TEXT_LENGTH,
  SUBSCRIBE_REQUIRED_MESSAGE,
  isIdentifier,
  isUuid,
  sanitizeIdentifier,
  sanitizeText,
  trimSubscribeInput,
  validateSubscribeInput,
} from "./sanitize.ts";

const UUID = "3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b";

describe("sanitizeText", () => {
  it("trims surrounding whitespace", () => {
    expect(sanitizeText("  Pousada do Sol \n\t")).toBe("Pousada do Sol");
  });

  it("removes < > \" ' & and keeps everything else", () => {
    expect(sanitizeText(`<script>alert("x")</script> & 'quoted'`)).toBe("scriptalert(x)/script  quoted");
    expect(sanitizeText("Café & Cia — Ação 100%")).toBe("Café  Cia — Ação 100%");
  });

  it("cuts to 255 characters", () => {
    expect(MAX_TEXT_LENGTH).toBe(255);
    expect(sanitizeText("a".repeat(300))).toBe("a".repeat(255));
    expect(sanitizeText("a".repeat(255))).toBe("a".repeat(255));
    expect(sanitizeText("a".repeat(254))).toBe("a".repeat(254));
  });

  it("trims before cutting, so leading spaces do not eat the budget", () => {
    expect(sanitizeText(" ".repeat(10) + "b".repeat(255))).toBe("b".repeat(255));
  });

  it("cuts before removing, as the spec orders the steps", () => {
    // 254 letters, then "&&" then "z": the cut keeps one "&", which is then removed.
    expect(sanitizeText("a".repeat(254) + "&&z")).toBe("a".repeat(254));
  });

  it("counts characters, never splitting an emoji", () => {
    const result = sanitizeText("🏨".repeat(300));
    expect(Array.from(result)).toHaveLength(255);
    expect(result).toBe("🏨".repeat(255));
  });

  it("turns anything but a string into an empty string", () => {
    for (const value of [undefined, null, 42, {}, ["a"]]) expect(sanitizeText(value)).toBe("");
  });

  it("never returns more than 255 characters nor any markup character", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 600 }), (input) => {
        const out = sanitizeText(input);
        expect(Array.from(out).length).toBeLessThanOrEqual(255);
        expect(out).not.toMatch(/[<>"'&]/);
      }),
    );
  });

  it("is idempotent on text that was already clean and short", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (input) => {
        const once = sanitizeText(input);
        expect(sanitizeText(once)).toBe(once.trim());
      }),
    );
  });
});

describe("identifiers", () => {
  it("accepts letters, digits, underscore and hyphen", () => {
    for (const value of ["pro", "Plan_2024", "competitor-analysis", "A", "9", "_", "-", "aB3_-x"]) {
      expect(isIdentifier(value)).toBe(true);
    }
  });

  it("rejects anything else, including empty, spaces, dots and non-ASCII letters", () => {
    for (const value of ["", " pro", "pro ", "a.b", "a/b", "a b", "ação", "plan!", "<x>", "a\nb", null, undefined, 12]) {
      expect(isIdentifier(value)).toBe(false);
    }
  });

  it("sanitizeIdentifier drops the other characters", () => {
    expect(sanitizeIdentifier(" pro plan!")).toBe("proplan");
    expect(sanitizeIdentifier("ação_1")).toBe("ao_1");
    expect(sanitizeIdentifier("../../etc/passwd")).toBe("etcpasswd");
    expect(sanitizeIdentifier("***")).toBe("");
    expect(sanitizeIdentifier(undefined)).toBe("");
  });

  it("sanitizeIdentifier output is always empty or a valid identifier", () => {
    fc.assert(
      fc.property(fc.string(), (input) => {
        const out = sanitizeIdentifier(input);
        expect(out === "" || isIdentifier(out)).toBe(true);
      }),
    );
  });
});

describe("isUuid", () => {
  it("accepts 8-4-4-4-12 hexadecimal in any case", () => {
    expect(isUuid(UUID)).toBe(true);
    expect(isUuid(UUID.toUpperCase())).toBe(true);
    expect(isUuid("00000000-0000-0000-0000-000000000000")).toBe(true);
    expect(isUuid("ABCDEF01-abcd-EF01-aBcD-0123456789aF")).toBe(true);
  });

  it("rejects other shapes", () => {
    for (const value of [
      "",
      "3f2b8c1e9a4d4e6f8b7a1c2d3e4f5a6b",
      "3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6",
      "3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b0",
      "3f2b8c1g-9a4d-4e6f-8b7a-1c2d3e4f5a6b",
      ` ${UUID}`,
      `${UUID}\n`,
      `{${UUID}}`,
      "3f2b8c1e_9a4d_4e6f_8b7a_1c2d3e4f5a6b",
      null,
      undefined,
      42,
    ]) {
      expect(isUuid(value)).toBe(false);
    }
  });

  it("exposes the spec's message", () => {
    expect(INVALID_BUSINESS_UUID_MESSAGE).toBe("Invalid business UUID format");
  });
});

describe("subscribe input", () => {
  it("trims plan identifier, payment method id and coupon id", () => {
    expect(
      trimSubscribeInput({
        businessUuid: UUID,
        plan_identifier: "  pro ",
        payment_method_id: " pm_123 ",
        coupon_id: "\tWELCOME10\n",
      }),
    ).toEqual({ businessUuid: UUID, plan_identifier: "pro", payment_method_id: "pm_123", coupon_id: "WELCOME10" });
  });

  it("leaves blank optional ids out instead of sending empty strings", () => {
    expect(trimSubscribeInput({ businessUuid: UUID, plan_identifier: "pro", payment_method_id: "   ", coupon_id: null })).toEqual(
      {
        businessUuid: UUID,
        plan_identifier: "pro",
      },
    );
  });

  it("does not trim the business UUID", () => {
    expect(trimSubscribeInput({ businessUuid: ` ${UUID}`, plan_identifier: "pro" }).businessUuid).toBe(` ${UUID}`);
  });

  it("requires both the business UUID and the plan identifier", () => {
    expect(SUBSCRIBE_REQUIRED_MESSAGE).toBe("Business UUID and plan identifier are required");
    for (const input of [
      {},
      { businessUuid: UUID },
      { businessUuid: UUID, plan_identifier: "   " },
      { plan_identifier: "pro" },
      { businessUuid: "", plan_identifier: "pro" },
      { businessUuid: null, plan_identifier: null },
    ]) {
      expect(validateSubscribeInput(input)).toEqual({ ok: false, error: SUBSCRIBE_REQUIRED_MESSAGE });
    }
  });

  it("reports a malformed UUID once both are present", () => {
    expect(validateSubscribeInput({ businessUuid: "not-a-uuid", plan_identifier: "pro" })).toEqual({
      ok: false,
      error: INVALID_BUSINESS_UUID_MESSAGE,
    });
    expect(validateSubscribeInput({ businessUuid: ` ${UUID} `, plan_identifier: "pro" })).toEqual({
      ok: false,
      error: INVALID_BUSINESS_UUID_MESSAGE,
    });
  });

  it("passes a complete input through, trimmed", () => {
    expect(validateSubscribeInput({ businessUuid: UUID, plan_identifier: " pro ", coupon_id: " X " })).toEqual({
      ok: true,
      value: { businessUuid: UUID, plan_identifier: "pro", coupon_id: "X" },
    });
  });
});
