import { eq } from "drizzle-orm";
import { forecastNights } from "#domain/forecast/forecast.ts";
import { businessToday } from "#api/services/pricing/calendar.ts";
import { fromDayNumber, toDayNumber } from "#domain/pricing/dates.ts";
import type { Database } from "#api/db/client.ts";
import { businesses, forecastNightsTable } from "#api/db/schema/index.ts";
import { loadForecastInputs } from "./input.ts";

/** The nights stored ahead of the forecast day (the revenue brain's horizon). */
export const STORED_NIGHTS = 365;
/** Rows per INSERT statement. */
const CHUNK = 1_000;

/**
 * Computes the forecast of every room category for the STORED_NIGHTS nights from the business's
 * today at `now` (domain/forecast, the method chosen per horizon) and stores it, replacing the last
 * one (ADR 0054). About half a second of CPU for ten categories; run daily and after a seed or an
 * import, never on a booking.
 */
export async function refreshForecastNights(db: Database, businessId: string, now: Date): Promise<number> {
  const [business] = await db.select({ id: businesses.id, timezone: businesses.timezone }).from(businesses).where(eq(businesses.id, businessId));
  if (!business) return 0;
  const today = businessToday(now, business.timezone);
  const t = toDayNumber(today);
  const inputs = await loadForecastInputs(db, business);
  const leads = Array.from({ length: STORED_NIGHTS }, (_, i) => i);
  const rows = inputs.perCategory.flatMap((input) =>
    forecastNights(t, input, { leads }).nights.map((n) => ({
      businessId,
      categoryId: input.id,
      night: fromDayNumber(n.night),
      asOf: today,
      unconstrained: n.unconstrained,
      low: n.low,
      high: n.high,
    })),
  );
  await db.transaction(async (tx) => {
    await tx.delete(forecastNightsTable).where(eq(forecastNightsTable.businessId, businessId));
    for (let i = 0; i < rows.length; i += CHUNK) await tx.insert(forecastNightsTable).values(rows.slice(i, i + CHUNK));
  });
  return rows.length;
}
