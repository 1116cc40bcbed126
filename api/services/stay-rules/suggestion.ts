import { sql } from "drizzle-orm";
import { addDays } from "#domain/pricing/dates.ts";
import { suggestDemandRule, SUGGESTION_HISTORY_NIGHTS, type DemandRuleSuggestion, type PastNight } from "#domain/stay-rules/index.ts";
import type { Database } from "#api/db/client.ts";
import { rowsOf } from "#api/db/query.ts";
import type { DemandRuleSuggestionJson } from "#contract/stay-rules.ts";
import type { StoredDemandRule } from "./config.ts";

/**
 * Tarifa's suggested demand rule for a business (domain/stay-rules suggestDemandRule) from its
 * last year: every category's nights as the inventory counts them (sold and blocked; a night
 * without a row had nothing taken) and the kept stays that arrived in it, booked on their
 * creation day in the business's zone.
 */
export async function demandRuleSuggestion(db: Database, business: { id: string; timezone: string }, today: string): Promise<DemandRuleSuggestion> {
  const from = addDays(today, -SUGGESTION_HISTORY_NIGHTS);
  const to = addDays(today, -1);
  const [categories, taken, stays] = await Promise.all([
    rowsOf<{ id: string; rooms: number }>(db, sql`select id, room_count as rooms from room_categories where business_id = ${business.id}::uuid`),
    rowsOf<{ category_id: string; night: string; taken: number }>(
      db,
      sql`select category_id, to_char(night, 'YYYY-MM-DD') as night, (sold + blocked)::int as taken
          from inventory_nights where business_id = ${business.id}::uuid and night between ${from}::date and ${to}::date`,
    ),
    rowsOf<{ booked_on: string; arrival: string }>(
      db,
      sql`select to_char((created_at at time zone ${business.timezone})::date, 'YYYY-MM-DD') as booked_on, to_char(arrival, 'YYYY-MM-DD') as arrival
          from reservations where business_id = ${business.id}::uuid and status not in ('cancelled', 'no_show') and arrival between ${from}::date and ${to}::date`,
    ),
  ]);
  const takenOf = new Map(taken.map((t) => [`${t.category_id}|${t.night}`, Number(t.taken)]));
  // The history starts on its first night with a room taken: a hotel new to Tarifa has no year yet.
  const first = taken.reduce<string | null>((min, t) => (Number(t.taken) > 0 && (min === null || t.night < min) ? t.night : min), null);
  const nights: PastNight[] = [];
  for (let night = first ?? addDays(to, 1); night <= to; night = addDays(night, 1)) {
    for (const c of categories) nights.push({ night, rooms: Number(c.rooms), taken: takenOf.get(`${c.id}|${night}`) ?? 0 });
  }
  return suggestDemandRule(
    nights,
    stays.map((s) => ({ bookedOn: s.booked_on, arrival: s.arrival })),
  );
}

/** Whether a stored rule already says what the suggestion says (the owner took it, or wrote the same). */
function sameRule(stored: StoredDemandRule, rule: NonNullable<DemandRuleSuggestion["rule"]>): boolean {
  return (
    stored.categoryId === rule.categoryId &&
    stored.from === rule.from &&
    stored.to === rule.to &&
    stored.appliesTo === rule.appliesTo &&
    stored.minStay === rule.minStay &&
    stored.relaxInsideDays === rule.relaxInsideDays &&
    stored.relaxBelowOccupancyPercent === rule.relaxBelowOccupancyPercent &&
    stored.relaxedMinStay === rule.relaxedMinStay &&
    stored.weekdays.join() === rule.weekdays.join()
  );
}

export function suggestionJson(s: DemandRuleSuggestion, rules: readonly StoredDemandRule[]): DemandRuleSuggestionJson {
  const evidence = s.evidence.map((e) => ({ weekday: e.weekday, nights: e.nights, sold_out: e.soldOut }));
  if (!s.rule) return { rule: null, reason: s.reason, evidence, stays: 0, adopted: false };
  const r = s.rule;
  return {
    rule: {
      weekdays: [...r.weekdays],
      applies_to: r.appliesTo,
      min_stay: r.minStay,
      relax_inside_days: r.relaxInsideDays,
      relax_below_occupancy_percent: r.relaxBelowOccupancyPercent,
      relaxed_min_stay: r.relaxedMinStay,
    },
    reason: null,
    evidence,
    stays: s.stays,
    adopted: rules.some((stored) => sameRule(stored, r)),
  };
}
