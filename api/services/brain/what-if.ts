import { eq, sql } from "drizzle-orm";
import { TransactionRollbackError } from "drizzle-orm/errors";
import { recommend } from "#domain/brain/recommend.ts";
import { learnPriceResponse, responseFromQuotes, whatIf, type PriceResponse, type WhatIfNight, type WhatIfTotals } from "#domain/brain/what-if.ts";
import type { BrainSettingsInput } from "#domain/schemas/brain.ts";
import { addDays } from "#domain/pricing/index.ts";
import type { Database } from "#api/db/client.ts";
import { rowsOf } from "#api/db/query.ts";
import { roomCategories } from "#api/db/schema/index.ts";
import { eventsOf, guardrailsOf, modeOf, type BrainConfig } from "./settings.ts";
import type { OwnerEvent, RecommendInput } from "#domain/brain/types.ts";
import { recommendInputs, type BrainBusiness } from "./signals.ts";

/** The nights a what-if compares, from today (issue 27: the next 90). */
export const WHAT_IF_NIGHTS = 90;
/** Days of sales the price response is learned from. */
const HISTORY_DAYS = 365;
/** Lead-time bands the sales are compared within (days before the night, inclusive upper ends). */
const LEAD_BANDS = [7, 30, 90];

/** The settings as sent, in the shape the brain reads. */
export function proposedConfig(input: BrainSettingsInput): BrainConfig {
  const guardrails = guardrailsOf(input);
  return { mode: input.mode, categoryModes: new Map(Object.entries(input.category_modes).map(([id, m]) => [id.toLowerCase(), m])), guardrails };
}

/**
 * The hotel's sales of the year before `today` per night, category and lead-time band: rooms kept
 * and their mean rate, grouped by category, month and band (the nights compared with each other).
 */
async function salesCells(db: Database, business: BrainBusiness, today: string) {
  const rows = await rowsOf<{ category_id: string; night: string; band: number; rooms: number; price: number }>(
    db,
    sql`select category_id, night,
          case when lead <= ${LEAD_BANDS[0]} then 0 when lead <= ${LEAD_BANDS[1]} then 1 when lead <= ${LEAD_BANDS[2]} then 2 else 3 end as band,
          count(*)::int as rooms, avg(rate)::float as price
        from (
          select n.category_id, n.night::text as night, n.rate, n.night - (r.created_at at time zone ${business.timezone})::date as lead
          from reservation_nights n join reservations r on r.id = n.reservation_id
          where n.business_id = ${business.id} and n.holds and n.night between ${addDays(today, -HISTORY_DAYS)}::date and ${addDays(today, -1)}::date
        ) s
        group by 1, 2, 3`,
  );
  return rows.map((r) => ({ group: `${r.category_id}|${r.night.slice(5, 7)}|${r.band}`, rooms: Number(r.rooms), price: Number(r.price) }));
}

export interface WhatIfAnswer {
  from: string;
  to: string;
  response: PriceResponse;
  nights: WhatIfNight[];
  totals: WhatIfTotals;
}

type Compared = Parameters<typeof whatIf>[0][number];

/** The nights of every category compared, the owner's events and the hotel's learned price response, then the comparison `pair` makes of them. */
async function compare(
  db: Database,
  business: BrainBusiness,
  q: { today: string; now: Date; locale?: string },
  pair: (inputs: RecommendInput[], span: { from: string; to: string; events: OwnerEvent[]; categoryIds: string[] }) => Promise<Compared[]>,
): Promise<WhatIfAnswer> {
  const from = q.today;
  const to = addDays(from, WHAT_IF_NIGHTS - 1);
  const [events, cells, categories] = await Promise.all([
    eventsOf(db, business.id, { from, to }),
    salesCells(db, business, q.today),
    db.select({ id: roomCategories.id }).from(roomCategories).where(eq(roomCategories.businessId, business.id)).orderBy(roomCategories.position, roomCategories.createdAt),
  ]);
  const categoryIds = categories.map((c) => c.id);
  const inputs = await recommendInputs(db, business, { from, to, today: q.today, now: q.now, categoryIds, events, locale: q.locale });
  // The booking engine's quotes when they have taught the guests' answer to price (ADR 0064), else the sales.
  const fit = inputs.find((i) => i.response)?.response;
  const response = fit ? responseFromQuotes(fit) : learnPriceResponse(cells);
  return { from, to, response, ...whatIf(await pair(inputs, { from, to, events, categoryIds }), response) };
}

/**
 * The next WHAT_IF_NIGHTS nights of every category: the price in force now against the price the
 * brain would set with `proposed` (the same as now for a category it would leave off), and what
 * each is expected to sell. Reads only; nothing is saved.
 */
export async function previewBrainSettings(db: Database, business: BrainBusiness, q: { proposed: BrainConfig; today: string; now: Date; locale?: string }): Promise<WhatIfAnswer> {
  return compare(db, business, q, async (inputs) =>
    inputs.map((input) => {
      const off = modeOf(q.proposed, input.categoryId) === "off";
      const r = off ? null : recommend(input, q.proposed.guardrails);
      return { night: input.night, categoryId: input.categoryId, demand: input.demand, market: input.marketMedian, before: input.current, after: r?.status === "move" ? r.value : input.current };
    }),
  );
}

/**
 * The next WHAT_IF_NIGHTS nights of every category with a change to the price settings (`write`,
 * the same write as saving it) against the prices now, and what each is expected to sell. The
 * change is made inside a transaction that is always rolled back (drizzle's `rollback()`), so every rule of the pricing
 * engine answers as it would after saving and nothing is kept (no activity, no push, no version).
 * Prices the owner or the brain fixed by hand stay what they are, as they would.
 */
export async function previewPriceSettings(
  db: Database,
  business: BrainBusiness,
  q: { write: (tx: Database) => Promise<unknown>; today: string; now: Date; locale?: string },
): Promise<WhatIfAnswer> {
  return compare(db, business, q, async (inputs, span) => {
    let changed: RecommendInput[] = [];
    try {
      await db.transaction(async (tx) => {
        await q.write(tx as unknown as Database);
        changed = await recommendInputs(tx as unknown as Database, business, { ...span, today: q.today, now: q.now, locale: q.locale });
        tx.rollback();
      });
    } catch (error) {
      if (!(error instanceof TransactionRollbackError)) throw error;
    }
    const after = new Map(changed.map((i) => [`${i.categoryId}|${i.night}`, i.current]));
    return inputs.map((input) => ({ night: input.night, categoryId: input.categoryId, demand: input.demand, market: input.marketMedian, before: input.current, after: after.get(`${input.categoryId}|${input.night}`) ?? input.current }));
  });
}

/** The answer as the API sends it (contract/brain.ts, `brainPreviewAnswer`). */
export function whatIfJson(answer: WhatIfAnswer, currency: string) {
  const r = answer.response;
  const t = answer.totals;
  return {
    from: answer.from,
    to: answer.to,
    currency,
    price_response: { elasticity: r.elasticity, low: r.low, high: r.high, source: r.source, samples: r.samples },
    totals: {
      rooms_before: t.roomsBefore,
      rooms_after: t.roomsAfter,
      revenue_before: t.revenueBefore,
      revenue_after: t.revenueAfter,
      revenue_after_low: t.revenueAfterLow,
      revenue_after_high: t.revenueAfterHigh,
      occupancy_before: t.occupancyBefore,
      occupancy_after: t.occupancyAfter,
    },
    nights: answer.nights.map((n) => ({
      room_category_uuid: n.categoryId,
      night: n.night,
      price_before: n.priceBefore,
      price_after: n.priceAfter,
      occupancy_before: n.occupancyBefore,
      occupancy_after: n.occupancyAfter,
      revenue_before: n.revenueBefore,
      revenue_after: n.revenueAfter,
    })),
  };
}
