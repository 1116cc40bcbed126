/**
 * Where a commission percentage came from (docs/metrics.md, "Commission rule"): the reservation's
 * sales channel when the business has one for its channel code, otherwise its room category.
 */
export type CommissionSource = "channel" | "category";
