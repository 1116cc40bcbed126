import { sql } from "drizzle-orm";
import type { Database } from "#api/db/client.ts";
import { brainRecommendations } from "#api/db/schema/index.ts";

/**
 * Writes recommendations, 500 rows a statement: a night and field already recommended gets the new
 * value, status, reasons and decision (prices and stay rules share the table and this write).
 */
export async function upsertRecommendations(tx: Database, rows: readonly (typeof brainRecommendations.$inferInsert)[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await tx
      .insert(brainRecommendations)
      .values(rows.slice(i, i + 500))
      .onConflictDoUpdate({
        target: [brainRecommendations.roomCategoryId, brainRecommendations.night, brainRecommendations.field],
        set: {
          current: sql`excluded.current`,
          value: sql`excluded.value`,
          status: sql`excluded.status`,
          reasons: sql`excluded.reasons`,
          effect: sql`excluded.effect`,
          computedAt: sql`excluded.computed_at`,
          decidedAt: sql`excluded.decided_at`,
          decidedBy: sql`excluded.decided_by`,
        },
      });
  }
}
