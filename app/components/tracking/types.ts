import type { z } from "zod";
import type { bookingCurvesAnswer, forecastAnswer, paceAnswer, pickupAnswer } from "#contract/tracking";

/** The tracking answers as the pages name them (contract/tracking.ts, docs/api/intelligence-tracking.md). */
export type PickupAnswer = z.infer<typeof pickupAnswer>;
export type PaceAnswer = z.infer<typeof paceAnswer>;
export type CurvesAnswer = z.infer<typeof bookingCurvesAnswer>;
export type ForecastAnswer = z.infer<typeof forecastAnswer>;
export type ScorecardJson = NonNullable<ForecastAnswer["scorecard"]>;

export const VIEWS = ["pickup", "pace", "curves", "forecast"] as const;
export type View = (typeof VIEWS)[number];
