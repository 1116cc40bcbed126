// Issue 28's stay rules in the market simulator: the product's own judge (domain/stay-rules
// categoryRules → judgeStay, as api/services/stay-rules/judge.ts calls it for the booking engine)
// on the simulated books, and the orphan nights left unsold, found by the product's orphanGaps.
// docs/market-simulator.md.
import { fromDayNumber, toDayNumber } from "#domain/pricing/dates.ts";
import {
  categoryRules,
  DEFAULT_BASE_RULES,
  DEFAULT_GAP_SETTINGS,
  gapStayNear,
  judgeStay,
  orphanGaps,
  rulesByNight,
  suggestDemandRule,
  SUGGESTION_HISTORY_NIGHTS,
  SUGGESTION_REACH,
  type BaseRules,
  type DemandRule,
  type GapSettings,
  type PastNight,
} from "#domain/stay-rules/index.ts";
import { expectedAt } from "#domain/brain/recommend.ts";
import type { IsoDate } from "#domain/pricing/types.ts";
import type { Hotel } from "./hotel.ts";
import { curveDemand, curvesFromBooks, CURVES_EVERY, type Curves, type SimStay, type StayRulesHook } from "./policies.ts";

export interface SimStayRules {
  base: BaseRules;
  demandRules: readonly DemandRule[];
  gaps: GapSettings;
}

/**
 * The rules "on", fixed before the first run and not tuned to its results: the example of
 * docs/pricing.md "Stay rules" — two nights for arrivals on Friday and Saturday, relaxed to one
 * inside 7 days of the night or when the forecast's occupancy of the night is below 50 % — and the
 * product's default gap fill (holes of 1–2 nights, no discount). The simulator runs no forecast:
 * the occupancy is the booking curves' projection, the brain's demand without one
 * (`projectedOccupancy`).
 */
export const SIM_STAY_RULES: SimStayRules = Object.freeze<SimStayRules>({
  base: DEFAULT_BASE_RULES,
  demandRules: [{ id: "weekend", categoryId: null, weekdays: [5, 6], from: null, to: null, appliesTo: "arrival", minStay: 2, relaxInsideDays: 7, relaxBelowOccupancyPercent: 50, relaxedMinStay: 1 }],
  gaps: DEFAULT_GAP_SETTINGS,
});

/** Each simulated hotel's booking curves and the day they were read (again every CURVES_EVERY days). */
const curvesOf = new WeakMap<Hotel, { day: number; curves: Curves[] }>();

/**
 * The projected occupancy (%) of a category's nights on `day`, as the product gives it to the stay
 * rules (api/services/stay-rules/effective.ts: the rooms sold plus those still expected, within the
 * rooms) — from the booking curves of the year before, since the simulator runs no forecast; none
 * while there is no curve (the first year's first weeks) and outside the simulated nights.
 */
function projectedOccupancy(hotel: Hotel, category: number, day: number): (night: IsoDate) => number | null {
  let read = curvesOf.get(hotel);
  if (!read || day - read.day >= CURVES_EVERY) curvesOf.set(hotel, (read = { day, curves: curvesFromBooks(hotel, day) }));
  const { curves } = read;
  return (night) => {
    const n = toDayNumber(night);
    if (n < hotel.firstNight || n > hotel.lastNight) return null;
    const demand = curveDemand(hotel, curves, n, category, day);
    return demand.known ? expectedAt(demand, 1, 1).occupancy : null;
  };
}

/**
 * The owner's rules as most rate plans carry them today (issue 28's "a fixed minimum stay"): two
 * nights on every arrival, nothing that looks at the inventory — and the same with the product's
 * default gap fill on top, which lowers the minimum of a hole of 1–2 nights to fit it. The pair
 * isolates what the gap fill does where there is a minimum to undo; fixed before the first run.
 */
export const FIXED_MINIMUM: SimStayRules = Object.freeze<SimStayRules>({
  base: { ...DEFAULT_BASE_RULES, minStay: 2 },
  demandRules: [],
  gaps: { ...DEFAULT_GAP_SETTINGS, enabled: false },
});
export const FIXED_MINIMUM_WITH_GAP_FILL: SimStayRules = Object.freeze<SimStayRules>({ ...FIXED_MINIMUM, gaps: DEFAULT_GAP_SETTINGS });

/**
 * The rules of an owner who adopts Tarifa's suggested demand rule (`suggestDemandRule`, what
 * /stay-rules suggests) with the default gap fill: the suggestion is read from the simulated
 * hotel's own last year of nights and kept stays, again every CURVES_EVERY days (an owner who
 * follows it); none while the history is too short or no weekday sold out often enough.
 */
const suggestedOf = new WeakMap<Hotel, { day: number; rules: SimStayRules }>();
export function suggestedRules(hotel: Hotel, day: number): SimStayRules {
  let read = suggestedOf.get(hotel);
  if (!read || day - read.day >= CURVES_EVERY) {
    const from = Math.max(hotel.firstNight, day - SUGGESTION_HISTORY_NIGHTS);
    const nights: PastNight[] = [];
    for (let night = from; night < day; night++) {
      for (let c = 0; c < hotel.rooms.length; c++) nights.push({ night: fromDayNumber(night), rooms: hotel.rooms[c], taken: hotel.sold(night, c) });
    }
    const stays = hotel.stays.filter((s) => s.cancelledOn == null && s.nights[0].night >= from && s.nights[0].night < day).map((s) => ({ bookedOn: fromDayNumber(s.day), arrival: fromDayNumber(s.nights[0].night) }));
    const { rule } = suggestDemandRule(nights, stays);
    read = { day, rules: { base: DEFAULT_BASE_RULES, demandRules: rule ? [{ id: "suggested", ...rule }] : [], gaps: DEFAULT_GAP_SETTINGS } };
    suggestedOf.set(hotel, read);
  }
  return read.rules;
}

/** Free rooms of a category on the nights `first … last`, clipped to the books (nights outside are not read). */
function freeOf(hotel: Hotel, category: number, first: number, last: number): { from: number; free: number[] } {
  const from = Math.max(first, hotel.firstNight);
  const to = Math.min(last, hotel.lastNight);
  const free: number[] = [];
  for (let night = from; night <= to; night++) free.push(hotel.rooms[category] - hotel.sold(night, category));
  return { from, free };
}

/**
 * Stay rules on: each guest's stay judged as the booking engine judges it, on the category's
 * effective rules of the nights around it (as far as the engine reads them) with the simulated
 * inventory for the gap fill. A stay that breaks a rule is replaced by the engine's nearest stay
 * that works (`stayThatWorks`, what /p/{slug} tells the guest), which the guest then weighs like
 * any stay — or, with `takesSuggestion: false`, the guest walks away (the bound where no guest
 * changes plans). `comparedWith` names the hook it is measured against (the same suffix is added).
 */
export function stayRulesOn(options: { rules?: SimStayRules | ((hotel: Hotel, day: number) => SimStayRules); takesSuggestion?: boolean; name?: string; comparedWith?: string } = {}): StayRulesHook {
  const rulesOf = options.rules ?? SIM_STAY_RULES;
  const takesSuggestion = options.takesSuggestion ?? true;
  const name = options.name ?? "stay rules on";
  return {
    name: takesSuggestion ? name : `${name}, no suggestion taken`,
    comparedWith: options.comparedWith && (takesSuggestion ? options.comparedWith : `${options.comparedWith}, no suggestion taken`),
    offer(hotel, guest, day): SimStay | null {
      const rules = typeof rulesOf === "function" ? rulesOf(hotel, day) : rulesOf;
      const first = guest.arrival - SUGGESTION_REACH.days;
      const last = guest.arrival + guest.nights + SUGGESTION_REACH.days + SUGGESTION_REACH.nights;
      const reach = rules.gaps.maxNights;
      const inventory = freeOf(hotel, guest.category, first - reach, last + reach);
      const today = fromDayNumber(day);
      const { nights, gaps } = categoryRules({
        categoryId: hotel.categoryIds[guest.category],
        from: fromDayNumber(first),
        to: fromDayNumber(last),
        today,
        base: rules.base,
        demandRules: rules.demandRules,
        inventory: { from: fromDayNumber(inventory.from), free: inventory.free },
        gaps: rules.gaps,
        occupancy: rules.demandRules.some((r) => r.relaxBelowOccupancyPercent != null) ? projectedOccupancy(hotel, guest.category, day) : undefined,
      });
      const free = (night: string) => {
        const n = toDayNumber(night);
        return n >= hotel.firstNight && n <= hotel.lastNight && hotel.sold(n, guest.category) < hotel.rooms[guest.category];
      };
      const asked = { arrival: fromDayNumber(guest.arrival), departure: fromDayNumber(guest.arrival + guest.nights) };
      const limitsOf = rulesByNight(nights);
      const verdict = judgeStay(limitsOf, asked, today, free);
      // A stay within the rules but with a night full: the engine shows the orphan gap nearest to it.
      const suggestion = verdict.ok ? (hotel.hasRooms(guest.arrival, guest.nights, guest.category) ? null : gapStayNear(limitsOf, asked, today, gaps)) : verdict.suggestion;
      if (verdict.ok && !suggestion) return guest;
      if (!takesSuggestion || !suggestion) return null;
      const arrival = toDayNumber(suggestion.arrival);
      return { arrival, nights: toDayNumber(suggestion.departure) - arrival };
    },
  };
}

/**
 * Orphan nights left unsold: nights `from … to` of a category inside an orphan gap of at most
 * `maxNights` (the product's `orphanGaps`) once every night has passed, summed over categories.
 * The night before `from` is read as the gap's left neighbour; a hole reaching `to` is no gap.
 */
export function orphanNights(hotel: Hotel, from: number, to: number, maxNights = SIM_STAY_RULES.gaps.maxNights): number {
  let count = 0;
  for (let c = 0; c < hotel.rooms.length; c++) {
    const inventory = freeOf(hotel, c, from - 1, to);
    // "Today" before the inventory: no night counts as past, so each end of a hole must be full.
    const gaps = orphanGaps(hotel.categoryIds[c], inventory.free, fromDayNumber(inventory.from), fromDayNumber(inventory.from - 1), maxNights);
    for (const gap of gaps) count += gap.nights;
  }
  return count;
}
