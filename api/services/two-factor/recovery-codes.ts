import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * One-time recovery codes: ten of them, ten characters each from a 32-letter alphabet without
 * look-alikes (50 random bits), shown once as `xxxxx-xxxxx`. Stored as SHA-256 of a random
 * 128-bit salt and the code (OWASP ASVS 2.6.2: lookup secrets under 112 bits are salted and hashed).
 */
export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";
const LENGTH = 10;

export function newRecoveryCode(): string {
  const bytes = randomBytes(LENGTH);
  let code = "";
  for (const byte of bytes) code += ALPHABET[byte & 31];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** What the user typed, without case, spaces or dashes: `ABCDE fghij` matches `abcde-fghij`. */
export function normaliseRecoveryCode(typed: string): string {
  return typed.toLowerCase().replace(/[\s-]+/g, "");
}

/** True when `typed` has the shape of a recovery code (and not of a 6-digit TOTP code). */
export function looksLikeRecoveryCode(typed: string): boolean {
  const plain = normaliseRecoveryCode(typed);
  return plain.length === LENGTH && [...plain].every((ch) => ALPHABET.includes(ch));
}

export function hashRecoveryCode(code: string, salt: string): string {
  return createHash("sha256").update(salt).update(normaliseRecoveryCode(code)).digest("hex");
}

export function hashedRecoveryCode(code: string): { salt: string; codeHash: string } {
  const salt = randomBytes(16).toString("hex");
  return { salt, codeHash: hashRecoveryCode(code, salt) };
}

export function recoveryCodeMatches(typed: string, stored: { salt: string; codeHash: string }): boolean {
  return timingSafeEqual(Buffer.from(hashRecoveryCode(typed, stored.salt), "hex"), Buffer.from(stored.codeHash, "hex"));
}
