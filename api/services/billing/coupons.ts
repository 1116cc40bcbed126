import { asc, desc, eq } from "drizzle-orm";
import { couponProblem, normalizeCouponCode } from "#domain/billing/coupons.ts";
import { parseExpiry, type CreateCouponInput, type UpdateCouponInput } from "#domain/schemas/billing.ts";
import type { Database } from "#api/db/client.ts";
import { coupons, type CouponRow } from "#api/db/schema/index.ts";
import type { AdminCouponJson } from "#contract/coupons.ts";
import { conflict, invalid, notFound } from "#api/errors.ts";

/** Coupons as administrators manage them (/admin/coupons, issue 7). */

export type { AdminCouponJson };

export function adminCouponJson(row: CouponRow, now: Date): AdminCouponJson {
  return {
    id: row.id,
    name: row.name,
    percent_off: row.percentOff,
    amount_off: row.amountOffCents,
    currency: row.currency,
    duration: row.duration,
    duration_in_months: row.durationInMonths,
    expires_at: row.expiresAt?.toISOString() ?? null,
    max_redemptions: row.maxRedemptions,
    times_redeemed: row.timesRedeemed,
    active: row.active,
    problem: couponProblem(row, now),
    created_at: row.createdAt.toISOString(),
  };
}

export async function listCoupons(db: Database): Promise<CouponRow[]> {
  return db.select().from(coupons).orderBy(desc(coupons.active), asc(coupons.createdAt));
}

export async function findCoupon(db: Database, code: string): Promise<CouponRow> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, normalizeCouponCode(code)));
  if (!row) throw notFound("billing.couponNotFound");
  return row;
}

export async function createCoupon(db: Database, input: CreateCouponInput, now: Date): Promise<CouponRow> {
  const [existing] = await db.select({ id: coupons.id }).from(coupons).where(eq(coupons.id, input.id));
  if (existing) throw invalid({ id: ["billing.couponExists"] }, "billing.couponExists");
  const [row] = await db
    .insert(coupons)
    .values({
      id: input.id,
      name: input.name,
      percentOff: input.percent_off ?? null,
      amountOffCents: input.percent_off != null ? null : (input.amount_off ?? null),
      duration: input.duration,
      durationInMonths: input.duration === "repeating" ? (input.duration_in_months ?? null) : null,
      expiresAt: parseExpiry(input.expires_at),
      maxRedemptions: input.max_redemptions ?? null,
      active: input.active ?? true,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row;
}

/** Only what affects future redemptions can change; the discount itself is fixed once created. */
export async function updateCoupon(db: Database, code: string, input: UpdateCouponInput, now: Date): Promise<CouponRow> {
  const coupon = await findCoupon(db, code);
  if (input.max_redemptions != null && input.max_redemptions < coupon.timesRedeemed) {
    throw invalid({ max_redemptions: ["billing.couponLimitBelowUse"] }, "billing.couponLimitBelowUse");
  }
  const [row] = await db
    .update(coupons)
    .set({
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.expires_at !== undefined ? { expiresAt: parseExpiry(input.expires_at) } : {}),
      ...(input.max_redemptions !== undefined ? { maxRedemptions: input.max_redemptions } : {}),
      ...(input.active !== undefined ? { active: input.active } : {}),
      updatedAt: now,
    })
    .where(eq(coupons.id, coupon.id))
    .returning();
  return row;
}

/** DELETE deactivates: redemptions and subscriptions keep pointing at the coupon. */
export async function deactivateCoupon(db: Database, code: string, now: Date): Promise<CouponRow> {
  const coupon = await findCoupon(db, code);
  if (!coupon.active) throw conflict("billing.couponAlreadyInactive");
  const [row] = await db.update(coupons).set({ active: false, updatedAt: now }).where(eq(coupons.id, coupon.id)).returning();
  return row;
}
