/**
 * What each figure of the explorer is measured in (docs/metrics.md): money in cents, a 0–1
 * ratio, a count, or days. The pages format by it and the exports choose their cell kinds by it.
 * Kept free of Zod so the pages that format figures do not download it.
 */
export type MetricUnit = "money" | "ratio" | "count" | "days";

export const METRIC_UNITS = {
  occupancy: "ratio",
  adr: "money",
  revpar: "money",
  room_revenue: "money",
  total_revenue: "money",
  net_revenue: "money",
  extras_revenue: "money",
  commission: "money",
  room_nights_sold: "count",
  rooms_available: "count",
  reservations: "count",
  cancellations: "count",
  cancellation_rate: "ratio",
  no_shows: "count",
  no_show_rate: "ratio",
  average_lead_time: "days",
  average_length_of_stay: "days",
  room_nights_share: "ratio",
  revenue_share: "ratio",
} as const satisfies Record<string, MetricUnit>;

export function metricUnit(metric: string): MetricUnit {
  return (METRIC_UNITS as Record<string, MetricUnit>)[metric] ?? "count";
}
