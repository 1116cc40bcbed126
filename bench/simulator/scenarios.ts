// The simulator's runs: 3 elasticity ranges × N seeds × (static rules, brain in autopilot) × (no
// stay rules, and each stay-rules hook asked for), and their summary with 95 % intervals (Student's t over seeds; the brain's gain is paired per seed,
// both policies meeting the same guests). docs/market-simulator.md.
import { toDayNumber } from "#domain/pricing/dates.ts";
import { referenceCalibration } from "./calibration.ts";
import { demoRules } from "./demo-rules.ts";
import { brainAutopilot, staticRules, type StayRulesHook } from "./policies.ts";
import { simulate, worldFor, type Outcome, type Span } from "./simulate.ts";
import { mulberry32 as rng } from "#domain/random.ts";

/** Price elasticity ranges; each seed draws its own within the range, which the brain is never told. */
export const ELASTICITIES = [
  { name: "inelastic", low: -0.8, high: -0.4 },
  { name: "middle", low: -1.4, high: -0.9 },
  { name: "elastic", low: -2.4, high: -1.6 },
] as const;

/**
 * Nights of 2025 are the history (static rules); the brain switches on on 2026-01-01 with the
 * bookings already on the books that day, and 2026's nights are measured.
 */
export const SPAN: Span = { firstNight: "2025-01-01", lastNight: "2026-12-31", measureFrom: "2026-01-01", measureTo: "2026-12-31" };

export interface ScenarioResult {
  name: string;
  /** `static` and `brain` without stay rules; `stayRules` one entry per hook, in the order asked. */
  runs: { elasticity: number; static: Outcome; brain: Outcome; stayRules: { name: string; static: Outcome; brain: Outcome }[] }[];
}

/** t quantile (0.975) for n − 1 degrees of freedom (n ≥ 2; 1.96 beyond 30). */
function t975(n: number): number {
  const table = [12.71, 4.3, 3.18, 2.78, 2.57, 2.45, 2.36, 2.31, 2.26, 2.23, 2.2, 2.18, 2.16, 2.14, 2.13, 2.12, 2.11, 2.1, 2.09, 2.09, 2.08, 2.07, 2.07, 2.06, 2.06, 2.06, 2.05, 2.05, 2.05];
  return table[n - 2] ?? 1.96;
}

/** Mean and half-width of its 95 % interval. */
export function interval(xs: readonly number[]): { mean: number; half: number } {
  const n = xs.length;
  const mean = xs.reduce((a, b) => a + b, 0) / n;
  if (n < 2) return { mean, half: Number.NaN };
  const sd = Math.sqrt(xs.reduce((a, x) => a + (x - mean) ** 2, 0) / (n - 1));
  return { mean, half: (t975(n) * sd) / Math.sqrt(n) };
}

export function runScenarios(options: { seeds: number; stayRules?: readonly StayRulesHook[] }): ScenarioResult[] {
  const calibration = referenceCalibration();
  const config = demoRules([2024, 2025, 2026]);
  const switchOn = toDayNumber(SPAN.measureFrom);
  return ELASTICITIES.map((range, scenario) => ({
    name: range.name,
    runs: Array.from({ length: options.seeds }, (_, i) => {
      const seed = 1000 * (scenario + 1) + i;
      const elasticity = range.low + (range.high - range.low) * rng(seed ^ 0x5eed)();
      const world = worldFor({ seed, calibration, config, span: SPAN, elasticity });
      const both = (stayRules?: StayRulesHook) => {
        const outcome = ({ hotel: _, ...o }: ReturnType<typeof simulate>): Outcome => o;
        return {
          static: outcome(simulate({ world, config, span: SPAN, policy: staticRules, stayRules })),
          brain: outcome(simulate({ world, config, span: SPAN, policy: brainAutopilot(world, switchOn), stayRules })),
        };
      };
      return { elasticity, ...both(), stayRules: (options.stayRules ?? []).map((hook) => ({ name: hook.name, ...both(hook) })) };
    }),
  }));
}
