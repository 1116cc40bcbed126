import { z } from "zod";
import { BRAIN_MODES } from "#domain/brain/types.ts";
import type { BrainStep } from "#domain/brain/types.ts";
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

export const recommendationAnswer = z
  .object({
    room_category_uuid: uuid,
    night: day,
    field: z.literal("price"),
    current: cents,
    value: cents,
    status: z.enum(["pending", "accepted", "rejected", "applied"]),
    reasons: z.array(reason),
    effect: z.object({ occupancy_before: z.number(), occupancy_after: z.number(), revenue_before: cents, revenue_after: cents }).strict(),
    computed_at: timestamp,
  })
  .strict();
export type RecommendationJson = Omit<z.infer<typeof recommendationAnswer>, "reasons"> & { reasons: BrainStep[] };

/** A moment prices were written (undo offers to go back to just before it). */
export const priceChangeMomentAnswer = z
  .object({
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
  })
  .strict();
export type RecommendationsJson = Omit<z.infer<typeof recommendationsAnswer>, "data"> & { data: RecommendationJson[] };

export const brainSettingsWriteAnswer = z.object({ settings: brainSettingsAnswer, pending: z.number().int(), applied: z.number().int() }).strict();
export const decisionAnswer = z.object({ decided: z.number().int(), nights: z.array(day) }).strict();
export const undoAnswer = z.object({ restored: z.array(day) }).strict();
export const brainEventWriteAnswer = z.object({ event: brainEventAnswer }).strict();
