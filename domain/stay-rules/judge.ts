/**
 * The one judge of a stay: the booking engine refuses with it, the bookings form warns with it,
 * and the Channex restrictions (channex.ts) say the same thing night by night.
 */
import { addDays, daysBetween } from "#domain/pricing/dates.ts";
import type { IsoDate } from "#domain/pricing/types.ts";
import type { OrphanGap, Stay, StayBreak, StayLimits } from "./types.ts";

/**
 * The first rule a stay breaks, or null: the arrival night's closed-to-arrival, booking window,
 * minimum and maximum stay; every night's minimum stay through; the departure date's
 * closed-to-departure.
 */
export function stayBreak(rulesOf: (night: IsoDate) => StayLimits, stay: Stay, today: IsoDate): StayBreak | null {
  const nights = daysBetween(stay.arrival, stay.departure);
  const arrival = rulesOf(stay.arrival);
  const lead = daysBetween(today, stay.arrival);
  if (arrival.closedToArrival) return { rule: "closedToArrival", night: stay.arrival, limit: null };
  if (lead < arrival.minAdvanceDays) return { rule: "minAdvance", night: stay.arrival, limit: arrival.minAdvanceDays };
  if (arrival.maxAdvanceDays != null && lead > arrival.maxAdvanceDays) return { rule: "maxAdvance", night: stay.arrival, limit: arrival.maxAdvanceDays };
  if (nights < arrival.minStayArrival) return { rule: "minStayArrival", night: stay.arrival, limit: arrival.minStayArrival };
  if (arrival.maxStay != null && nights > arrival.maxStay) return { rule: "maxStay", night: stay.arrival, limit: arrival.maxStay };
  for (let i = 0; i < nights; i++) {
    const night = i === 0 ? stay.arrival : addDays(stay.arrival, i);
    const through = (i === 0 ? arrival : rulesOf(night)).minStayThrough;
    if (nights < through) return { rule: "minStayThrough", night, limit: through };
  }
  if (rulesOf(stay.departure).closedToDeparture) return { rule: "closedToDeparture", night: stay.departure, limit: null };
  return null;
}

/** How far a suggested stay may move from the one asked: arrival ± days, length ± nights. */
export const SUGGESTION_REACH = { days: 7, nights: 7 };

/**
 * The stay nearest to the one asked that breaks no rule and has a room on every night
 * (`free(night)`), or null: nearest by days moved plus nights changed; on a tie, the same arrival,
 * then the longer stay, then the earlier arrival. Arrivals before today are never offered.
 */
export function stayThatWorks(rulesOf: (night: IsoDate) => StayLimits, asked: Stay, today: IsoDate, free: (night: IsoDate) => boolean): Stay | null {
  const askedNights = daysBetween(asked.arrival, asked.departure);
  let best: { stay: Stay; cost: number; shift: number; nights: number } | null = null;
  for (let shift = -SUGGESTION_REACH.days; shift <= SUGGESTION_REACH.days; shift++) {
    const arrival = addDays(asked.arrival, shift);
    if (arrival < today) continue;
    for (let nights = Math.max(1, askedNights - SUGGESTION_REACH.nights); nights <= askedNights + SUGGESTION_REACH.nights; nights++) {
      const cost = Math.abs(shift) + Math.abs(nights - askedNights);
      if (cost === 0) continue;
      if (best && (cost > best.cost || (cost === best.cost && !better(shift, nights, best)))) continue;
      const stay = { arrival, departure: addDays(arrival, nights) };
      if (stayBreak(rulesOf, stay, today)) continue;
      let open = true;
      for (let i = 0; i < nights && open; i++) open = free(addDays(arrival, i));
      if (open) best = { stay, cost, shift, nights };
    }
  }
  return best?.stay ?? null;
}

/**
 * For a stay that has no room on some night: a stay inside an orphan gap (`gaps`, holes of a few
 * nights between full nights, gaps.ts) near it that breaks no rule, or null. A gap's nights sell to
 * no one who asks for the dates around them (every longer stay meets a full night), so the booking
 * engine shows the gap to the guests whose own dates are full. A stay filling a whole gap comes
 * first (the nearest, as `stayThatWorks` measures; a part of a gap would leave a smaller one), then
 * the nearest part of one (docs/pricing.md "Stay rules").
 */
export function gapStayNear(rulesOf: (night: IsoDate) => StayLimits, asked: Stay, today: IsoDate, gaps: readonly OrphanGap[]): Stay | null {
  if (gaps.length === 0) return null;
  const askedNights = daysBetween(asked.arrival, asked.departure);
  let best: { stay: Stay; cost: number } | null = null;
  for (const g of gaps) {
    const stay = { arrival: g.first, departure: addDays(g.last, 1) };
    const shift = Math.abs(daysBetween(asked.arrival, stay.arrival));
    const change = Math.abs(g.nights - askedNights);
    if (stay.arrival < today || shift > SUGGESTION_REACH.days || change > SUGGESTION_REACH.nights) continue;
    // Nearest (days moved + nights changed) first; on a tie, the earlier arrival.
    const cost = shift + change;
    if (best && (cost > best.cost || (cost === best.cost && stay.arrival > best.stay.arrival))) continue;
    if (!stayBreak(rulesOf, stay, today)) best = { stay, cost };
  }
  return best?.stay ?? stayThatWorks(rulesOf, asked, today, (night) => gaps.some((g) => g.first <= night && night <= g.last));
}

function better(shift: number, nights: number, than: { shift: number; nights: number }): boolean {
  if ((shift === 0) !== (than.shift === 0)) return shift === 0;
  if (nights !== than.nights) return nights > than.nights;
  return shift < than.shift;
}

/** The judgement of a stay: fine, or the rule it breaks and the nearest stay that works (null: none near). */
export type StayVerdict = { ok: true } | { ok: false; broken: StayBreak; suggestion: Stay | null };

export function judgeStay(rulesOf: (night: IsoDate) => StayLimits, stay: Stay, today: IsoDate, free: (night: IsoDate) => boolean): StayVerdict {
  const broken = stayBreak(rulesOf, stay, today);
  return broken ? { ok: false, broken, suggestion: stayThatWorks(rulesOf, stay, today, free) } : { ok: true };
}
