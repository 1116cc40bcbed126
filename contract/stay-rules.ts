import { z } from "zod";
import { BRAIN_MODES } from "#domain/brain/types.ts";
import type { RuleStep } from "#domain/stay-rules/types.ts";
import { GAP_ACTIONS } from "#domain/stay-rules/gap-outcome.ts";
import { day, uuid } from "./primitives.ts";

/** The JSON answers of the stay-rule routes (issue 28): doc({ response }), ADR 0022. */

const limits = {
  min_stay_arrival: z.int().min(1),
  min_stay_through: z.int().min(1),
  max_stay: z.int().nullable(),
  closed_to_arrival: z.boolean(),
  closed_to_departure: z.boolean(),
  min_advance_days: z.int().min(0),
  max_advance_days: z.int().nullable(),
};

export const stayBaseAnswer = z
  .object({
    min_stay: z.int(),
    weekend_min_stay: z.int().nullable(),
    max_stay: z.int().nullable(),
    closed_to_arrival: z.array(z.int()),
    closed_to_departure: z.array(z.int()),
    min_advance_days: z.int(),
    max_advance_days: z.int().nullable(),
  })
  .strict();

export const staySettingsAnswer = z
  .object({ gap_fill: z.boolean(), gap_max_nights: z.int(), gap_discount_percent: z.number(), mode: z.enum(BRAIN_MODES), bases: z.record(z.string(), stayBaseAnswer) })
  .strict();
export type StaySettingsJson = z.infer<typeof staySettingsAnswer>;

export const demandRuleAnswer = z
  .object({
    uuid,
    category: uuid.nullable(),
    weekdays: z.array(z.int()),
    from: day.nullable(),
    to: day.nullable(),
    applies_to: z.enum(["arrival", "through"]),
    min_stay: z.int(),
    relax_inside_days: z.int(),
    relax_below_occupancy_percent: z.number().nullable(),
    relaxed_min_stay: z.int(),
    source: z.enum(["owner", "recommendation", "autopilot"]),
  })
  .strict();
export type DemandRuleJson = z.infer<typeof demandRuleAnswer>;

/** A step of a night's rules: which layer (`base`, `demand`, `demandRelaxed`, `orphanGap`, `override`) set which fields and why. */
const step = z.object({ step: z.string(), set: z.record(z.string(), z.unknown()), detail: z.record(z.string(), z.unknown()) }).strict();

export const nightRulesAnswer = z
  .object({ room_category_uuid: uuid, night: day, ...limits, discount_percent: z.number(), in_gap: z.boolean(), steps: z.array(step) })
  .strict();
export type NightRulesJson = Omit<z.infer<typeof nightRulesAnswer>, "steps"> & { steps: RuleStep[] };

/** An open orphan gap and what the rules did about it. */
export const gapAnswer = z
  .object({
    room_category_uuid: uuid,
    first: day,
    last: day,
    nights: z.int(),
    /** What was done: `filled` (minimum lowered / arrivals opened to fit), `fits` (the rules already let it sell), `awaiting` (the brain recommends a change that fits it, not yet accepted), `left` (the rules do not fit it). */
    action: z.enum(GAP_ACTIONS),
    min_stay_arrival: z.int(),
    discount_percent: z.number(),
  })
  .strict();
export type GapJson = z.infer<typeof gapAnswer>;

/**
 * Tarifa's suggested demand rule from the business's last year (domain/stay-rules suggestDemandRule):
 * the rule for every category, or none and why (`history`: under 8 weeks of every weekday;
 * `neverFull`: no weekday sold out on one night in ten); per weekday the nights read and those on
 * which some category sold out; the kept stays whose leads set the relaxation; `adopted` when a
 * demand rule already says the same.
 */
export const demandRuleSuggestionAnswer = z
  .object({
    rule: z
      .object({
        weekdays: z.array(z.int()),
        applies_to: z.enum(["arrival", "through"]),
        min_stay: z.int(),
        relax_inside_days: z.int(),
        relax_below_occupancy_percent: z.number().nullable(),
        relaxed_min_stay: z.int(),
      })
      .strict()
      .nullable(),
    reason: z.enum(["history", "neverFull"]).nullable(),
    evidence: z.array(z.object({ weekday: z.int(), nights: z.int(), sold_out: z.int() }).strict()),
    stays: z.int(),
    adopted: z.boolean(),
  })
  .strict();
export type DemandRuleSuggestionJson = z.infer<typeof demandRuleSuggestionAnswer>;

export const stayRulesAnswer = z
  .object({
    today: day,
    settings: staySettingsAnswer,
    categories: z.array(z.object({ uuid, name: z.string() }).strict()),
    demand_rules: z.array(demandRuleAnswer),
    gaps: z.array(gapAnswer),
    suggestion: demandRuleSuggestionAnswer,
  })
  .strict();
export type StayRulesJson = z.infer<typeof stayRulesAnswer>;

export const stayNightsAnswer = z.object({ from: day, to: day, today: day, data: z.array(nightRulesAnswer) }).strict();
export type StayNightsJson = Omit<z.infer<typeof stayNightsAnswer>, "data"> & { data: NightRulesJson[] };

const stay = z.object({ arrival: day, departure: day }).strict();
export const stayWhatIfAnswer = z
  .object({
    room_category_uuid: uuid,
    from: day,
    nights: z.int(),
    opened: z.int(),
    closed: z.int(),
    opened_sample: z.array(stay),
    closed_sample: z.array(stay),
    gaps: z.array(z.object({ first: day, last: day, nights: z.int(), sellable_before: z.boolean(), sellable_after: z.boolean() }).strict()),
  })
  .strict();
export type StayWhatIfJson = z.infer<typeof stayWhatIfAnswer>;

export const staySettingsWriteAnswer = z.object({ settings: staySettingsAnswer }).strict();
export const demandRuleWriteAnswer = z.object({ rule: demandRuleAnswer }).strict();
export const overrideWriteAnswer = z.object({ nights: z.int() }).strict();
export type StaySettingsWriteJson = z.infer<typeof staySettingsWriteAnswer>;
export type DemandRuleWriteJson = z.infer<typeof demandRuleWriteAnswer>;

/** Why the booking engine or the bookings form refuses a stay, and the nearest stay that works. */
export const stayRefusalAnswer = z
  .object({
    rule: z.enum(["closedToArrival", "closedToDeparture", "minStayArrival", "minStayThrough", "maxStay", "minAdvance", "maxAdvance"]),
    night: day,
    limit: z.int().nullable(),
    suggestion: stay.nullable(),
  })
  .strict();
export type StayRefusalJson = z.infer<typeof stayRefusalAnswer>;
