import { and, asc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import type { CompetitorInput, RateBatch } from "#domain/schemas/competitors.ts";
import type { Database } from "#api/db/client.ts";
import { competitorRates, competitors } from "#api/db/schema/index.ts";
import type { CompetitorJson } from "#contract/competitors.ts";

export type CompetitorRow = typeof competitors.$inferSelect;

/** A competitor as the API answers it (wire names in snake_case). */
export function competitorJson(c: CompetitorRow): CompetitorJson {
  return {
    uuid: c.id,
    name: c.name,
    url: c.url,
    stars: c.stars,
    distance_km: c.distanceKm === null ? null : Number(c.distanceKm),
    room_label: c.roomLabel,
    notes: c.notes,
    active: c.active,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
  };
}
export type { CompetitorJson };

/** The business's competitive set, active first, then by name. */
export function competitorsOf(db: Database, businessId: string): Promise<CompetitorRow[]> {
  return db
    .select()
    .from(competitors)
    .where(eq(competitors.businessId, businessId))
    .orderBy(sql`${competitors.active} desc`, sql`lower(${competitors.name})`);
}

/** One competitor of the business, or undefined (another business's competitor is not found either). */
export async function competitorOf(db: Database, businessId: string, id: string): Promise<CompetitorRow | undefined> {
  const [row] = await db
    .select()
    .from(competitors)
    .where(and(eq(competitors.businessId, businessId), eq(competitors.id, id)));
  return row;
}

/** Whether another competitor of the business already has this name (case-insensitive). */
export async function nameTaken(db: Database, businessId: string, name: string, exceptId?: string): Promise<boolean> {
  const rows = await db
    .select({ id: competitors.id })
    .from(competitors)
    .where(and(eq(competitors.businessId, businessId), sql`lower(${competitors.name}) = lower(${name})`));
  return rows.some((r) => r.id !== exceptId);
}

export function competitorValues(input: CompetitorInput) {
  return {
    name: input.name,
    url: input.url,
    stars: input.stars,
    distanceKm: input.distance_km === null ? null : String(input.distance_km),
    roomLabel: input.room_label,
    notes: input.notes,
    active: input.active,
  };
}

export interface RateObservation {
  competitorId: string;
  date: string;
  rate: number | null;
  source: string;
  capturedAt: Date;
}

/** Every recorded observation of the business's competitors for nights `from`..`to`. */
export async function ratesBetween(db: Database, businessId: string, from: string, to: string): Promise<RateObservation[]> {
  return db
    .select({ competitorId: competitorRates.competitorId, date: competitorRates.stayDate, rate: competitorRates.rate, source: competitorRates.source, capturedAt: competitorRates.capturedAt })
    .from(competitorRates)
    .where(and(eq(competitorRates.businessId, businessId), gte(competitorRates.stayDate, from), lte(competitorRates.stayDate, to)))
    .orderBy(asc(competitorRates.stayDate));
}

/**
 * Writes observations (the latest wins: one row per competitor and night) and forgets the ones
 * marked `clear`. The caller runs it in a transaction and has checked the competitors.
 */
export async function writeRates(
  tx: Database,
  businessId: string,
  rates: RateBatch["rates"],
  options: { source: "manual" | "csv" | "seed"; userId: string | null; at: Date },
): Promise<{ saved: number; cleared: number }> {
  // The last entry for a competitor and night wins, as it would typed twice.
  const latest = new Map<string, RateBatch["rates"][number]>();
  for (const r of rates) latest.set(`${r.competitor_id.toLowerCase()}|${r.date}`, r);
  const entries = [...latest.values()];
  const clears = entries.filter((r) => r.clear);
  const writes = entries.filter((r) => !r.clear);
  for (const r of clears) {
    await tx.delete(competitorRates).where(and(eq(competitorRates.competitorId, r.competitor_id.toLowerCase()), eq(competitorRates.stayDate, r.date)));
  }
  for (let i = 0; i < writes.length; i += 500) {
    await tx
      .insert(competitorRates)
      .values(
        writes.slice(i, i + 500).map((r) => ({
          competitorId: r.competitor_id.toLowerCase(),
          businessId,
          stayDate: r.date,
          rate: r.rate,
          source: options.source,
          capturedAt: options.at,
          capturedBy: options.userId,
        })),
      )
      .onConflictDoUpdate({
        target: [competitorRates.competitorId, competitorRates.stayDate],
        set: { rate: sql`excluded.rate`, source: sql`excluded.source`, capturedAt: sql`excluded.captured_at`, capturedBy: sql`excluded.captured_by` },
      });
  }
  return { saved: writes.length, cleared: clears.length };
}

/** The ids among `ids` that are not competitors of the business. */
export async function foreignCompetitorIds(db: Database, businessId: string, ids: string[]): Promise<Set<string>> {
  const wanted = [...new Set(ids.map((id) => id.toLowerCase()))];
  if (!wanted.length) return new Set();
  const found = await db
    .select({ id: competitors.id })
    .from(competitors)
    .where(and(eq(competitors.businessId, businessId), inArray(competitors.id, wanted)));
  const known = new Set(found.map((f) => f.id));
  return new Set(wanted.filter((id) => !known.has(id)));
}
