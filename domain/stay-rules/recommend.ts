/**
 * Stay-rule changes as the revenue brain's recommendations (issue 28 point 3, ADR 0050). In the
 * recommend and autopilot modes a night's `target` (what its demand rules and gap fill would set)
 * and its effective minimum stays differ until the change is accepted or applied: each difference
 * is one recommendation, with the steps that make the target as its reasons. A field the owner
 * overrode on that night is the owner's: nothing is recommended for it.
 */
import type { IsoDate } from "#domain/pricing/types.ts";
import { LIMIT_OF_FIELD, STAY_RULE_FIELDS, type NightRules, type RuleStep, type StayRuleField } from "./types.ts";

export interface StayRuleChange {
  categoryId: string;
  night: IsoDate;
  field: StayRuleField;
  current: number;
  value: number;
  reasons: RuleStep[];
}

/** The changes the rules want on these nights (held nights only; nights before `today` are past). */
export function stayRuleChanges(nights: readonly NightRules[], today: IsoDate): StayRuleChange[] {
  const out: StayRuleChange[] = [];
  for (const n of nights) {
    if (!n.target || n.night < today) continue;
    const owner = n.steps.find((s) => s.step === "override");
    for (const field of STAY_RULE_FIELDS) {
      const limit = LIMIT_OF_FIELD[field];
      if (owner && owner.set[limit] !== undefined) continue;
      const value = n.target[limit];
      if (value === n[limit]) continue;
      out.push({ categoryId: n.categoryId, night: n.night, field, current: n[limit], value, reasons: n.target.steps });
    }
  }
  return out;
}

/**
 * The autopilot's guardrails on stay rules. Per night: a night the brain already changed today is
 * left until tomorrow (bookings and cancellations on the same day would otherwise flip its minimum
 * back and forth on every channel). Per run: at most `perRun` changes, nearest nights first (a gap
 * close to arrival is the one that sells soonest); the rest wait for the next run.
 */
export const STAY_RULE_CHANGES_PER_RUN = 60;

export function autopilotStayChanges(
  changes: readonly StayRuleChange[],
  guard: { changedToday: ReadonlySet<string>; perRun?: number },
): { apply: StayRuleChange[]; held: StayRuleChange[] } {
  const perRun = guard.perRun ?? STAY_RULE_CHANGES_PER_RUN;
  const sorted = [...changes].sort((a, b) => a.night.localeCompare(b.night) || a.categoryId.localeCompare(b.categoryId) || a.field.localeCompare(b.field));
  const apply: StayRuleChange[] = [];
  const held: StayRuleChange[] = [];
  for (const c of sorted) {
    if (guard.changedToday.has(changeKey(c)) || apply.length >= perRun) held.push(c);
    else apply.push(c);
  }
  return { apply, held };
}

/** The key the guardrail remembers a night's field by. */
export const changeKey = (c: { categoryId: string; night: IsoDate; field: StayRuleField }) => `${c.categoryId}|${c.night}|${c.field}`;
