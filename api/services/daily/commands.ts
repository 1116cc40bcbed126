import { FALLBACK_TIME_ZONE } from "#domain/business/timezone.ts";
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { INITIAL_BUSINESS_STATUS } from "#domain/business/status.ts";
import { addDays } from "#domain/bookings/stay.ts";
import { getConfig, type Config } from "#config";
import { cronEvery } from "#domain/daily/cron.ts";
import { decodeMessage } from "#domain/validation.ts";
import type { Database } from "#api/db/client.ts";
import { businessRewards, businesses, channexConnections, subscriptions } from "#api/db/schema/index.ts";
import { translatorFor } from "#api/i18n.ts";
import { logger } from "#api/logger.ts";
import { businessesWithDueRenewals, renewDue } from "#api/services/billing/builtin.ts";
import { requestResync } from "#api/services/channels/connections.ts";
import { FULL_RESYNC_CRON, resyncSlotAt, resyncSlotOf } from "#api/services/channels/resync-schedule.ts";
import { businessesWithIcalImports, pollIcalImports } from "#api/services/ledger/ical-imports.ts";
import { sendDigests } from "#api/services/notifications/digest.ts";
import { notify } from "#api/services/notifications/notify.ts";
import { refreshScorecard } from "#api/services/forecast/scorecard.ts";
import { refreshForecastNights } from "#api/services/forecast/stored-nights.ts";
import { businessToday } from "#api/services/pricing/calendar.ts";
import { daysToUpdate, refreshRates } from "#api/services/pricing/rates.ts";
import { recomputeRecommendations } from "#api/services/brain/recommendations.ts";
import { recomputeStayRuleRecommendations } from "#api/services/brain/stay-rules.ts";
import { evaluateRewards } from "#api/services/reports/rewards.ts";
import { pruneProduct } from "./prune.ts";

/** The settings a command's schedule may depend on. */
export type ScheduleConfig = Pick<Config, "RENEWALS_EVERY_MINUTES">;

/**
 * The daily commands (docs/api/daily-commands.md): what every business needs once a day, and the
 * housekeeping of the whole product. Each `run` is idempotent, so a retry after a failure half-way
 * or a second "run now" redoes nothing that was done.
 */
export interface DailyCommand {
  name: string;
  /**
   * Cron line, UTC. Spread over the night so the commands do not all compete for the database.
   * A function of the settings when the deployment chooses the frequency; null: not scheduled
   * (it runs only when asked).
   */
  cron: string | ((config: ScheduleConfig) => string | null);
  /** `business`: one run per business of `businesses()`; `global`: one run for the whole product. */
  scope: "business" | "global";
  businesses?(db: Database, now: Date): Promise<string[]>;
  run(db: Database, businessId: string | null, now: Date): Promise<void>;
  /**
   * Runs at every slot of its cron line, not once a day: a success does not make the day's later
   * slots skip (the command is idempotent by itself, like a renewal or an iCal poll).
   */
  repeats?: boolean;
  /** A worker queue of its own, for slow outside calls that must not hold up the other commands. */
  worker?: { queue: string; retryLimit: number };
}

/** The command's cron line under these settings (null: not scheduled). */
export function cronOf(command: DailyCommand, config: ScheduleConfig = getConfig()): string | null {
  return typeof command.cron === "function" ? command.cron(config) : command.cron;
}

/** Businesses with something to work on: every one past its creation. */
async function activeBusinesses(db: Database): Promise<string[]> {
  const rows = await db.select({ id: businesses.id }).from(businesses).where(ne(businesses.status, INITIAL_BUSINESS_STATUS));
  return rows.map((r) => r.id);
}

async function todayOf(db: Database, businessId: string, now: Date): Promise<string> {
  const [row] = await db.select({ timezone: businesses.timezone }).from(businesses).where(eq(businesses.id, businessId));
  return businessToday(now, row?.timezone ?? FALLBACK_TIME_ZONE);
}

const REWARD_NOTICE = { goal_met: "goal.reached", prices_published: "reward.earned", revpar_above_last_year: "reward.earned" } as const;

export const DAILY_COMMANDS: readonly DailyCommand[] = [
  {
    // Today moved: yesterday's night left the horizon, a new one entered, seasons and lead time
    // shift; the brain's freeze window and change limits move with the clock too.
    name: "pricing.recompute",
    cron: "0 3 * * *",
    scope: "business",
    businesses: activeBusinesses,
    async run(db, businessId, now) {
      await refreshRates(db, businessId!, { now, reason: "daily" });
      // The forecast of the year ahead as of the new day, which the brain's demand reads (ADR 0054).
      await refreshForecastNights(db, businessId!, now);
      await db.transaction((tx) => recomputeRecommendations(tx as unknown as Database, businessId!, { now }));
      // The stay rules' changes move with the clock too (a demand rule relaxes inside N days).
      await db.transaction((tx) => recomputeStayRuleRecommendations(tx as unknown as Database, businessId!, { now }));
      const { days } = await daysToUpdate(db, businessId!, now);
      const nights = days.reduce((sum, day) => sum + day.categories.length, 0);
      if (nights > 0) await db.transaction((tx) => notify(tx, { businessId: businessId!, kind: "nights.to_publish", params: { count: nights }, link: "/days-to-update" }));
    },
  },
  {
    // The forecast's scorecard (issue 26 point 6): the hotel's last year backtested as of the new
    // day — seconds of CPU per business, so here and stored, never on a page. Replaces the last.
    name: "forecast.scorecard",
    cron: "20 3 * * *",
    scope: "business",
    businesses: activeBusinesses,
    async run(db, businessId, now) {
      await refreshScorecard(db, businessId!, now);
    },
  },
  {
    // Other sites' calendars (ADR 0017), every 15 minutes for the businesses with an active import.
    // Each import records its own error and tells the team once (sync.error); the run fails when
    // any import failed, so the page shows it. No queue retry: the next slot is the retry.
    name: "ical.poll",
    cron: "*/15 * * * *",
    scope: "business",
    repeats: true,
    worker: { queue: "daily.command.ical-poll", retryLimit: 0 },
    businesses: businessesWithIcalImports,
    async run(db, businessId, now) {
      const failed = (await pollIcalImports(db, businessId!, { now })).filter((r) => r.error);
      if (failed.length === 0) return;
      const t = translatorFor("en-US");
      const reasons = failed.map((r) => {
        const { key, values } = decodeMessage(r.error!);
        return `${r.uuid}: ${t(key, values)}`;
      });
      throw new Error(`${failed.length} iCal import(s) failed: ${reasons.join("; ")}`);
    },
  },
  {
    // A full ARI push once a day repairs whatever a channel lost (the push only sends differences),
    // each business in its own ten-minute slot of the night so Channex does not get every property at once.
    name: "channels.full-resync",
    cron: FULL_RESYNC_CRON,
    scope: "business",
    repeats: true,
    // Outside the night (an administrator's "run now" by day) every connected business.
    businesses: async (db, now) => {
      const slot = resyncSlotAt(now);
      const connected = await db.select({ id: channexConnections.businessId }).from(channexConnections).where(eq(channexConnections.active, true));
      return connected.map((r) => r.id).filter((id) => slot < 0 || resyncSlotOf(id) === slot);
    },
    async run(db, businessId, now) {
      await requestResync(db, businessId!, now);
    },
  },
  {
    name: "rewards.evaluate",
    cron: "30 3 * * *",
    scope: "business",
    businesses: activeBusinesses,
    async run(db, businessId, now) {
      await evaluateRewards(db, businessId!, await todayOf(db, businessId!, now), now);
      await db.transaction(async (tx) => {
        // Claimed in the same transaction as the notices: a reward is announced exactly once.
        const claimed = await tx
          .update(businessRewards)
          .set({ notifiedAt: now })
          .where(and(eq(businessRewards.businessId, businessId!), isNull(businessRewards.notifiedAt)))
          .returning({ kind: businessRewards.kind, period: businessRewards.period });
        for (const reward of claimed) {
          await notify(tx, { businessId: businessId!, kind: REWARD_NOTICE[reward.kind], params: { reward: reward.kind, period: reward.period }, link: "/rewards" });
        }
      });
    },
  },
  {
    // The built-in provider's charges, retries, past dues and cancellations (ADR 0007), as often as
    // RENEWALS_EVERY_MINUTES says, for the businesses with a subscription due; 0 turns the schedule off.
    name: "billing.renewals",
    cron: (config) => (config.RENEWALS_EVERY_MINUTES > 0 ? cronEvery(config.RENEWALS_EVERY_MINUTES) : null),
    scope: "business",
    repeats: true,
    businesses: businessesWithDueRenewals,
    async run(db, businessId, now) {
      const { errors, ...counts } = await renewDue(db, now, { businessId: businessId! });
      if (counts.renewed + counts.canceled + counts.pastDue + counts.recovered > 0) logger.info({ msg: "renewals", business_id: businessId, ...counts });
      if (errors.length) throw new Error(`renewal failed: ${errors.join("; ")}`);
    },
  },
  {
    name: "billing.trial-ending",
    cron: "40 3 * * *",
    scope: "business",
    businesses: activeBusinesses,
    async run(db, businessId, now) {
      // Trials that end on the business's day three days from today: told once, on that day.
      const today = await todayOf(db, businessId!, now);
      const target = addDays(today, 3);
      const [trial] = await db
        .select({ trialEnd: subscriptions.trialEnd })
        .from(subscriptions)
        .innerJoin(businesses, eq(businesses.id, subscriptions.businessId))
        .where(
          and(
            eq(subscriptions.businessId, businessId!),
            eq(subscriptions.status, "trialing"),
            eq(subscriptions.isAddOn, false),
            sql`(${subscriptions.trialEnd} at time zone ${businesses.timezone})::date = ${target}::date`,
          ),
        )
        .limit(1);
      if (trial) await db.transaction((tx) => notify(tx, { businessId: businessId!, kind: "trial.ending", params: { date: target }, link: "/account-settings/subscriptions" }));
    },
  },
  {
    name: "notifications.digest",
    cron: "0 9 * * *",
    scope: "business",
    businesses: activeBusinesses,
    async run(db, businessId) {
      await sendDigests(db, businessId!);
    },
  },
  {
    name: "maintenance.prune",
    cron: "50 3 * * *",
    scope: "global",
    async run(db, _businessId, now) {
      await pruneProduct(db, now, getConfig());
    },
  },
];

export function dailyCommand(name: string): DailyCommand | undefined {
  return DAILY_COMMANDS.find((c) => c.name === name);
}
