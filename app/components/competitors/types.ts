import type { MarketAnalysisJson } from "#contract/competitors";

/** The competitor answers as the components name them (contract/competitors.ts). */
export type { CompetitorJson, CompetitorRatesJson as RatesAnswer, MarketAnalysisJson as MarketAnswer, MarketNightJson as NightJson } from "#contract/competitors";

/** The figures of a group of nights (a weekday, a week). */
export type GroupJson = Omit<MarketAnalysisJson["weekdays"][number], "weekday">;
