import { z } from "zod";
import { REWARD_KINDS } from "#domain/reports/rewards.ts";
import { cents, currency, day, timestamp, namedRef, uuid } from "./primitives.ts";

/**
 * The JSON answers of the reports routes (financial, commissions, export centre, rewards, host
 * units): doc({ response }), ADR 0022. Money in cents.
 */

/** The period every report answers with: the asked (or default) range, the business's today, currency and time zone. */
export const reportPeriod = { from: day, to: day, today: day, currency, timezone: z.string() };
export type ReportPeriodJson = z.infer<z.ZodObject<typeof reportPeriod>>;

const financialLine = {
  room_nights: z.int().min(0),
  room_revenue: cents,
  extras_revenue: cents,
  gross_revenue: cents,
  commission: cents,
  net_revenue: cents,
};
const money = { billed: cents, received: cents, outstanding: cents };

/** GET /reports/financial. */
export const financialAnswer = z
  .object({
    ...reportPeriod,
    totals: z.object(financialLine).strict(),
    months: z.array(z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), ...financialLine }).strict()),
    channels: z.array(z.object({ channel: z.string(), ...financialLine }).strict()),
    categories: z.array(z.object({ room_category_uuid: uuid, name: z.string(), ...financialLine }).strict()),
    receivables: z
      .object({
        reservations: z.int().min(0),
        ...money,
        owing: z.array(z.object({ reservation_uuid: uuid, code: z.string(), guest: z.string(), arrival: day, departure: day, ...money }).strict()),
      })
      .strict(),
  })
  .strict();
export type FinancialJson = z.infer<typeof financialAnswer>;

const commissionLine = { room_nights: z.int().min(0), room_revenue: cents, commission: cents, effective_percent: z.number().nullable() };

/** GET /reports/commissions. */
export const commissionsAnswer = z
  .object({
    ...reportPeriod,
    totals: z.object(commissionLine).strict(),
    lines: z.array(
      z
        .object({ channel: z.string(), room_category_uuid: uuid, name: z.string(), percent: z.number(), source: z.enum(["channel", "category"]), ...commissionLine })
        .strict(),
    ),
    channels: z.array(z.object({ channel: z.string(), ...commissionLine }).strict()),
    categories: z.array(z.object({ room_category_uuid: uuid, name: z.string(), ...commissionLine }).strict()),
  })
  .strict();
export type CommissionsJson = z.infer<typeof commissionsAnswer>;

/** GET /reports: a summary of each report for the period. */
export const reportsSummaryAnswer = z
  .object({
    ...reportPeriod,
    reports: z.tuple([
      z.object({ kind: z.literal("financial"), gross_revenue: cents, net_revenue: cents, room_nights: z.int().min(0) }).strict(),
      z.object({ kind: z.literal("commissions"), commission: cents, effective_percent: z.number().nullable(), top_channel: z.string().nullable() }).strict(),
    ]),
  })
  .strict();
export type ReportsSummaryJson = z.infer<typeof reportsSummaryAnswer>;

/** GET /exports: what the export centre offers this caller for the period. */
export const exportsAnswer = (kinds: readonly [string, ...string[]], formats: readonly [string, ...string[]]) =>
  z.object({ ...reportPeriod, kinds: z.array(z.enum(kinds)), formats: z.array(z.enum(formats)) }).strict();
export type ExportsJson = z.infer<ReturnType<typeof exportsAnswer>>;

/** GET /rewards: rewards earned and the progress towards the next ones. */
export const rewardsAnswer = z
  .object({
    today: day,
    timezone: z.string(),
    currency,
    earned: z.array(
      z
        .object({
          uuid,
          kind: z.enum(REWARD_KINDS),
          period: z.string(),
          evidence: z.record(z.string(), z.union([z.number(), z.string(), z.null()])),
          earned_at: timestamp,
        })
        .strict(),
    ),
    progress: z.array(
      z
        .object({
          kind: z.enum(REWARD_KINDS),
          unit: z.enum(["days", "money"]),
          current: z.number().nullable(),
          target: z.number().nullable(),
          period: z.string(),
          changes: z.int().optional(),
        })
        .strict(),
    ),
  })
  .strict();
export type RewardsJson = z.infer<typeof rewardsAnswer>;

/** GET /hosts/units: each unit's performance over the period (ADR and RevPAR rounded to the cent). */
export const hostUnitsAnswer = z
  .object({
    ...reportPeriod,
    is_bnb: z.boolean(),
    units: z.array(
      z
        .object({
          room_uuid: uuid,
          number: z.string(),
          room_category: namedRef,
          rooms_available: z.int().min(0),
          room_nights_sold: z.int().min(0),
          room_revenue: cents,
          occupancy: z.number().nullable(),
          adr: cents.nullable(),
          revpar: cents.nullable(),
        })
        .strict(),
    ),
    unassigned: z.object({ room_nights_sold: z.int().min(0), room_revenue: cents }).strict(),
  })
  .strict();
export type HostUnitsJson = z.infer<typeof hostUnitsAnswer>;
