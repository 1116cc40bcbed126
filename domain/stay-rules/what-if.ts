/**
 * The stay rules' what-if: what a change of the rules (other base, demand rules, gap settings)
 * would do over the next nights of a category — which stays with a room free on every night it
 * opens or closes, and which orphan gaps stay unsellable. Pure; the page shows it and a simulator
 * may call it.
 */
import { addDays, daysBetween } from "#domain/pricing/dates.ts";
import type { IsoDate } from "#domain/pricing/types.ts";
import { categoryRules, rulesByNight, type CategoryRulesInput } from "./effective.ts";
import { stayBreak } from "./judge.ts";
import type { OrphanGap, Stay } from "./types.ts";

/** Stays up to this many nights are counted (longer ones are rare at a small hotel). */
export const WHAT_IF_MAX_NIGHTS = 14;
export const WHAT_IF_HORIZON = 90;

export interface WhatIf {
  /** Stays (arrival in the horizon, room free every night) sellable after the change only / before only. */
  opened: number;
  closed: number;
  /** The first few of each, by arrival. */
  openedSample: Stay[];
  closedSample: Stay[];
  gaps: (OrphanGap & { sellableBefore: boolean; sellableAfter: boolean })[];
}

const SAMPLE = 5;

/** `input` is the category as it is (inventory reaching `from + horizon + 14` nights); `change` the rules to compare. */
/**
 * `change.held: false` compares with the rules once the brain's changes are applied: in the
 * recommend and autopilot modes (ADR 0050) the input is held, and the what-if then also shows what
 * accepting the pending stay-rule recommendations would open or close.
 */
export function stayRulesWhatIf(input: CategoryRulesInput, change: Partial<Pick<CategoryRulesInput, "base" | "demandRules" | "gaps" | "overrides" | "held">>, horizon = WHAT_IF_HORIZON): WhatIf {
  const to = addDays(input.from, horizon + WHAT_IF_MAX_NIGHTS);
  const before = categoryRules({ ...input, to });
  const after = categoryRules({ ...input, ...change, to });
  const rulesBefore = rulesByNight(before.nights);
  const rulesAfter = rulesByNight(after.nights);
  const inv = input.inventory;
  const freeAt = (night: IsoDate) => {
    if (!inv) return true;
    const i = daysBetween(inv.from, night);
    return i >= 0 && i < inv.free.length && inv.free[i] > 0;
  };
  const out: WhatIf = { opened: 0, closed: 0, openedSample: [], closedSample: [], gaps: [] };
  const sellable = new Map<string, [boolean, boolean]>();
  for (let a = 0; a < horizon; a++) {
    const arrival = addDays(input.from, a);
    if (arrival < input.today) continue;
    for (let n = 1; n <= WHAT_IF_MAX_NIGHTS && freeAt(addDays(arrival, n - 1)); n++) {
      const stay = { arrival, departure: addDays(arrival, n) };
      const was = !stayBreak(rulesBefore, stay, input.today);
      const is = !stayBreak(rulesAfter, stay, input.today);
      sellable.set(`${arrival}|${n}`, [was, is]);
      if (was === is) continue;
      if (is) {
        out.opened++;
        if (out.openedSample.length < SAMPLE) out.openedSample.push(stay);
      } else {
        out.closed++;
        if (out.closedSample.length < SAMPLE) out.closedSample.push(stay);
      }
    }
  }
  for (const gap of before.gaps) {
    if (gap.first >= addDays(input.from, horizon)) continue;
    let was = false;
    let is = false;
    for (let k = 0; k < gap.nights; k++) {
      for (let n = 1; n <= gap.nights - k; n++) {
        const s = sellable.get(`${addDays(gap.first, k)}|${n}`);
        if (s) {
          was ||= s[0];
          is ||= s[1];
        }
      }
    }
    out.gaps.push({ ...gap, sellableBefore: was, sellableAfter: is });
  }
  return out;
}
