/** One line of `npm run bench` output. */
export interface BenchRow {
  /** What was measured, e.g. "pricing engine 365 days x 20 categories". */
  name: string;
  value: number;
  unit: "ms" | "req/s" | "KiB" | "MiB" | "ops/s" | "x" | "s" | "%" | "pts" | "BRL" | "nights";
  /** The target from the issue, printed beside the figure; never asserted. */
  goal?: string;
}

/** A bench suite: `bench/suites/<name>.ts` exports `run` returning its rows. */
export type BenchSuite = (ctx: BenchContext) => Promise<BenchRow[]>;

export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  errors: number;
}

export interface BenchContext {
  /** Base URL of a production server started on a temporary, seeded database. */
  baseUrl: string;
  /** Signs in through the web form; returns the Cookie header for later requests. */
  signIn(email: string): Promise<string>;
  /** Signs in to the API; returns the bearer token. */
  apiToken(email: string): Promise<string>;
  /** Fixed-concurrency load on one path; reports requests/s and latency percentiles. */
  load(path: string, options?: Parameters<typeof import("./lib/load.ts").load>[1]): Promise<LoadResult>;
}
