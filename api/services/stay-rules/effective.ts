import { sql } from "drizzle-orm";
import { nightDemand, withForecast } from "#domain/brain/demand.ts";
import { expectedAt } from "#domain/brain/recommend.ts";
import { addDays, daysBetween } from "#domain/pricing/dates.ts";
import { categoryRules, type CategoryRules, type CategoryRulesInput } from "#domain/stay-rules/index.ts";
import type { Database } from "#api/db/client.ts";
import { rowsOf } from "#api/db/query.ts";
import { freshForecastNights, type StoredNight } from "#api/services/forecast-nights.ts";
import { baseOf, brainValuesOf, overridesOf, sharedStayRuleConfig, type StayRuleConfig } from "./config.ts";

/**
 * The one place the API computes a category's effective stay rules (domain/stay-rules
 * categoryRules): the booking engine, the bookings form, the Channex push, the calendar and the
 * /stay-rules page all come here, so they cannot disagree. The inventory is read a gap's length
 * beyond both ends, so a gap across the edge of the range is still seen whole.
 */
export interface RulesQuery {
  from: string;
  to: string;
  today: string;
  /** Absent: every category of the business. */
  categoryIds?: readonly string[];
}

/** Nights the push and the engine read beyond a change: the longest gap (7) and its departure. */
export const GAP_REACH = 8;

/** Everything categoryRules needs of the business, read once, for the categories asked. */
export async function rulesInputs(db: Database, businessId: string, q: RulesQuery, config?: StayRuleConfig): Promise<CategoryRulesInput[]> {
  const cfg = config ?? (await sharedStayRuleConfig(db, businessId));
  const reach = cfg.gaps.maxNights + 1;
  const invFrom = addDays(q.from, -reach);
  const invTo = addDays(q.to, reach);
  const length = daysBetween(invFrom, invTo) + 1;
  const only = q.categoryIds ? sql` and c.id in (${sql.join(q.categoryIds.map((id) => sql`${id}::uuid`), sql`, `)})` : sql``;
  // Recommend and autopilot modes: the demand and gap minimum stays wait for the brain (ADR 0050).
  const held = cfg.mode !== "off";
  const needsOccupancy = cfg.demandRules.some((r) => r.relaxBelowOccupancyPercent != null);
  const [categories, taken, forecast, occupancy, overrides, brainValues] = await Promise.all([
    rowsOf<{ id: string; rooms: number }>(db, sql`select c.id, c.room_count as rooms from room_categories c where c.business_id = ${businessId}::uuid${only}`),
    rowsOf<{ category_id: string; night: string; sold: number; blocked: number }>(
      db,
      sql`select category_id, to_char(night, 'YYYY-MM-DD') as night, sold::int as sold, blocked::int as blocked
          from inventory_nights where business_id = ${businessId}::uuid and night between ${invFrom}::date and ${invTo}::date`,
    ),
    // The forecast's occupancy of a night (the stored forecast while fresh, ADR 0054), for the demand
    // rules that relax below an occupancy: both reads only when one does.
    needsOccupancy ? freshForecastNights(db, businessId, q.today, q.from, q.to) : new Map<string, StoredNight>(),
    // Else the brain's projected occupancy of a night (its last recommendation), when it ran.
    needsOccupancy ? rowsOf<{ category_id: string; night: string; occupancy: number }>(
      db,
      sql`select room_category_id as category_id, to_char(night, 'YYYY-MM-DD') as night, (effect->>'occupancyBefore')::float8 as occupancy
          from brain_recommendations where business_id = ${businessId}::uuid and field = 'price' and night between ${q.from}::date and ${q.to}::date`,
    ) : [],
    overridesOf(db, businessId, q.from, q.to, q.categoryIds),
    held ? brainValuesOf(db, businessId, q.from, q.to, q.categoryIds) : null,
  ]);
  const takenOf = new Map<string, { sold: number; blocked: number }>();
  for (const t of taken) takenOf.set(`${t.category_id}|${t.night}`, { sold: Number(t.sold), blocked: Number(t.blocked) });
  const occupancyOf = new Map<string, number>();
  for (const o of occupancy) if (o.occupancy != null) occupancyOf.set(`${o.category_id}|${o.night}`, Number(o.occupancy));
  /** The forecast's occupancy (%) of a night as the brain reads it: the books plus the rooms still expected, within the rooms that can be sold. */
  const forecastOccupancy = (categoryId: string, rooms: number, night: string): number | null => {
    const stored = forecast.get(`${categoryId}:${night}`);
    const books = takenOf.get(`${categoryId}|${night}`) ?? { sold: 0, blocked: 0 };
    const demand = withForecast(nightDemand({ curve: null, weekdayFactor: 1, lead: 0, onTheBooks: books.sold, capacity: Math.max(0, rooms - books.blocked) }), stored ?? null);
    return demand.known ? expectedAt(demand, 1, 1).occupancy : null;
  };
  return categories.map((c) => {
    const free = new Array<number>(length);
    for (let i = 0; i < length; i++) {
      const books = takenOf.get(`${c.id}|${addDays(invFrom, i)}`);
      free[i] = Math.max(0, Number(c.rooms) - (books ? books.sold + books.blocked : 0));
    }
    return {
      categoryId: c.id,
      from: q.from,
      to: q.to,
      today: q.today,
      base: baseOf(cfg, c.id),
      demandRules: cfg.demandRules,
      occupancy: (night: string) => forecastOccupancy(c.id, Number(c.rooms), night) ?? occupancyOf.get(`${c.id}|${night}`) ?? null,
      inventory: { from: invFrom, free },
      gaps: cfg.gaps,
      overrides: overrides.get(c.id),
      ...(held ? { held, brainValues: brainValues?.get(c.id) } : {}),
    };
  });
}

/** Category → its effective rules over `from … to` and its orphan gaps. */
export async function effectiveRules(db: Database, businessId: string, q: RulesQuery, config?: StayRuleConfig): Promise<Map<string, CategoryRules>> {
  const inputs = await rulesInputs(db, businessId, q, config);
  return new Map(inputs.map((input) => [input.categoryId, categoryRules(input)]));
}
