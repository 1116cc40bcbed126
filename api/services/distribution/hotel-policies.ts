import { eq } from "drizzle-orm";
import type { HotelPoliciesInput } from "#domain/schemas/distribution.ts";
import type { Database } from "#api/db/client.ts";
import { hotelPolicies } from "#api/db/schema/index.ts";
import type { HotelPoliciesJson } from "#contract/distribution.ts";

export type HotelPolicies = Omit<typeof hotelPolicies.$inferSelect, "updatedAt"> & { updatedAt: Date | null };

/** The business's house rules; the column defaults when the owner never saved them. */
export async function hotelPoliciesOf(db: Database, businessId: string): Promise<HotelPolicies> {
  const [row] = await db.select().from(hotelPolicies).where(eq(hotelPolicies.businessId, businessId));
  if (row) return row;
  return {
    businessId,
    checkInFrom: "14:00",
    checkInUntil: null,
    checkOutUntil: "12:00",
    freeCancellationDays: null,
    cancellationPolicy: null,
    noShowPolicy: null,
    guarantee: "none",
    depositPercent: 0,
    childrenAllowed: true,
    childrenPolicy: null,
    petsAllowed: false,
    petsPolicy: null,
    updatedAt: null,
  };
}

export function hotelPoliciesJson(p: HotelPolicies): HotelPoliciesJson {
  return {
    check_in_from: p.checkInFrom,
    check_in_until: p.checkInUntil,
    check_out_until: p.checkOutUntil,
    free_cancellation_days: p.freeCancellationDays,
    cancellation_policy: p.cancellationPolicy,
    no_show_policy: p.noShowPolicy,
    guarantee: p.guarantee,
    deposit_percent: Number(p.depositPercent),
    children_allowed: p.childrenAllowed,
    children_policy: p.childrenPolicy,
    pets_allowed: p.petsAllowed,
    pets_policy: p.petsPolicy,
    updated_at: p.updatedAt ? p.updatedAt.toISOString() : null,
  };
}
export type { HotelPoliciesJson };

/** Saves the whole set of house rules (insert or replace). */
export async function saveHotelPolicies(db: Database, businessId: string, input: HotelPoliciesInput, now: Date): Promise<void> {
  const values = {
    checkInFrom: input.check_in_from,
    checkInUntil: input.check_in_until,
    checkOutUntil: input.check_out_until,
    freeCancellationDays: input.free_cancellation_days ?? null,
    cancellationPolicy: input.cancellation_policy,
    noShowPolicy: input.no_show_policy,
    guarantee: input.guarantee,
    depositPercent: input.guarantee === "deposit" ? input.deposit_percent : 0,
    childrenAllowed: input.children_allowed,
    childrenPolicy: input.children_policy,
    petsAllowed: input.pets_allowed,
    petsPolicy: input.pets_policy,
    updatedAt: now,
  };
  await db.insert(hotelPolicies).values({ businessId, ...values }).onConflictDoUpdate({ target: hotelPolicies.businessId, set: values });
}
