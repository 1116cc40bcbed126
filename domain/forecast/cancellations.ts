/**
 * Expected cancellations of what is on the books (issue 26 point 3): the chance that a booking
 * on the books `lead` days before its arrival is still there on arrival, by market segment and
 * deposit type, learnt only from bookings whose fate was known at the end of `asOf` (those that
 * arrived, or should have, in the year before it). Sparse cells lean on the wider group:
 * segment and deposit → deposit → every booking at that lead (shrinkage, docs/forecast.md).
 */
import { offAsOf } from "./books.ts";
import type { Stay } from "./types.ts";

/** Lower edges of the lead bands the chances are learnt in (days before arrival). */
export const LEAD_BANDS = [0, 1, 2, 3, 5, 7, 10, 14, 21, 30, 45, 60, 90, 120, 180, 270, 365] as const;
/** Arrivals the chances are learnt from: the year before the forecast day (one of each season). */
export const LEARNING_DAYS = 365;
/** Weight, in bookings, of the wider group's chance in a small group's (a prior, not fitted to any hotel). */
export const PRIOR_BOOKINGS = 10;

const bandOf = (lead: number) => {
  let b = 0;
  while (b + 1 < LEAD_BANDS.length && LEAD_BANDS[b + 1]! <= lead) b++;
  return b;
};
const BAND_OF_LEAD = Array.from({ length: LEAD_BANDS[LEAD_BANDS.length - 1]! + 1 }, (_, l) => bandOf(l));
const band = (lead: number) => BAND_OF_LEAD[Math.min(Math.max(0, lead), BAND_OF_LEAD.length - 1)]!;
const width = (b: number) => (b + 1 < LEAD_BANDS.length ? LEAD_BANDS[b + 1]! - LEAD_BANDS[b]! : 1);

export interface SurvivalModel {
  /** The chance that `stay`, on the books `lead` days before its arrival, is not cancelled. */
  keeps(stay: Stay, lead: number): number;
}

class Counts {
  held = new Float64Array(LEAD_BANDS.length);
  kept = new Float64Array(LEAD_BANDS.length);
}

const depositKey = (stay: Stay) => stay.deposit ?? "";
const groupKey = (stay: Stay) => `${stay.segment ?? ""}\u0000${stay.deposit ?? ""}`;

export function survivalModel(stays: readonly Stay[], asOf: number): SurvivalModel {
  const all = new Counts();
  const byDeposit = new Map<string, Counts>();
  const byGroup = new Map<string, Counts>();
  const last = LEAD_BANDS[LEAD_BANDS.length - 1]!;
  for (const stay of stays) {
    if (stay.arrival >= asOf || stay.arrival < asOf - LEARNING_DAYS || stay.bookedOn > asOf) continue;
    if (stay.replacedOn != null && stay.replacedOn <= asOf) continue; // its fate is its successor's
    const off = offAsOf(stay, asOf);
    const cancelled = stay.cancelledOn !== null && off === stay.cancelledOn;
    // On the books at arrival leads (arrival − off, arrival − bookedOn], each band counted once
    // per lead day it held (a band's share of days, so long bands do not outweigh short ones).
    const top = Math.min(last, stay.arrival - stay.bookedOn);
    const bottom = cancelled ? Math.max(0, stay.arrival - off! + 1) : 0;
    if (top < bottom) continue;
    const deposit = byDeposit.get(depositKey(stay)) ?? byDeposit.set(depositKey(stay), new Counts()).get(depositKey(stay))!;
    const group = byGroup.get(groupKey(stay)) ?? byGroup.set(groupKey(stay), new Counts()).get(groupKey(stay))!;
    for (let b = band(bottom); b < LEAD_BANDS.length && LEAD_BANDS[b]! <= top; b++) {
      const lo = Math.max(bottom, LEAD_BANDS[b]!);
      const hi = Math.min(top, b + 1 < LEAD_BANDS.length ? LEAD_BANDS[b + 1]! - 1 : last);
      const share = ((hi - lo + 1) / width(b)) * stay.rooms;
      for (const c of [all, deposit, group]) {
        c.held[b]! += share;
        if (!cancelled) c.kept[b]! += share;
      }
    }
  }
  const shrink = (c: Counts | undefined, b: number, prior: number) => (c ? (c.kept[b]! + PRIOR_BOOKINGS * prior) / (c.held[b]! + PRIOR_BOOKINGS) : prior);
  // With no booking ever seen at a lead, nothing says it will be lost.
  const overall = Array.from({ length: LEAD_BANDS.length }, (_, b) => (all.held[b]! > 0 ? all.kept[b]! / all.held[b]! : 1));
  const cache = new Map<string, Float64Array>();
  return {
    keeps(stay, lead) {
      const key = groupKey(stay);
      let chances = cache.get(key);
      if (!chances) {
        chances = new Float64Array(LEAD_BANDS.length);
        for (let b = 0; b < LEAD_BANDS.length; b++) chances[b] = shrink(byGroup.get(key), b, shrink(byDeposit.get(depositKey(stay)), b, overall[b]!));
        cache.set(key, chances);
      }
      return chances[band(lead)]!;
    },
  };
}

/**
 * Expected rooms of each asked night still on the books on the night, seen from `lead` days before
 * it (for each lead asked of that night, with night − lead ≤ asOf): every stay then on the books
 * times its chance to be kept; a guest already arrived is kept.
 */
export function expectedKept(stays: readonly Stay[], model: SurvivalModel, asOf: number, asked: ReadonlyMap<number, readonly number[]>): (night: number, lead: number) => number {
  const sums = new Map<number, Float64Array>();
  for (const [night, leads] of asked) sums.set(night, new Float64Array(leads.length));
  for (const stay of stays) {
    if (stay.bookedOn > asOf || stay.departure <= stay.arrival) continue;
    const off = offAsOf(stay, asOf);
    for (let night = stay.arrival; night < stay.departure; night++) {
      const leads = asked.get(night);
      if (!leads) continue;
      const out = sums.get(night)!;
      for (let i = 0; i < leads.length; i++) {
        const day = night - leads[i]!;
        if (day > asOf || stay.bookedOn > day || (off !== null && off <= day)) continue;
        out[i]! += stay.rooms * (stay.arrival > day ? model.keeps(stay, stay.arrival - day) : stay.arrival === day ? model.keeps(stay, 0) : 1);
      }
    }
  }
  return (night, lead) => {
    const leads = asked.get(night);
    const i = leads ? leads.indexOf(lead) : -1;
    return i < 0 ? Number.NaN : sums.get(night)![i]!;
  };
}
