/** The revenue brain (issue 27): recommendations of a night's price with reasons and guardrails. See docs/pricing.md. */
export * from "./types.ts";
export { recommend, expectedAt, percentPerRoom, tooUnsure, PRICE_ELASTICITY } from "./recommend.ts";
export { nightDemand, usualAt, withForecast, Z80, type BookingCurve, type ForecastOfNight } from "./demand.ts";
export { restorePlan, type PriceChange } from "./undo.ts";
export { learnPriceResponse, whatIf, type PriceResponse, type SalesCell, type WhatIfInput, type WhatIfNight, type WhatIfTotals } from "./what-if.ts";
