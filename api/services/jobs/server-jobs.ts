import type { Config } from "#config";
import type { DatabaseHandle } from "#api/db/client.ts";
import { cronOf, dailyCommand } from "#api/services/daily/commands.ts";
// Imports and channel feeds move occupancy: the reacting areas must be on the bookings hook list here too.
import "#api/services/occupancy-listeners.ts";
import { dailyJobs, enqueueDaily } from "#api/services/daily/schedule.ts";
import { smtpMailer } from "#api/services/mail/transport.ts";
import { deliverQueuedNotices } from "#api/services/notifications/deliver.ts";
import { IMPORT_JOB, resumeImports, runImport } from "#api/services/imports/run.ts";
import { forecastRefreshJob } from "#api/services/forecast/refresh.ts";
import { ICAL_POLL_JOB, runPollJob, sweepPollRequests, type IcalPollJob } from "#api/services/ledger/ical-imports.ts";
import { removeUnfinishedUploads } from "#api/services/imports/upload.ts";
import { MEWS_SYNC_JOB, mewsBusinesses, pushMewsPricesNow, syncMews } from "#api/services/pms/mews-sync.ts";
import { MEWS_PRICES_JOB } from "#api/services/outbox/nights-changed.ts";
import type { PerBusinessJob } from "#api/services/queue/per-business.ts";
import { startBackground } from "./background.ts";
import { runningQueue, type JobDefinition, type JobQueue } from "#api/services/queue/queue.ts";

export const NOTICE_MAIL_JOB = "notifications.mail";
export const ICAL_SWEEP_JOB = "ical.poll-requests.sweep";

/**
 * Schedules of jobs that became daily commands (ADR 0020): a database written by an older version
 * still has them, and pg-boss would fire them at queues nobody works on.
 */
const RETIRED_SCHEDULES = ["billing.renewals", "ical.poll.all"];

/** What server.ts runs in the background: channels, the daily commands (iCal polls and renewals among them), the notice e-mails. */
export async function backgroundFor(
  handle: Pick<DatabaseHandle, "db" | "sql" | "kind">,
  config: Pick<Config, "RENEWALS_EVERY_MINUTES"> & Partial<Pick<Config, "SMTP_URL">>,
  now: () => Date = () => new Date(),
): Promise<JobQueue> {
  const daily = dailyJobs(handle.db, runningQueue, { now, config });
  // Notice e-mails are written with their event; with SMTP configured, a job sends them.
  const mailer = config.SMTP_URL ? smtpMailer(config.SMTP_URL) : null;
  const notices: JobDefinition = { name: NOTICE_MAIL_JOB, retryLimit: 1, run: async () => void (await deliverQueuedNotices(handle.db, mailer, now())) };
  // Reservation imports (issue #25): a long job that resumes from its cursor, so one attempt is enough.
  // Sent in the upload's transaction: on PostgreSQL its wake-up can precede the commit (ADR 0066).
  const imports: JobDefinition<{ importId: string }> = { name: IMPORT_JOB, retryLimit: 1, expireInSeconds: 30 * 60, pollSecondsOnPostgres: 1, run: ({ importId }) => runImport(handle.db, importId, { now }) };
  // The forecast after an import or a PMS sync wrote history (a backtest: seconds on a large hotel).
  const forecast = forecastRefreshJob(handle.db, now);
  // "Check now" of an iCal import (issue #24): one calendar a job, with its own time-out; the page shows the result.
  const icalChecks: JobDefinition<IcalPollJob> = { name: ICAL_POLL_JOB, retryLimit: 0, expireInSeconds: 120, pollSecondsOnPostgres: 1, run: async (job) => void (await runPollJob(handle.db, job, { now: now() })) };
  const icalSweep: JobDefinition = { name: ICAL_SWEEP_JOB, retryLimit: 0, run: async () => void (await sweepPollRequests(handle.db, runningQueue()!, now())) };
  // The Mews connector (ADR 0049): each connected business pulls what changed every five minutes, then pushes its prices.
  const mews: PerBusinessJob = {
    name: MEWS_SYNC_JOB,
    cron: "*/5 * * * *",
    retryLimit: 0,
    businesses: mewsBusinesses,
    run: async (db, businessId) => void (await syncMews(db, businessId, { now })),
  };
  const mewsPrices: JobDefinition<{ businessId: string }> = { name: MEWS_PRICES_JOB, retryLimit: 0, pollSecondsOnPostgres: 1, run: ({ businessId }) => pushMewsPricesNow(handle.db, businessId, now()) };
  const queue = await startBackground(handle, {
    now,
    perBusiness: [mews],
    jobs: [...daily.definitions, notices, imports, forecast, icalChecks, icalSweep, mewsPrices],
    schedules: [...daily.schedules, { name: ICAL_SWEEP_JOB, cron: "* * * * *" }, ...(mailer ? [{ name: NOTICE_MAIL_JOB, cron: "* * * * *" }] : [])],
  });
  for (const name of [...daily.unscheduled, ...RETIRED_SCHEDULES, ...(mailer ? [] : [NOTICE_MAIL_JOB])]) await queue.boss.unschedule(name);
  await removeUnfinishedUploads(handle.db);
  await resumeImports(handle.db, queue);
  const renewals = dailyCommand("billing.renewals")!;
  if (cronOf(renewals, config)) {
    // A server that was down over a period end catches up at once (once, however many processes start).
    await enqueueDaily(queue, handle.db, renewals, "all", { now: now() });
  }
  return queue;
}
