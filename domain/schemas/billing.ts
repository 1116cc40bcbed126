import { z } from "zod";
import { COUPON_CODE, normalizeCouponCode } from "#domain/billing/coupons.ts";
import { sanitizeText } from "#domain/text/sanitize.ts";
import { isoDateOrInstant } from "#domain/validation.ts";

/**
 * Subscriptions, payment methods and coupons (spec section 7), shared by the API and the web's
 * forms. Messages are translation keys: `validation.*` (generic) or `billing:validation.*`.
 * Identifiers are trimmed (spec section 5) and must then be letters, digits, _ and - only.
 */

const identifier = (message = "billing:validation.identifier") =>
  z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/, message);

/** Optional identifier: blank or missing becomes undefined (an empty id is not an id). */
const optionalIdentifier = z
  .string()
  .trim()
  .max(100)
  .optional()
  .nullable()
  .transform((value) => (value ? value : undefined))
  .refine((value) => value === undefined || /^[A-Za-z0-9_-]+$/.test(value), "billing:validation.identifier");

/** Free text: sanitised (spec section 5); blank becomes undefined. */
const reason = z
  .string()
  .max(1000)
  .optional()
  .nullable()
  .transform((value) => sanitizeText(value ?? "") || undefined);

/**
 * POST /subscriptions/{id}/subscribe. The plan identifier is checked by the API with the spec's
 * own message ('Business UUID and plan identifier are required'), so it is only trimmed here.
 */
export const subscribeSchema = z.object({
  plan_identifier: z.string().trim().max(100).optional().nullable(),
  payment_method_id: optionalIdentifier,
  coupon_id: optionalIdentifier,
});

/**
 * The web's subscribe form: a plan must be chosen, and a card — one of the business's saved
 * cards (`payment_method_id`), or a new one typed in `new_payment_method` (a test card name such
 * as pm_card_visa) when `payment_method_id` is "new" or there are no saved cards.
 */
export const subscribeFormSchema = z
  .object({
    plan_identifier: identifier("billing:validation.planRequired"),
    payment_method_id: optionalIdentifier,
    new_payment_method: optionalIdentifier,
    coupon_id: optionalIdentifier,
  })
  .superRefine((value, ctx) => {
    const saved = value.payment_method_id && value.payment_method_id !== NEW_CARD;
    if (!saved && !value.new_payment_method) {
      ctx.addIssue({ code: "custom", path: ["new_payment_method"], message: "billing:validation.paymentMethod" });
    }
  });

/** The radio value meaning "a new card" on the web's forms. */
export const NEW_CARD = "new";

/** The card a subscribe form chose: a saved card's id, or the new card typed in. */
export function chosenCard(value: { payment_method_id?: string; new_payment_method?: string }): string | undefined {
  return value.payment_method_id && value.payment_method_id !== NEW_CARD ? value.payment_method_id : value.new_payment_method;
}

export const unsubscribeSchema = z.object({
  plan_identifier: identifier(),
  immediately: z.boolean().default(false),
  cancellation_reason: reason,
});

export const addAddonSchema = z.object({ addon_plan_identifier: identifier() });

export const removeAddonSchema = z.object({ plan_identifier: identifier(), cancellation_reason: reason });

export const changePlanSchema = z.object({
  from_plan_identifier: identifier(),
  to_plan_identifier: identifier(),
  prorate: z.boolean().default(true),
});

export const resumeSchema = z.object({ plan_identifier: identifier() });

export const addPaymentMethodSchema = z.object({
  payment_method_id: identifier("billing:validation.paymentMethod"),
  set_as_default: z.boolean().default(true),
});

export const paymentMethodIdSchema = z.object({ payment_method_id: identifier("billing:validation.paymentMethod") });

const couponBase = z.object({
  name: z.string().trim().min(1).max(120),
  percent_off: z.number().int().min(1).max(100).optional().nullable(),
  /** Cents of BRL. */
  amount_off: z.number().int().min(1).max(100_000_000).optional().nullable(),
  duration: z.enum(["once", "repeating", "forever"]),
  duration_in_months: z.number().int().min(1).max(120).optional().nullable(),
  /** ISO date (YYYY-MM-DD, the coupon works until the end of that day in UTC) or instant. */
  expires_at: isoDateOrInstant.optional().nullable(),
  max_redemptions: z.number().int().min(1).max(1_000_000).optional().nullable(),
  active: z.boolean().optional(),
});

type CouponFields = z.infer<typeof couponBase>;

function checkCoupon(value: Partial<CouponFields>, ctx: z.RefinementCtx, creating: boolean) {
  const hasPercent = value.percent_off != null;
  const hasAmount = value.amount_off != null;
  if (creating && hasPercent === hasAmount) {
    ctx.addIssue({ code: "custom", path: ["percent_off"], message: "billing:validation.couponOneDiscount" });
  }
  if (!creating && hasPercent && hasAmount) {
    ctx.addIssue({ code: "custom", path: ["percent_off"], message: "billing:validation.couponOneDiscount" });
  }
  if (value.duration === "repeating" && value.duration_in_months == null) {
    ctx.addIssue({ code: "custom", path: ["duration_in_months"], message: "billing:validation.couponMonths" });
  }
}

/** A date alone means "until the end of that day" (UTC); an instant is taken as is. */
export function parseExpiry(value: string | null | undefined): Date | null {
  if (!value) return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(`${value}T23:59:59.999Z`);
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? new Date(Number.NaN) : date;
}

export const createCouponSchema = couponBase
  .extend({
    id: z
      .string()
      .transform(normalizeCouponCode)
      .pipe(z.string().regex(COUPON_CODE, "billing:validation.couponCode")),
  })
  .superRefine((value, ctx) => checkCoupon(value, ctx, true));

/** Edits: name, expiry, limit and active only change what the next redemptions see. */
export const updateCouponSchema = couponBase
  .pick({ name: true, expires_at: true, max_redemptions: true, active: true })
  .partial()
  .superRefine((value, ctx) => checkCoupon(value, ctx, false));

export type CreateCouponInput = z.infer<typeof createCouponSchema>;
export type UpdateCouponInput = z.infer<typeof updateCouponSchema>;
