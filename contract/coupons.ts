import { z } from "zod";
import { COUPON_DURATIONS } from "#domain/billing/terms.ts";
import { currency, timestamp } from "./primitives.ts";

/** A coupon as administrators see it (GET/POST/PUT/DELETE /admin/coupons…): doc({ response }), ADR 0022. */
export const adminCouponAnswer = z
  .object({
    /** The code, upper case. */
    id: z.string(),
    name: z.string(),
    percent_off: z.number().nullable(),
    /** Cents. */
    amount_off: z.int().nullable(),
    currency,
    duration: z.enum(COUPON_DURATIONS),
    duration_in_months: z.int().nullable(),
    expires_at: timestamp.nullable(),
    max_redemptions: z.int().nullable(),
    times_redeemed: z.int().min(0),
    active: z.boolean(),
    /** Null when it can be redeemed now. */
    problem: z.enum(["inactive", "expired", "exhausted"]).nullable(),
    created_at: timestamp,
  })
  .strict();
export type AdminCouponJson = z.infer<typeof adminCouponAnswer>;

/** A write answers the coupon and a translated confirmation. */
export const adminCouponWritten = z.object({ data: adminCouponAnswer, message: z.string() }).strict();
