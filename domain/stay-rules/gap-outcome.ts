/** What the rules did about an orphan gap, for the /stay-rules list. */
import { addDays } from "#domain/pricing/dates.ts";
import type { IsoDate } from "#domain/pricing/types.ts";
import { stayBreak } from "./judge.ts";
import type { NightRules, OrphanGap, StayLimits } from "./types.ts";

/**
 * `filled`: the gap fill changed its rules so it sells; `fits`: it sold under the rules as they were;
 * `awaiting`: no stay may fill it yet, but a stay-rule change the revenue brain recommends for one of
 * its nights waits for the owner's acceptance; `left`: no stay may fill it.
 */
export const GAP_ACTIONS = ["filled", "fits", "awaiting", "left"] as const;
export type GapAction = (typeof GAP_ACTIONS)[number];

/** The gap fill itself, or the revenue brain's value of a night (in recommend mode, an accepted gap change). */
const FILLING_STEPS = new Set(["orphanGap", "brain"]);

export function gapOutcome(
  gap: OrphanGap,
  rulesOf: (night: IsoDate) => StayLimits,
  nightOf: (night: IsoDate) => NightRules | undefined,
  today: IsoDate,
  /** Whether a recommended stay-rule change of that night waits for acceptance. */
  awaitsAcceptance: (night: IsoDate) => boolean = () => false,
): GapAction {
  if (stayBreak(rulesOf, { arrival: gap.first, departure: addDays(gap.last, 1) }, today)) {
    for (let d = gap.first; d <= gap.last; d = addDays(d, 1)) if (awaitsAcceptance(d)) return "awaiting";
    return "left";
  }
  for (let d = gap.first; d <= addDays(gap.last, 1); d = addDays(d, 1)) {
    if (nightOf(d)?.steps.some((s) => FILLING_STEPS.has(s.step) && Object.keys(s.set).length > 0)) return "filled";
  }
  return "fits";
}
