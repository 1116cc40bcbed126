import type { Config } from "../../../config.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { logger } from "../../logger.ts";
import { renewDue } from "../billing/builtin.ts";
import { icalPollJob } from "../ledger/ical-imports.ts";
import { startBackground } from "./background.ts";
import { dailyJobs } from "../daily/schedule.ts";
import { smtpMailer } from "../mail/transport.ts";
import { deliverQueuedNotices } from "../notifications/deliver.ts";
import { runningQueue, type JobDefinition, type JobQueue } from "./queue.ts";

export const RENEWALS_JOB = "billing.renewals";
export const NOTICE_MAIL_JOB = "notifications.mail";

/** RENEWALS_EVERY_MINUTES as a cron line (minutes that do not divide an hour or a day are rounded to one that does). */
export function cronEvery(minutes: number): string {
  if (minutes < 60) return `*/${Math.max(1, minutes)} * * * *`;
  const hours = Math.min(24, Math.max(1, Math.round(minutes / 60)));
  return hours >= 24 ? "0 0 * * *" : `0 */${hours} * * *`;
}

/**
 * The built-in provider's renewals as a queue job: renewDue locks each business and reads the
 * subscription again under the lock, so a run is idempotent; the schedule fires it once per slot
 * across every process (Stripe renews its own subscriptions and tells us by webhook).
 */
export function renewalsJob(handle: Pick<DatabaseHandle, "db">, now: () => Date): JobDefinition {
  return {
    name: RENEWALS_JOB,
    retryLimit: 2,
    run: async () => {
      const report = await renewDue(handle.db, now());
      if (report.renewed + report.canceled + report.pastDue + report.recovered > 0) logger.info({ msg: "renewals", ...report });
    },
  };
}

/** What server.ts runs in the background: channels, the iCal polls, the daily commands, and the renewals when they are on. */
export async function backgroundFor(
  handle: Pick<DatabaseHandle, "db" | "sql">,
  config: Pick<Config, "RENEWALS_EVERY_MINUTES"> & Partial<Pick<Config, "SMTP_URL">>,
  now: () => Date = () => new Date(),
): Promise<JobQueue> {
  const renewals = config.RENEWALS_EVERY_MINUTES > 0;
  const daily = dailyJobs(handle.db, runningQueue, { now });
  // Notice e-mails are written with their event; with SMTP configured, a job sends them.
  const mailer = config.SMTP_URL ? smtpMailer(config.SMTP_URL) : null;
  const notices: JobDefinition = { name: NOTICE_MAIL_JOB, retryLimit: 1, run: async () => void (await deliverQueuedNotices(handle.db, mailer, now())) };
  const queue = await startBackground(handle, {
    now,
    jobs: [renewalsJob(handle, now), ...daily.definitions, notices],
    perBusiness: [icalPollJob],
    schedules: [
      ...(renewals ? [{ name: RENEWALS_JOB, cron: cronEvery(config.RENEWALS_EVERY_MINUTES) }] : []),
      ...daily.schedules,
      ...(mailer ? [{ name: NOTICE_MAIL_JOB, cron: "* * * * *" }] : []),
    ],
  });
  if (!mailer) await queue.boss.unschedule(NOTICE_MAIL_JOB);
  if (renewals) {
    // A server that was down over a period end catches up at once (once, however many processes start).
    await queue.send(RENEWALS_JOB, {}, { singletonKey: "catch-up", singletonSeconds: 300 });
  } else {
    await queue.boss.unschedule(RENEWALS_JOB);
  }
  return queue;
}
