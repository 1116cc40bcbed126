import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { HorizonScore } from "#domain/forecast/backtest.ts";
import type { HotelData } from "./input.ts";

/**
 * The scorecard's backtest (a year of nights at 7 horizons: 15–57 s of CPU on a 187-room hotel)
 * on a worker thread, so the process keeps answering requests while it runs (ADR 0051). The
 * worker runs the same pure function (domain/forecast/backtest.ts) on the same input, posted to
 * it as plain data: the figures are identical to computing it in place.
 */
export interface BacktestJob {
  data: HotelData;
  window: { from: number; to: number; today: number };
  horizons: readonly number[];
}

/**
 * The worker's module: compiled beside the server in build/node/ (scripts/build-server.mjs), or its
 * TypeScript source, loaded through tsx, when the server runs from source (dev, tests, bench).
 * `import.meta.filename` on purpose: the build rewrites `import.meta.url` in api/ to the source
 * file's location, which would say "source" in the compiled server too.
 */
function workerScript(): { code: string; eval: boolean } {
  if (!import.meta.filename.endsWith(".ts")) return { code: join(import.meta.dirname, "forecast-backtest-worker.js"), eval: false };
  const source = pathToFileURL(join(import.meta.dirname, "backtest-worker.ts")).href;
  // Run from the repository's root (npm scripts, Vitest), where the bare name finds tsx's ESM entry.
  return { code: `import("tsx/esm/api").then(({ register }) => { register(); return import(${JSON.stringify(source)}); });`, eval: true };
}

/** The backtest of the hotel's nights `window` at `horizons`, computed on a worker thread. */
export function backtestOffThread(job: BacktestJob): Promise<HorizonScore[]> {
  const script = workerScript();
  return new Promise((resolve, reject) => {
    const worker = new Worker(script.code, { eval: script.eval, workerData: job });
    let answered = false;
    worker.once("message", (scores: HorizonScore[]) => {
      answered = true;
      resolve(scores);
      void worker.terminate();
    });
    worker.once("error", reject);
    worker.once("exit", (code) => {
      if (!answered) reject(new Error(`the forecast backtest's worker stopped (exit code ${code}) without an answer`));
    });
  });
}
