import { parentPort, workerData } from "node:worker_threads";
import { backtest } from "#domain/forecast/backtest.ts";
import { hotelInputOf } from "./input.ts";
import type { BacktestJob } from "./backtest-thread.ts";

/**
 * The worker thread's side of backtestOffThread (backtest-thread.ts): the hotel's backtest, the
 * same pure computation as on the serving thread, posted back once. Compiled to
 * build/node/forecast-backtest-worker.js by scripts/build-server.mjs.
 */
const job = workerData as BacktestJob;
parentPort!.postMessage(backtest(hotelInputOf(job.data), job.window, job.horizons));
