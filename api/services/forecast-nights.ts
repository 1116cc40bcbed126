import { and, eq, gte, lte } from "drizzle-orm";
import { addDays } from "#domain/pricing/dates.ts";
import type { Database } from "#api/db/client.ts";
import { forecastNightsTable } from "#api/db/schema/index.ts";

/**
 * Reading the stored forecast of the year ahead (ADR 0054; `forecast/stored-nights.ts` writes it
 * daily). Its own module below the services that read it — the revenue brain's demand and the stay
 * rules' occupancy relaxation — so that they need not depend on how it is computed.
 */
export interface StoredNight {
  unconstrained: number;
  low: number | null;
  high: number | null;
}

/**
 * The stored forecast of the nights `from`…`to`, by `categoryId:night`, when it was computed on
 * `today` or the day before (the daily run's); older or missing: an empty map, and the brain falls
 * back on the booking curves.
 */
export async function freshForecastNights(db: Database, businessId: string, today: string, from: string, to: string): Promise<Map<string, StoredNight>> {
  const rows = await db
    .select()
    .from(forecastNightsTable)
    .where(and(eq(forecastNightsTable.businessId, businessId), gte(forecastNightsTable.night, from), lte(forecastNightsTable.night, to), gte(forecastNightsTable.asOf, addDays(today, -1))));
  return new Map(rows.map((r) => [`${r.categoryId}:${r.night}`, { unconstrained: r.unconstrained, low: r.low, high: r.high }]));
}
