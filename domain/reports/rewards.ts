/**
 * Rewards: achievements earned from outcomes the data proves (docs/api/reports.md, "Rewards").
 * - goal_met: a finished month reached every goal set for it (revenue, occupancy, ADR).
 * - prices_published: for 30 days in a row, every recommended rate change was published within
 *   24 hours (see `publishedInTime`).
 * - revpar_above_last_year: a finished month's RevPAR beat the same month a year before.
 */
export const REWARD_KINDS = ["goal_met", "prices_published", "revpar_above_last_year"] as const;
export type RewardKind = (typeof REWARD_KINDS)[number];

/** The run of days the publishing reward asks for. */
export const PUBLISH_STREAK_DAYS = 30;
/** How long a recommended rate may wait for its publication. */
export const PUBLISH_WITHIN_MS = 24 * 60 * 60 * 1000;

/**
 * A recommended-rate change of a night and category was published in time when the night's last
 * publication came at or after the change and no later than 24 hours after it. published_rates
 * keeps only the last publication, so a change is judged by its night's *last* change in the
 * window: earlier changes of the same night were overtaken by it.
 */
export function publishedInTime(changedAt: Date, publishedAt: Date | null): boolean {
  if (!publishedAt) return false;
  const delay = publishedAt.getTime() - changedAt.getTime();
  return delay >= 0 && delay <= PUBLISH_WITHIN_MS;
}

/** RevPAR above last year: both months had rooms to sell and this one earned more per room. */
export function revparBeatLastYear(current: number | null, lastYear: number | null): boolean {
  return current !== null && lastYear !== null && lastYear > 0 && current > lastYear;
}

/**
 * A month's goals met: every goal set (revenue in cents, occupancy in percent, ADR in cents) was
 * reached by the month's room revenue, occupancy (0–1) and ADR; a month with no goal set earns nothing.
 */
export function goalsMet(
  goal: { revenue: number | null; occupancy: number | null; adr: number | null },
  actual: { revenue: number; occupancy: number | null; adr: number | null },
): boolean {
  if (goal.revenue === null && goal.occupancy === null && goal.adr === null) return false;
  if (goal.revenue !== null && actual.revenue < goal.revenue) return false;
  if (goal.occupancy !== null && (actual.occupancy === null || actual.occupancy * 100 < goal.occupancy)) return false;
  if (goal.adr !== null && (actual.adr === null || actual.adr < goal.adr)) return false;
  return true;
}
