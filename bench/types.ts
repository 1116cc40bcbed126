/** One line of `npm run bench` output. */
export interface BenchRow {
  /** What was measured, e.g. "pricing engine 365 days x 20 categories". */
  name: string;
  value: number;
  unit: "ms" | "req/s" | "KiB" | "ops/s" | "x";
  /** The target from the issue, printed beside the figure; never asserted. */
  goal?: string;
}

/** A bench suite: `bench/suites/<name>.ts` exports `run` returning its rows. */
export type BenchSuite = (ctx: BenchContext) => Promise<BenchRow[]>;

export interface BenchContext {
  /** Base URL of a production server started on a temporary database, e.g. http://127.0.0.1:4123 */
  baseUrl: string;
}
