/**
 * Input clean-up and format checks from spec section 5, shared by the web actions (to answer the
 * user early) and the API (which is the real gate).
 */

/** Spec section 9: the text sanitiser cuts at 255 characters. */
export const MAX_TEXT_LENGTH = 255;

export const INVALID_BUSINESS_UUID_MESSAGE = "Invalid business UUID format";
export const SUBSCRIBE_REQUIRED_MESSAGE = "Business UUID and plan identifier are required";

const MARKUP_CHARACTERS = /[<>"'&]/g;

/**
 * Trim, cut to 255 characters, then remove < > " ' & — in the spec's order. Cutting counts
 * characters (code points), not UTF-16 units, so an emoji is never split in half. Anything that is
 * not a string becomes "" so a missing form field cannot reach the database as "undefined".
 */
export function sanitizeText(value: unknown): string {
  if (typeof value !== "string") return "";
  const trimmed = value.trim();
  const cut = Array.from(trimmed).slice(0, MAX_TEXT_LENGTH).join("");
  return cut.replace(MARKUP_CHARACTERS, "");
}

// ASCII only: identifiers end up in URLs, CSS classes and Stripe metadata.
const IDENTIFIER = /^[A-Za-z0-9_-]+$/;
const NOT_IDENTIFIER_CHARACTER = /[^A-Za-z0-9_-]/g;

/** Letters, digits, underscore and hyphen only, at least one of them. */
export function isIdentifier(value: unknown): value is string {
  return typeof value === "string" && IDENTIFIER.test(value);
}

/** Drops every character an identifier may not hold; may return "" (callers treat it as missing). */
export function sanitizeIdentifier(value: unknown): string {
  if (typeof value !== "string") return "";
  return value.replace(NOT_IDENTIFIER_CHARACTER, "");
}

/** 8-4-4-4-12 hexadecimal, any case; the version nibble is not checked (the server issues them). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID_PATTERN.test(value);
}

/** The fields of POST /subscriptions/{id}/subscribe, as a form or a caller hands them over. */
export interface SubscribeInput {
  businessUuid?: string | null;
  plan_identifier?: string | null;
  payment_method_id?: string | null;
  coupon_id?: string | null;
}

export interface TrimmedSubscribeInput {
  businessUuid: string;
  plan_identifier: string;
  /** Absent when blank: an empty id would be sent to Stripe as a real one. */
  payment_method_id?: string;
  coupon_id?: string;
}

function trimmed(value: unknown): string {
  return typeof value === "string" ? value.trim() : "";
}

/**
 * Trims plan identifier, payment method id and coupon id (spec section 5). The business UUID is
 * left as given: the spec does not trim it, and a padded UUID is reported as a bad format.
 */
export function trimSubscribeInput(input: SubscribeInput): TrimmedSubscribeInput {
  const result: TrimmedSubscribeInput = {
    businessUuid: typeof input.businessUuid === "string" ? input.businessUuid : "",
    plan_identifier: trimmed(input.plan_identifier),
  };
  const paymentMethodId = trimmed(input.payment_method_id);
  const couponId = trimmed(input.coupon_id);
  if (paymentMethodId) result.payment_method_id = paymentMethodId;
  if (couponId) result.coupon_id = couponId;
  return result;
}

export type SubscribeValidation =
  | { ok: true; value: TrimmedSubscribeInput }
  | { ok: false; error: typeof SUBSCRIBE_REQUIRED_MESSAGE | typeof INVALID_BUSINESS_UUID_MESSAGE };

/**
 * Trims, then checks presence before format: when both are wrong the user first learns what is
 * missing, which is the message the spec gives for an incomplete subscribe.
 */
export function validateSubscribeInput(input: SubscribeInput): SubscribeValidation {
  const value = trimSubscribeInput(input);
  if (!value.businessUuid || !value.plan_identifier) return { ok: false, error: SUBSCRIBE_REQUIRED_MESSAGE };
  if (!isUuid(value.businessUuid)) return { ok: false, error: INVALID_BUSINESS_UUID_MESSAGE };
  return { ok: true, value };
}
