import { decodeBase32IgnorePadding, encodeBase32NoPadding } from "@oslojs/encoding";
import { createTOTPKeyURI, generateHOTP, verifyHOTP } from "@oslojs/otp";
import { randomBytes } from "node:crypto";

/**
 * TOTP as RFC 6238 and every authenticator app read it: HMAC-SHA1, 6 digits, 30-second steps
 * (docs/decisions/0024-two-factor-sign-in.md). The codes come from @oslojs/otp; the step is
 * computed here from the API's clock, so tests can move time and a used step can be refused.
 */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
export const TOTP_ISSUER = "Tarifa";
/** Steps accepted either side of now: one, for a phone whose clock is a little off. */
const DRIFT_STEPS = 1;

/** A new 160-bit secret (RFC 4226's recommended length) in base32, as apps type it in. */
export function newTotpSecret(): string {
  return encodeBase32NoPadding(randomBytes(20));
}

function keyOf(secret: string): Uint8Array {
  return decodeBase32IgnorePadding(secret.replace(/\s+/g, "").toUpperCase());
}

/** The 30-second step `at` falls in. */
export function totpStep(at: Date): number {
  return Math.floor(at.getTime() / 1000 / TOTP_PERIOD_SECONDS);
}

/** The code an authenticator app shows at `at` (tests and the e2e helper compute codes with it). */
export function totpCode(secret: string, at: Date = new Date()): string {
  return generateHOTP(keyOf(secret), BigInt(totpStep(at)), TOTP_DIGITS);
}

/**
 * The step whose code is `code`, within one step of now and later than `afterStep` (a step
 * already used is refused, so an overheard code cannot be replayed); null when none matches.
 */
export function matchingTotpStep(secret: string, code: string, now: Date, afterStep = 0): number | null {
  const key = keyOf(secret);
  const current = totpStep(now);
  for (let step = current - DRIFT_STEPS; step <= current + DRIFT_STEPS; step++) {
    if (step <= afterStep) continue;
    if (verifyHOTP(key, BigInt(step), TOTP_DIGITS, code)) return step;
  }
  return null;
}

/** The otpauth:// address the QR code carries. */
export function totpKeyUri(secret: string, accountName: string): string {
  return createTOTPKeyURI(TOTP_ISSUER, accountName, keyOf(secret), TOTP_PERIOD_SECONDS, TOTP_DIGITS);
}
