import { z } from "zod";
import { BRAIN_MODES, RECOMMENDED_FIELDS } from "#domain/brain/types.ts";
import type { BrainStep } from "#domain/brain/types.ts";
import type { RuleStep, StayRuleField } from "#domain/stay-rules/types.ts";
import { cents, currency, day, timestamp, uuid } from "./primitives.ts";

/** The JSON answers of the revenue brain's routes (issue 27): doc({ response }), ADR 0022. */

const mode = z.enum(BRAIN_MODES);

export const brainSettingsAnswer = z
  .object({
    mode,
    category_modes: z.record(z.string(), mode),
    max_daily_change_percent: z.number(),
    max_weekly_change_percent: z.number(),
    freeze_days: z.number().int(),
    max_interval_percent: z.number(),
    max_move_per_booking_percent: z.number(),
    target_occupancy_percent: z.number(),
    demand_sensitivity: z.number(),
    market_weight_percent: z.number(),
    holiday_effect_percent: z.number(),
  })
  .strict();
export type BrainSettingsJson = z.infer<typeof brainSettingsAnswer>;

export const brainEventAnswer = z.object({ uuid, name: z.string(), starts_at: day, ends_at: day, effect_percent: z.number() }).strict();
export type BrainEventJson = z.infer<typeof brainEventAnswer>;

/** A reason: the step id (translated by the web as `brain.step.<id>`), its amount and its detail. */
const reason = z.object({ step: z.string(), amount: cents, detail: z.record(z.string(), z.unknown()) }).strict();
/** A stay rule's reason: the layer (`demand`, `demandRelaxed`, `orphanGap`) and the minimum it sets (contract/stay-rules.ts). */
const ruleReason = z.object({ step: z.string(), set: z.record(z.string(), z.unknown()), detail: z.record(z.string(), z.unknown()) }).strict();
const priceEffect = z.object({ occupancy_before: z.number(), occupancy_after: z.number(), revenue_before: cents, revenue_after: cents }).strict();

export const recommendationAnswer = z
  .object({
    room_category_uuid: uuid,
    night: day,
    /** `price` (cents) or a stay rule's minimum stay (nights), ADR 0050. */
    field: z.enum(RECOMMENDED_FIELDS),
    current: z.number().int(),
    value: z.number().int(),
    status: z.enum(["pending", "accepted", "rejected", "applied"]),
    reasons: z.array(z.union([reason, ruleReason])),
    /** The price's expected effect; null for a stay rule (its what-if is on /stay-rules). */
    effect: priceEffect.nullable(),
    computed_at: timestamp,
  })
  .strict();
type RecommendationBase = Omit<z.infer<typeof recommendationAnswer>, "reasons" | "field" | "effect">;
export type PriceRecommendationJson = RecommendationBase & { field: "price"; reasons: BrainStep[]; effect: z.infer<typeof priceEffect> };
export type StayRuleRecommendationJson = RecommendationBase & { field: StayRuleField; reasons: RuleStep[]; effect: null };
export type RecommendationJson = PriceRecommendationJson | StayRuleRecommendationJson;

/** A moment prices or the brain's stay rules were written (undo offers to go back to just before it). */
export const priceChangeMomentAnswer = z
  .object({
    kind: z.enum(["price", "stay_rules"]),
    at: timestamp,
    source: z.enum(["owner", "recommendation", "autopilot", "undo"]),
    room_category_uuid: uuid,
    from: day,
    to: day,
    nights: z.number().int(),
    user: z.string().nullable(),
  })
  .strict();
export type PriceChangeMomentJson = z.infer<typeof priceChangeMomentAnswer>;

export const recommendationsAnswer = z
  .object({
    from: day,
    to: day,
    today: day,
    currency,
    timezone: z.string(),
    manual_prices_enabled: z.boolean(),
    settings: brainSettingsAnswer,
    categories: z.array(z.object({ uuid, name: z.string(), mode }).strict()),
    events: z.array(brainEventAnswer),
    data: z.array(recommendationAnswer),
    changes: z.array(priceChangeMomentAnswer),
    /** The guests' answer to price learnt from the booking page's quotes (ADR 0064): quotes of the last year with a market price, how many it needs, the elasticity once learnt. */
    guests_answer: z.object({ quotes: z.number().int(), needed: z.number().int(), elasticity: z.number().nullable() }).strict(),
  })
  .strict();
export type RecommendationsJson = Omit<z.infer<typeof recommendationsAnswer>, "data"> & { data: RecommendationJson[] };

export const brainSettingsWriteAnswer = z.object({ settings: brainSettingsAnswer, pending: z.number().int(), applied: z.number().int() }).strict();
export const decisionAnswer = z.object({ decided: z.number().int(), nights: z.array(day) }).strict();
export const undoAnswer = z.object({ restored: z.array(day) }).strict();
export const brainEventWriteAnswer = z.object({ event: brainEventAnswer }).strict();

/** POST /businesses/{id}/recommendations/preview: the what-if of settings not saved (issue 27, point 3). */
export const brainPreviewAnswer = z
  .object({
    from: day,
    to: day,
    currency,
    price_response: z
      .object({ elasticity: z.number(), low: z.number(), high: z.number(), source: z.enum(["quotes", "history", "prior", "unclear"]), samples: z.number().int() })
      .strict(),
    totals: z
      .object({
        rooms_before: z.number(),
        rooms_after: z.number(),
        revenue_before: cents,
        revenue_after: cents,
        revenue_after_low: cents,
        revenue_after_high: cents,
        occupancy_before: z.number(),
        occupancy_after: z.number(),
      })
      .strict(),
    nights: z.array(
      z
        .object({
          room_category_uuid: uuid,
          night: day,
          price_before: cents,
          price_after: cents,
          occupancy_before: z.number(),
          occupancy_after: z.number(),
          revenue_before: cents,
          revenue_after: cents,
        })
        .strict(),
    ),
  })
  .strict();
export type BrainPreviewJson = z.infer<typeof brainPreviewAnswer>;
export type BrainSettingsWriteJson = z.infer<typeof brainSettingsWriteAnswer>;
export type DecisionJson = z.infer<typeof decisionAnswer>;
export type UndoJson = z.infer<typeof undoAnswer>;
export type BrainEventWriteJson = z.infer<typeof brainEventWriteAnswer>;
