import { randomBytes } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { reservationCode } from "#domain/bookings/code.ts";
import type { Database } from "#api/db/client.ts";
import { reservations } from "#api/db/schema/index.ts";

/**
 * `count` reservation codes no reservation of the business has, all different. A code has 31⁶
 * (~887 million) values: among the tens of thousands of stays an import or the real demo hotel
 * writes at once, two random ones meet more often than not, so each batch is checked against
 * itself and the business's codes and redrawn where taken (the unique index stays the last word).
 */
export async function newCodes(tx: Database, businessId: string, count: number): Promise<string[]> {
  const codes: string[] = [];
  const chosen = new Set<string>();
  while (codes.length < count) {
    const drawn = [...new Set(Array.from({ length: count - codes.length }, () => reservationCode(randomBytes(8))))].filter((c) => !chosen.has(c));
    const taken = new Set<string>();
    for (let i = 0; i < drawn.length; i += 5_000) {
      const rows = await tx
        .select({ code: reservations.code })
        .from(reservations)
        .where(and(eq(reservations.businessId, businessId), inArray(reservations.code, drawn.slice(i, i + 5_000))));
      for (const r of rows) taken.add(r.code);
    }
    for (const code of drawn) {
      if (taken.has(code)) continue;
      chosen.add(code);
      codes.push(code);
    }
  }
  return codes;
}

/** One new reservation code for the business. */
export async function newCode(tx: Database, businessId: string): Promise<string> {
  return (await newCodes(tx, businessId, 1))[0]!;
}
