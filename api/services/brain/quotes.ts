/**
 * The booking engine's quotes (ADR 0064): what `/p/{slug}` showed would-be guests, against the
 * market's price of the same nights, and which were booked; the brain's price response is learnt
 * from them (domain/brain/response.ts).
 */
import { and, desc, eq, gte, isNull, sql } from "drizzle-orm";
import { fitResponse, MIN_QUOTES, type ResponseFit } from "#domain/brain/response.ts";
import { responseFromQuotes } from "#domain/brain/what-if.ts";
import { addDays, compilePricing, daysBetween, type PricingConfig } from "#domain/pricing/index.ts";
import type { Database } from "#api/db/client.ts";
import { engineQuotes, priceResponses } from "#api/db/schema/index.ts";
import { marketOf } from "#api/services/competitors/medians.ts";

/** Quotes older than this are not learnt from: the guests' answer to price is the last year's. */
const RESPONSE_DAYS = 365;
/** A booking is the outcome of the same stay's quote shown within the last day. */
const BOOKED_WITHIN_MS = 86_400_000;

export interface QuotedStay {
  categoryId: string;
  /** The lowest total shown for the stay in the category, cents. */
  total: number;
}

/**
 * The market's price of `arrival..departure` for each category: the competitors' median of each
 * night scaled by the category's price against the first category's under the owner's rules (the
 * revenue brain compares them the same way, signals.ts); null when a night has no competitor rate.
 */
function marketTotals(config: PricingConfig, medians: Map<string, number>, stay: { arrival: string; departure: string; today: string }, categoryIds: readonly string[]): Map<string, number | null> {
  const reference = config.room_categories[0]?.uuid;
  const out = new Map<string, number | null>(categoryIds.map((id) => [id, 0]));
  if (!reference) return new Map(categoryIds.map((id) => [id, null]));
  const rates = compilePricing(config).calendar({ from: stay.arrival, to: addDays(stay.departure, -1), today: stay.today, categoryIds: [...new Set([reference, ...categoryIds])] });
  const referenceRate = new Map(rates.filter((r) => r.categoryId === reference).map((r) => [r.date, r.rate]));
  for (const rate of rates) {
    if (!out.has(rate.categoryId)) continue;
    const median = medians.get(rate.date);
    const ref = referenceRate.get(rate.date);
    const sum = out.get(rate.categoryId);
    out.set(rate.categoryId, sum != null && median && ref ? sum + (median * rate.rate) / ref : null);
  }
  return out;
}

/** Writes one quote per category shown for the stay. */
export async function recordQuotes(db: Database, q: { businessId: string; config: PricingConfig; arrival: string; departure: string; today: string; now: Date; stays: readonly QuotedStay[] }): Promise<void> {
  const stays = q.stays.filter((s) => s.total > 0);
  if (stays.length === 0) return;
  const medians = await marketOf(db, q.businessId, q.arrival, addDays(q.departure, -1));
  const markets = marketTotals(q.config, medians, q, stays.map((s) => s.categoryId));
  const nights = daysBetween(q.arrival, q.departure);
  await db.insert(engineQuotes).values(
    stays.map((s) => {
      const market = markets.get(s.categoryId);
      return { businessId: q.businessId, categoryId: s.categoryId, arrival: q.arrival, nights, price: s.total, market: market ? Math.round(market) : null, quotedAt: q.now };
    }),
  );
}

/** The guest booked a stay from the engine: its latest quote of the last day is marked booked. */
export async function markQuoteBooked(db: Database, q: { businessId: string; categoryId: string; arrival: string; departure: string; now: Date }): Promise<void> {
  const nights = daysBetween(q.arrival, q.departure);
  const [latest] = await db
    .select({ id: engineQuotes.id })
    .from(engineQuotes)
    .where(
      and(
        eq(engineQuotes.businessId, q.businessId),
        eq(engineQuotes.categoryId, q.categoryId),
        eq(engineQuotes.arrival, q.arrival),
        eq(engineQuotes.nights, nights),
        isNull(engineQuotes.bookedAt),
        gte(engineQuotes.quotedAt, new Date(q.now.getTime() - BOOKED_WITHIN_MS)),
      ),
    )
    .orderBy(desc(engineQuotes.quotedAt))
    .limit(1);
  if (latest) await db.update(engineQuotes).set({ bookedAt: q.now }).where(eq(engineQuotes.id, latest.id));
}

/** The price response learnt from the business's quotes of the last year with a market price; null while they teach nothing. */
async function responseOf(db: Database, businessId: string, now: Date): Promise<ResponseFit | null> {
  const since = new Date(now.getTime() - RESPONSE_DAYS * 86_400_000);
  const rows = await db
    .select({ price: engineQuotes.price, market: engineQuotes.market, booked: sql<boolean>`${engineQuotes.bookedAt} is not null` })
    .from(engineQuotes)
    .where(and(eq(engineQuotes.businessId, businessId), gte(engineQuotes.quotedAt, since), sql`${engineQuotes.market} is not null`));
  return fitResponse(rows.map((r) => ({ x: Math.log(r.price / r.market!), booked: Boolean(r.booked) })));
}

/**
 * The day's price response of the business: fitted by the first recomputation of its day `today`
 * and kept in `price_responses`, read by the others (ADR 0064).
 */
export async function currentResponse(db: Database, businessId: string, today: string, now: Date): Promise<ResponseFit | null> {
  const [kept] = await db.select().from(priceResponses).where(eq(priceResponses.businessId, businessId));
  if (kept?.asOf === today) return kept.fit ?? null;
  const fit = await responseOf(db, businessId, now);
  await db
    .insert(priceResponses)
    .values({ businessId, asOf: today, fit })
    .onConflictDoUpdate({ target: priceResponses.businessId, set: { asOf: today, fit } });
  return fit;
}

/**
 * What the owner is told about the guests' answer to price: the quotes of the last year that can
 * teach it (with a market price), how many are needed, and the elasticity the day's fit shows,
 * if there is one.
 */
export async function guestsAnswer(db: Database, businessId: string, now: Date): Promise<{ quotes: number; needed: number; elasticity: number | null }> {
  const since = new Date(now.getTime() - RESPONSE_DAYS * 86_400_000);
  const [[counted], [kept]] = await Promise.all([
    db
      .select({ quotes: sql<number>`count(*)::int` })
      .from(engineQuotes)
      .where(and(eq(engineQuotes.businessId, businessId), gte(engineQuotes.quotedAt, since), sql`${engineQuotes.market} is not null`)),
    db.select({ fit: priceResponses.fit }).from(priceResponses).where(eq(priceResponses.businessId, businessId)),
  ]);
  return { quotes: Number(counted?.quotes ?? 0), needed: MIN_QUOTES, elasticity: kept?.fit ? responseFromQuotes(kept.fit).elasticity : null };
}
