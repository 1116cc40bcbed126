import { and, asc, eq, gte, inArray, lte } from "drizzle-orm";
import { DEFAULT_GUARDRAILS, type BrainMode, type Guardrails, type OwnerEvent } from "#domain/brain/types.ts";
import type { BrainEventInput, BrainSettingsInput } from "#domain/schemas/brain.ts";
import type { Database } from "#api/db/client.ts";
import { brainCategoryModes, brainEvents, brainSettings, roomCategories } from "#api/db/schema/index.ts";

export interface BrainConfig {
  mode: BrainMode;
  /** Category → its own mode (absent: `mode`). */
  categoryModes: Map<string, BrainMode>;
  guardrails: Guardrails;
}

export interface StoredEvent extends OwnerEvent {
  id: string;
}

/** The business's brain settings, the defaults (mode off) when never saved. */
export async function loadBrainConfig(db: Database, businessId: string): Promise<BrainConfig> {
  const [[row], modes] = await Promise.all([
    db.select().from(brainSettings).where(eq(brainSettings.businessId, businessId)),
    db.select({ categoryId: brainCategoryModes.roomCategoryId, mode: brainCategoryModes.mode }).from(brainCategoryModes).where(eq(brainCategoryModes.businessId, businessId)),
  ]);
  const guardrails: Guardrails = row
    ? {
        maxDailyChangePercent: row.maxDailyChangePercent,
        maxWeeklyChangePercent: row.maxWeeklyChangePercent,
        freezeDays: row.freezeDays,
        maxIntervalPercent: row.maxIntervalPercent,
        maxMovePerBookingPercent: row.maxMovePerBookingPercent,
        targetOccupancyPercent: row.targetOccupancyPercent,
        demandSensitivity: row.demandSensitivity,
        marketWeightPercent: row.marketWeightPercent,
        holidayEffectPercent: row.holidayEffectPercent,
      }
    : { ...DEFAULT_GUARDRAILS };
  return { mode: row?.mode ?? "off", categoryModes: new Map(modes.map((m) => [m.categoryId, m.mode])), guardrails };
}

/** The mode a category runs in. */
export const modeOf = (config: BrainConfig, categoryId: string): BrainMode => config.categoryModes.get(categoryId) ?? config.mode;

/** The settings on the wire (snake_case), for the settings answer and the form. */
export function brainSettingsJson(config: BrainConfig) {
  const g = config.guardrails;
  return {
    mode: config.mode,
    category_modes: Object.fromEntries(config.categoryModes),
    max_daily_change_percent: g.maxDailyChangePercent,
    max_weekly_change_percent: g.maxWeeklyChangePercent,
    freeze_days: g.freezeDays,
    max_interval_percent: g.maxIntervalPercent,
    max_move_per_booking_percent: g.maxMovePerBookingPercent,
    target_occupancy_percent: g.targetOccupancyPercent,
    demand_sensitivity: g.demandSensitivity,
    market_weight_percent: g.marketWeightPercent,
    holiday_effect_percent: g.holidayEffectPercent,
  };
}

/** Categories named in `ids` that are not the business's. */
export async function foreignCategories(db: Database, businessId: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const own = await db.select({ id: roomCategories.id }).from(roomCategories).where(and(eq(roomCategories.businessId, businessId), inArray(roomCategories.id, [...ids])));
  const known = new Set(own.map((r) => r.id));
  return ids.filter((id) => !known.has(id));
}

/** The guardrails as sent, in the shape the brain reads (and the settings table stores). */
export function guardrailsOf(input: BrainSettingsInput): Guardrails {
  return {
    maxDailyChangePercent: input.max_daily_change_percent,
    maxWeeklyChangePercent: input.max_weekly_change_percent,
    freezeDays: input.freeze_days,
    maxIntervalPercent: input.max_interval_percent,
    maxMovePerBookingPercent: input.max_move_per_booking_percent,
    targetOccupancyPercent: input.target_occupancy_percent,
    demandSensitivity: input.demand_sensitivity,
    marketWeightPercent: input.market_weight_percent,
    holidayEffectPercent: input.holiday_effect_percent,
  };
}

/** Saves the settings on `tx` (the caller checked the categories). */
export async function saveBrainSettings(tx: Database, businessId: string, input: BrainSettingsInput, now: Date): Promise<void> {
  const values = { mode: input.mode, ...guardrailsOf(input), updatedAt: now };
  await tx.insert(brainSettings).values({ businessId, ...values }).onConflictDoUpdate({ target: brainSettings.businessId, set: values });
  await tx.delete(brainCategoryModes).where(eq(brainCategoryModes.businessId, businessId));
  const modes = Object.entries(input.category_modes).map(([categoryId, mode]) => ({ roomCategoryId: categoryId.toLowerCase(), businessId, mode }));
  if (modes.length) await tx.insert(brainCategoryModes).values(modes);
}

/** The owner's events touching `from`..`to` (all when no range), by start. */
export async function eventsOf(db: Database, businessId: string, range?: { from: string; to: string }): Promise<StoredEvent[]> {
  const rows = await db
    .select()
    .from(brainEvents)
    .where(and(eq(brainEvents.businessId, businessId), ...(range ? [lte(brainEvents.startsAt, range.to), gte(brainEvents.endsAt, range.from)] : [])))
    .orderBy(asc(brainEvents.startsAt), asc(brainEvents.createdAt));
  return rows.map((r) => ({ id: r.id, name: r.name, from: r.startsAt, to: r.endsAt, effectPercent: r.effectPercent }));
}

export async function addEvent(tx: Database, businessId: string, input: BrainEventInput): Promise<StoredEvent> {
  const [row] = await tx.insert(brainEvents).values({ businessId, name: input.name, startsAt: input.starts_at, endsAt: input.ends_at, effectPercent: input.effect_percent }).returning();
  return { id: row.id, name: row.name, from: row.startsAt, to: row.endsAt, effectPercent: row.effectPercent };
}

/** Removes one event; answers it (null: not the business's). */
export async function removeEvent(tx: Database, businessId: string, id: string): Promise<StoredEvent | null> {
  const [row] = await tx.delete(brainEvents).where(and(eq(brainEvents.businessId, businessId), eq(brainEvents.id, id))).returning();
  return row ? { id: row.id, name: row.name, from: row.startsAt, to: row.endsAt, effectPercent: row.effectPercent } : null;
}

export const eventJson = (e: StoredEvent) => ({ uuid: e.id, name: e.name, starts_at: e.from, ends_at: e.to, effect_percent: e.effectPercent });
