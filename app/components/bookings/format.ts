/** Occupancy as the bookings screens show it: one decimal at most, "85,5 %". */
export function formatPercent(value: number, locale: string): string {
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value)} %`;
}
