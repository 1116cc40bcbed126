import type { Database } from "../../db/client.ts";
import { logger } from "../../logger.ts";
import { renewDue, type RenewalReport } from "./builtin.ts";

export interface RenewalSchedule {
  /** Resolves once the run in progress (if any) has finished; no run starts afterwards. */
  stop(): Promise<void>;
}

/**
 * Runs the built-in provider's renewals inside the server process: once shortly after start (a
 * server that was down over a period end catches up) and then every `everyMs`. Runs never overlap;
 * several processes on one PostgreSQL are safe because each renewal locks its business and reads
 * the subscription again under the lock. Stripe renews its own subscriptions (webhooks tell us).
 */
export function scheduleRenewals(
  db: Database,
  options: { everyMs: number; firstAfterMs?: number; now?: () => Date; onReport?: (report: RenewalReport) => void },
): RenewalSchedule {
  const now = options.now ?? (() => new Date());
  let running: Promise<void> | undefined;
  let stopped = false;

  const run = () => {
    if (running || stopped) return;
    running = renewDue(db, now())
      .then((report) => {
        if (report.renewed + report.canceled + report.pastDue + report.recovered > 0) logger.info({ msg: "renewals", ...report });
        options.onReport?.(report);
      })
      .catch((error: unknown) => logger.error({ msg: "renewals failed", err: error }))
      .finally(() => {
        running = undefined;
      });
  };

  const first = setTimeout(run, options.firstAfterMs ?? 5_000);
  const every = setInterval(run, options.everyMs);
  // The schedule never keeps the process alive by itself.
  first.unref();
  every.unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(every);
      await running;
    },
  };
}
