import { describe, expect, it } from "vitest";
import { hashedRecoveryCode, looksLikeRecoveryCode, newRecoveryCode, recoveryCodeMatches } from "#api/services/two-factor/recovery-codes.ts";
import { matchingTotpStep, totpCode, totpKeyUri, totpStep } from "#api/services/two-factor/totp.ts";

// RFC 6238 appendix B's SHA-1 key "12345678901234567890", in base32.
const RFC_SECRET = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";

describe("TOTP", () => {
  it("matches RFC 6238's SHA-1 test vectors (last six digits)", () => {
    expect(totpCode(RFC_SECRET, new Date(59_000))).toBe("287082");
    expect(totpCode(RFC_SECRET, new Date(1_111_111_109_000))).toBe("081804");
    expect(totpCode(RFC_SECRET, new Date(2_000_000_000_000))).toBe("279037");
  });

  it("accepts one step either side of now, and only steps after the last one used", () => {
    const now = new Date(1_111_111_109_000);
    const step = totpStep(now);
    const previous = totpCode(RFC_SECRET, new Date((step - 1) * 30_000));
    const twoBack = totpCode(RFC_SECRET, new Date((step - 2) * 30_000));
    expect(matchingTotpStep(RFC_SECRET, totpCode(RFC_SECRET, now), now)).toBe(step);
    expect(matchingTotpStep(RFC_SECRET, previous, now)).toBe(step - 1);
    expect(matchingTotpStep(RFC_SECRET, twoBack, now)).toBeNull();
    expect(matchingTotpStep(RFC_SECRET, totpCode(RFC_SECRET, now), now, step)).toBeNull();
    expect(matchingTotpStep(RFC_SECRET, "12345", now)).toBeNull();
  });

  it("writes the otpauth address apps read", () => {
    expect(totpKeyUri(RFC_SECRET, "ana@example.com")).toBe(
      `otpauth://totp/Tarifa:ana%40example.com?issuer=Tarifa&algorithm=SHA1&secret=${RFC_SECRET}&period=30&digits=6`,
    );
  });
});

describe("recovery codes", () => {
  it("are xxxxx-xxxxx without look-alikes, and match typed in any case or spacing", () => {
    const code = newRecoveryCode();
    expect(code).toMatch(/^[a-km-np-z2-9]{5}-[a-km-np-z2-9]{5}$/);
    expect(looksLikeRecoveryCode(code.toUpperCase().replace("-", " "))).toBe(true);
    expect(looksLikeRecoveryCode("123456")).toBe(false);
    const stored = hashedRecoveryCode(code);
    expect(stored.codeHash).not.toContain(code.replace("-", ""));
    expect(recoveryCodeMatches(` ${code.toUpperCase()} `, stored)).toBe(true);
    expect(recoveryCodeMatches(newRecoveryCode(), stored)).toBe(false);
    expect(hashedRecoveryCode(code).salt).not.toBe(stored.salt);
  });
});
