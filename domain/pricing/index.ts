/** The pricing engine: pure functions from a tariff configuration to daily rates. See docs/pricing.md. */
export * from "./types.ts";
export { compilePricing, priceCalendar, priceDailyRate, percentOf, roundToUnit, PricingError, ROUNDING_UNIT, DEFAULT_GUESTS } from "./engine.ts";
export type { CompiledPricing } from "./engine.ts";
export { resolveSeason } from "./season.ts";
export { resolveLevel, normalizeOccupancy } from "./levels.ts";
export {
  validateFluctuationLevels,
  validateSeasonalities,
  validateRoomCategories,
  validateOccupancyPricing,
  validateLeadTimeBands,
  validateManualPrices,
  validatePricingConfig,
  isValid,
  MIN_PERCENTAGE,
  MAX_PERCENTAGE,
} from "./validate.ts";
export { addDays, daysBetween, isIsoDate, weekday } from "./dates.ts";
