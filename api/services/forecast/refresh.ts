import type { Database } from "#api/db/client.ts";
import { logger } from "#api/logger.ts";
import { runningQueue, type JobDefinition } from "#api/services/queue/queue.ts";
import { refreshScorecard } from "./scorecard.ts";
import { refreshForecastNights } from "./stored-nights.ts";

/** The job that computes a business's forecast again after its history changed (an import, a PMS sync). */
export const FORECAST_REFRESH_JOB = "forecast.refresh";

/**
 * The scorecard (a year's backtest: seconds of CPU on a large hotel) and the stored forecast the
 * brain reads (ADR 0054), both from the history as it is now.
 */
export async function refreshForecast(db: Database, businessId: string, now: Date): Promise<void> {
  await refreshScorecard(db, businessId, now);
  await refreshForecastNights(db, businessId, now);
}

/**
 * The history of a business changed (past stays imported): its forecast is computed again on the
 * queue, after the import is done rather than inside it, so an import — and the owner waiting for
 * it — never waits for a backtest. Two imports in a row queue two runs; each reads the history as
 * it is when it runs, so the last one is right. Without a running queue (a script, a test of the
 * import alone) it is computed at once. A failure waits for the daily commands
 * (forecast.scorecard, pricing.recompute), which compute both again.
 */
export async function historyChanged(db: Database, businessId: string, now: Date): Promise<void> {
  const queue = runningQueue();
  if (queue) {
    await queue.send(FORECAST_REFRESH_JOB, { businessId });
    return;
  }
  await refreshForecast(db, businessId, now).catch((error) => logger.error({ msg: "forecast after a history change failed", business_id: businessId, err: error }));
}

/** The queue's worker for FORECAST_REFRESH_JOB: one attempt (the daily commands are the retry). */
export function forecastRefreshJob(db: Database, now: () => Date): JobDefinition<{ businessId: string }> {
  return { name: FORECAST_REFRESH_JOB, retryLimit: 0, expireInSeconds: 30 * 60, run: ({ businessId }) => refreshForecast(db, businessId, now()) };
}
