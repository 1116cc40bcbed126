import { and, between, eq, sql } from "drizzle-orm";
import type { GoalsBody } from "#domain/schemas/metrics.ts";
import type { Database } from "#api/db/client.ts";
import { businessGoals } from "#api/db/schema/index.ts";

export interface GoalJson {
  month: string;
  revenue: number | null;
  /** Percent, 0–100. */
  occupancy: number | null;
  adr: number | null;
}

/** The goals of the months `fromMonth`..`toMonth` (YYYY-MM), by month; months without goals are left out. */
export async function goalsBetween(db: Database, businessId: string, fromMonth: string, toMonth: string): Promise<Map<string, GoalJson>> {
  const rows = await db
    .select()
    .from(businessGoals)
    .where(and(eq(businessGoals.businessId, businessId), between(businessGoals.month, `${fromMonth}-01`, `${toMonth}-01`)));
  return new Map(rows.map((r) => [r.month.slice(0, 7), { month: r.month.slice(0, 7), revenue: r.revenue, occupancy: r.occupancy === null ? null : Number(r.occupancy), adr: r.adr }]));
}

/** Writes the months given in one statement (all or nothing); a month with every goal blank is removed. */
export async function saveGoals(db: Database, businessId: string, body: GoalsBody, userId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const keep = body.months.filter((m) => m.revenue !== null || m.occupancy !== null || m.adr !== null);
    const clear = body.months.filter((m) => !keep.includes(m));
    if (clear.length) {
      await tx.delete(businessGoals).where(and(eq(businessGoals.businessId, businessId), sql`${businessGoals.month} in (${sql.join(clear.map((m) => sql`${`${m.month}-01`}::date`), sql`, `)})`));
    }
    if (keep.length) {
      await tx
        .insert(businessGoals)
        .values(keep.map((m) => ({ businessId, month: `${m.month}-01`, revenue: m.revenue, occupancy: m.occupancy, adr: m.adr, updatedBy: userId, updatedAt: now })))
        .onConflictDoUpdate({
          target: [businessGoals.businessId, businessGoals.month],
          set: { revenue: sql`excluded.revenue`, occupancy: sql`excluded.occupancy`, adr: sql`excluded.adr`, updatedBy: sql`excluded.updated_by`, updatedAt: sql`excluded.updated_at` },
        });
    }
  });
}
