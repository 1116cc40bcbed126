import { eq } from "drizzle-orm";
import { forecastFrom, referencePickup, type NightForecast, type PickupMethod, type ReferencePickup } from "#domain/metrics/forecast.ts";
import { MAX_LEAD_DAYS, onTheBooks, type BookingEvent } from "#domain/metrics/pace.ts";
import { fromDayNumber, toDayNumber } from "#domain/pricing/dates.ts";
import type { Database } from "#api/db/client.ts";
import { forecastModels } from "#api/db/schema/index.ts";
import { accuracyOf, categoryHistory, forecastNights, loadHistory, type Accuracy, type History } from "./forecast.ts";
import { bookingEvents, roomsAndBlocks, roomsAvailable, type CategoryRooms } from "./on-the-books.ts";

/**
 * The forecast with its learnt part stored (ADR 0030, docs/metrics-pace-and-forecast.md): the
 * daily command `forecast.refresh` runs the backtest and sums, for every future night, what its
 * reference nights sold in the end and at the same lead (`ReferencePickup`); a read then adds
 * only what is on the books now and the rooms available, both read live, so a booking made a
 * minute ago moves the forecast at once. Without a model for the day (none yet, a category
 * added since, or older than MODEL_VALID_DAYS) the read computes everything, as before.
 */

/** A model serves the day it was learnt on and the next two (a missed nightly run changes nothing). */
export const MODEL_VALID_DAYS = 2;

/** Reference pickup as stored: [reference nights, final rooms, final revenue, rooms at lead, revenue at lead]. */
type PackedPickup = [number, number, number, number, number];

export interface StoredModel {
  version: 1;
  /** Room category ids the model knows (in any order); another set makes it unusable. */
  categories: string[];
  /** Backtest of the whole hotel ("all") and of each category alone. */
  accuracy: Record<string, Accuracy>;
  /**
   * Per as-of day (ISO), per scope ("all", or a category whose history starts later than the
   * hotel's), per category: the reference pickup of the nights as-of … as-of + MAX_LEAD_DAYS.
   */
  pickup: Record<string, Record<string, Record<string, PackedPickup[]>>>;
}

const pack = (p: ReferencePickup): PackedPickup => [p.referenceNights, p.finalRooms, p.finalRevenue, p.leadRooms, p.leadRevenue];
const unpack = (p: PackedPickup): ReferencePickup => ({ referenceNights: p[0], finalRooms: p[1], finalRevenue: p[2], leadRooms: p[3], leadRevenue: p[4] });

/** The scopes a read can ask for: the hotel, and each category alone (its history may start later). */
function scopes(history: History): { key: string; history: History }[] {
  return [{ key: "all", history }, ...history.categories.map((c) => ({ key: c.id, history: categoryHistory(history, c.id) }))];
}

/** Learns the model from the business's history as of `today` (the expensive part of the forecast). */
export function learnModel(history: History, today: string): StoredModel {
  const accuracy: Record<string, Accuracy> = {};
  const pickup: StoredModel["pickup"] = {};
  const t = toDayNumber(today);
  for (const scope of scopes(history)) accuracy[scope.key] = accuracyOf(scope.history, today);
  for (let asOf = t; asOf <= t + MODEL_VALID_DAYS; asOf++) {
    const day: Record<string, Record<string, PackedPickup[]>> = {};
    for (const scope of scopes(history)) {
      // A category whose history starts with the hotel's reads the hotel's figures.
      if (scope.key !== "all" && scope.history.firstNight === history.firstNight) continue;
      const byCategory: Record<string, PackedPickup[]> = {};
      for (const h of scope.history.histories) {
        byCategory[h.id] = Array.from({ length: MAX_LEAD_DAYS + 1 }, (_, i) => pack(referencePickup(h, asOf + i, asOf, scope.history.firstNight)));
      }
      day[scope.key] = byCategory;
    }
    pickup[fromDayNumber(asOf)] = day;
  }
  return { version: 1, categories: history.categories.map((c) => c.id), accuracy, pickup };
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

export type NightsForecast = { night: string; categories: (NightForecast & { categoryId: string })[] }[];

/** What the forecast routes read: computed on the spot, or from the stored model and the live books. */
export interface ForecastSource {
  source: "stored" | "computed";
  categories: CategoryRooms[];
  accuracy(categoryId: string | null): Accuracy;
  nights(categoryId: string | null, from: string, to: string, method: PickupMethod): Promise<NightsForecast>;
}

/** The stored model when it can serve `today` for the business's present categories, else null. */
async function usableModel(db: Database, businessId: string, today: string, categories: CategoryRooms[]): Promise<StoredModel | null> {
  const [row] = await db.select({ model: forecastModels.model }).from(forecastModels).where(eq(forecastModels.businessId, businessId));
  const model = row?.model as StoredModel | undefined;
  if (!model || model.version !== 1 || !model.pickup[today]) return null;
  const known = new Set(model.categories);
  if (known.size !== categories.length || categories.some((c) => !known.has(c.id))) return null;
  return model;
}

/**
 * The forecast of a business as of `today`: from its stored model when one serves today
 * (`source: "stored"`), else computed from the whole history (`"computed"`). Both give the same
 * numbers for the same books (tests/api/forecast-model.test.ts).
 */
export async function openForecast(db: Database, business: { id: string; timezone: string }, today: string): Promise<ForecastSource> {
  const t = toDayNumber(today);
  const { categories } = await roomsAndBlocks(db, { businessId: business.id, timezone: business.timezone, from: today, to: today });
  const model = await usableModel(db, business.id, today, categories);
  if (!model) return computedForecast(await loadHistory(db, business, today), today);
  const day = model.pickup[today];
  return {
    source: "stored",
    categories,
    accuracy: (categoryId) => model.accuracy[categoryId ?? "all"],
    async nights(categoryId, from, to, method) {
      const f = toDayNumber(from);
      const l = toDayNumber(to);
      if (f < t || l > t + MAX_LEAD_DAYS) return computedForecast(await loadHistory(db, business, today), today).nights(categoryId, from, to, method);
      const scope = { businessId: business.id, timezone: business.timezone, from, to, categoryId: categoryId ?? undefined };
      const [events, rooms] = await Promise.all([bookingEvents(db, scope), roomsAndBlocks(db, scope)]);
      const byKey = new Map<string, BookingEvent[]>();
      for (const e of events) {
        const key = `${e.categoryId}:${e.night}`;
        const list = byKey.get(key);
        if (list) list.push(e);
        else byKey.set(key, [e]);
      }
      const wanted = categoryId ? categories.filter((c) => c.id === categoryId) : categories;
      const pickupOf = (id: string) => (day[categoryId ?? "all"] ?? day.all)[id];
      const out: NightsForecast = [];
      for (let n = f; n <= l; n++) {
        out.push({
          night: fromDayNumber(n),
          categories: wanted.map((c) => ({
            categoryId: c.id,
            ...forecastFrom(
              { night: n, asOf: t, current: onTheBooks(byKey.get(`${c.id}:${n}`) ?? [], t), capacity: roomsAvailable(rooms.categories, rooms.blocks, c.id, n, t) },
              unpack(pickupOf(c.id)[n - t]),
              method,
            ),
          })),
        });
      }
      return out;
    },
  };
}

/** Everything from the history, on the spot (no model, or one that cannot serve today). */
function computedForecast(all: History, today: string): ForecastSource {
  const scoped = (categoryId: string | null) => (categoryId ? categoryHistory(all, categoryId) : all);
  return {
    source: "computed",
    categories: all.categories,
    accuracy: (categoryId) => accuracyOf(scoped(categoryId), today),
    nights: async (categoryId, from, to, method) => forecastNights(scoped(categoryId), today, from, to, method),
  };
}
