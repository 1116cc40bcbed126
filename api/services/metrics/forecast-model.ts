import { eq } from "drizzle-orm";
import { daysBetween } from "#domain/pricing/dates.ts";
import type { Database } from "#api/db/client.ts";
import { forecastModels } from "#api/db/schema/index.ts";
import { accuracyOf, categoryHistory, loadHistory, type Accuracy, type History } from "./forecast.ts";
import { roomsAndBlocks, type CategoryRooms } from "./on-the-books.ts";

/**
 * The pickup methods' backtest per night, stored (ADR 0030, docs/metrics-pace-and-forecast.md):
 * the daily command `forecast.refresh` backtests the additive and multiplicative pickup on the
 * last year, for the hotel and each category, and GET /tracking/forecast/accuracy reads it. The
 * forecast itself and its scorecard are domain/forecast's (api/services/forecast/, docs/forecast.md);
 * without a model for the day the read computes the backtest on the spot.
 */

/** A model serves the day it was learnt on and the next two (a missed nightly run changes nothing). */
export const MODEL_VALID_DAYS = 2;

export interface StoredModel {
  version: 2;
  /** The business day (ISO) it was learnt on. */
  asOf: string;
  /** Room category ids the model knows (in any order); another set makes it unusable. */
  categories: string[];
  /** Backtest of the whole hotel ("all") and of each category alone. */
  accuracy: Record<string, Accuracy>;
}

/** The scopes a read can ask for: the hotel, and each category alone (its history may start later). */
function scopes(history: History): { key: string; history: History }[] {
  return [{ key: "all", history }, ...history.categories.map((c) => ({ key: c.id, history: categoryHistory(history, c.id) }))];
}

/** Learns the model from the business's history as of `today` (the expensive part). */
export function learnModel(history: History, today: string): StoredModel {
  const accuracy: Record<string, Accuracy> = {};
  for (const scope of scopes(history)) accuracy[scope.key] = accuracyOf(scope.history, today);
  return { version: 2, asOf: today, categories: history.categories.map((c) => c.id), accuracy };
}

/** The daily refresh: learns the business's model as of its `today` and stores it (replacing the last). */
export async function refreshForecastModel(db: Database, business: { id: string; timezone: string }, today: string, now: Date): Promise<StoredModel> {
  const model = learnModel(await loadHistory(db, business, today), today);
  await db
    .insert(forecastModels)
    .values({ businessId: business.id, asOf: today, computedAt: now, model })
    .onConflictDoUpdate({ target: forecastModels.businessId, set: { asOf: today, computedAt: now, model } });
  return model;
}

/** What the accuracy route reads: computed on the spot, or from the stored model. */
export interface ForecastSource {
  source: "stored" | "computed";
  categories: CategoryRooms[];
  accuracy(categoryId: string | null): Accuracy;
}

/** The stored model when it can serve `today` for the business's present categories, else null. */
async function usableModel(db: Database, businessId: string, today: string, categories: CategoryRooms[]): Promise<StoredModel | null> {
  const [row] = await db.select({ model: forecastModels.model }).from(forecastModels).where(eq(forecastModels.businessId, businessId));
  const model = row?.model as StoredModel | undefined;
  if (!model || model.version !== 2 || daysBetween(model.asOf, today) < 0 || daysBetween(model.asOf, today) > MODEL_VALID_DAYS) return null;
  const known = new Set(model.categories);
  if (known.size !== categories.length || categories.some((c) => !known.has(c.id))) return null;
  return model;
}

/**
 * The pickup backtest of a business as of `today`: from its stored model when one serves today
 * (`source: "stored"`), else computed from the whole history (`"computed"`). Both give the same
 * numbers for the same books (tests/api/forecast-model.test.ts).
 */
export async function openForecast(db: Database, business: { id: string; timezone: string }, today: string): Promise<ForecastSource> {
  const { categories } = await roomsAndBlocks(db, { businessId: business.id, timezone: business.timezone, from: today, to: today });
  const model = await usableModel(db, business.id, today, categories);
  if (model) return { source: "stored", categories, accuracy: (categoryId) => model.accuracy[categoryId ?? "all"] };
  const all = await loadHistory(db, business, today);
  return { source: "computed", categories: all.categories, accuracy: (categoryId) => accuracyOf(categoryId ? categoryHistory(all, categoryId) : all, today) };
}
