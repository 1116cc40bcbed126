import { FALLBACK_TIME_ZONE } from "#domain/business/timezone.ts";
import { and, desc, eq, sql } from "drizzle-orm";
import { addDays, daysBetween } from "#domain/pricing/index.ts";
import { monthPeriod, monthToDate, periodYearBefore, stayKpis, type StayKpis } from "#domain/metrics/index.ts";
import { monthOf, monthsBetween, shiftMonth } from "#domain/reports/period.ts";
import { goalsMet, PUBLISH_STREAK_DAYS, publishedInTime, revparBeatLastYear, type RewardKind } from "#domain/reports/rewards.ts";
import type { Database } from "#api/db/client.ts";
import { businesses, businessRewards } from "#api/db/schema/index.ts";
import { rowsOf } from "#api/db/query.ts";
import { goalsBetween } from "#api/services/metrics/goals.ts";
import { stayTotals, stayTotalsBy, type BusinessScope } from "#api/services/metrics/index.ts";

/** How far back a run of published days is looked for (so a missed daily run loses nothing). */
const PUBLISH_LOOKBACK_DAYS = 120;

export type RewardRow = typeof businessRewards.$inferSelect;

interface DayRecord {
  /** Recommended-rate changes that day whose night needed publishing. */
  changes: number;
  late: number;
}

/**
 * Recommended-rate changes per business-local day of `from`..`to`, and how many were not
 * published within 24 hours. A change counts when its night is at least the day after the change
 * (a night that passes before the 24 hours are up cannot be published any more); of several
 * changes of one night and category the last one counts, since it overtook the others.
 */
async function publicationDays(db: Database, businessId: string, timeZone: string, from: string, to: string): Promise<Map<string, DayRecord>> {
  const rows = await rowsOf<{ day: string; changed_at: string | Date; published_at: string | Date | null }>(
    db,
    sql`with changes as (
          select l.room_category_id, l.date, max(l.created_at) as changed_at
          from occupation_logs l
          where l.business_id = ${businessId} and l.kind = 'rate' and l.room_category_id is not null
            and (l.created_at at time zone ${timeZone})::date between ${from}::date and ${to}::date
            and l.date > (l.created_at at time zone ${timeZone})::date
          group by 1, 2
        )
        select to_char((c.changed_at at time zone ${timeZone})::date, 'YYYY-MM-DD') as day, c.changed_at, p.published_at
        from changes c
        left join published_rates p on p.room_category_id = c.room_category_id and p.date = c.date`,
  );
  const days = new Map<string, DayRecord>();
  for (const r of rows) {
    const day = days.get(r.day) ?? { changes: 0, late: 0 };
    day.changes += 1;
    if (!publishedInTime(new Date(r.changed_at), r.published_at ? new Date(r.published_at) : null)) day.late += 1;
    days.set(r.day, day);
  }
  return days;
}

/** The last day whose every change is past its 24-hour deadline: the day before yesterday. */
const lastJudgedDay = (today: string) => addDays(today, -2);

/**
 * Runs of PUBLISH_STREAK_DAYS days in a row with at least one change and none late, earliest
 * first, not overlapping each other or a run already earned (ending on or after `earnedUntil`).
 * A window with no change slides on by a day; a late change restarts after its day.
 */
function publishingRuns(days: Map<string, DayRecord>, from: string, to: string, earnedUntil: string | null) {
  const runs: { start: string; end: string; changes: number }[] = [];
  let start = earnedUntil && earnedUntil >= from ? addDays(earnedUntil, 1) : from;
  for (let day = start; day <= to; day = addDays(day, 1)) {
    if ((days.get(day)?.late ?? 0) > 0) {
      start = addDays(day, 1);
      continue;
    }
    if (daysBetween(start, day) + 1 < PUBLISH_STREAK_DAYS) continue;
    let changes = 0;
    for (let d = start; d <= day; d = addDays(d, 1)) changes += days.get(d)?.changes ?? 0;
    if (changes > 0) {
      runs.push({ start, end: day, changes });
      start = addDays(day, 1);
    } else {
      start = addDays(start, 1);
    }
  }
  return runs;
}

/**
 * The run in progress: days in a row, up to the last judged day and after the last run earned,
 * with nothing published late (at most PUBLISH_STREAK_DAYS), and the changes published in it.
 */
export function currentPublishingRun(days: Map<string, DayRecord>, from: string, to: string, earnedUntil: string | null): { days: number; changes: number } {
  let run = 0;
  let changes = 0;
  for (let day = to; day >= from && (!earnedUntil || day > earnedUntil) && run < PUBLISH_STREAK_DAYS; day = addDays(day, -1)) {
    if ((days.get(day)?.late ?? 0) > 0) break;
    run += 1;
    changes += days.get(day)?.changes ?? 0;
  }
  return { days: run, changes };
}

async function latestPeriod(db: Database, businessId: string, kind: RewardKind): Promise<string | null> {
  const [row] = await db
    .select({ period: businessRewards.period })
    .from(businessRewards)
    .where(and(eq(businessRewards.businessId, businessId), eq(businessRewards.kind, kind)))
    .orderBy(desc(businessRewards.period))
    .limit(1);
  return row?.period ?? null;
}

/** Months judged for the monthly rewards: the twelve finished ones before today's. */
const JUDGED_MONTHS = 12;

async function scopeOf(db: Database, businessId: string): Promise<BusinessScope> {
  const [row] = await db.select({ timezone: businesses.timezone }).from(businesses).where(eq(businesses.id, businessId));
  return { id: businessId, timezone: row?.timezone ?? FALLBACK_TIME_ZONE };
}

async function earn(db: Database, businessId: string, now: Date, rows: { kind: RewardKind; period: string; evidence: Record<string, number | string | null> }[]) {
  if (rows.length === 0) return;
  await db
    .insert(businessRewards)
    .values(rows.map((r) => ({ businessId, ...r, earnedAt: now })))
    .onConflictDoNothing();
}

/** KPIs by month (YYYY-MM) of the months `fromMonth`..`toMonth`. */
async function monthlyKpis(db: Database, business: BusinessScope, fromMonth: string, toMonth: string): Promise<Map<string, StayKpis>> {
  const rows = await stayTotalsBy(db, business, { from: monthPeriod(fromMonth).from, to: monthPeriod(toMonth).to }, "month");
  return new Map(rows.map((r) => [r.key, stayKpis(r.totals)]));
}

const cents = (v: number | null) => (v === null ? null : Math.round(v));

/** RevPAR above last year: each finished month judged against the same month a year before; progress is this month to date. */
async function evaluateRevpar(db: Database, business: BusinessScope, today: string, now: Date): Promise<RewardProgress> {
  const lastMonth = monthOf(shiftMonth(today, -1));
  const firstMonth = monthOf(shiftMonth(today, -JUDGED_MONTHS));
  const kpis = await monthlyKpis(db, business, monthOf(shiftMonth(today, -JUDGED_MONTHS - 12)), lastMonth);
  const won = monthsBetween(`${firstMonth}-01`, `${lastMonth}-01`).flatMap((month) => {
    const current = kpis.get(month)?.revpar ?? null;
    const before = kpis.get(monthOf(shiftMonth(`${month}-01`, -12)))?.revpar ?? null;
    return revparBeatLastYear(current, before) ? [{ kind: "revpar_above_last_year" as const, period: month, evidence: { current: cents(current), target: cents(before) } }] : [];
  });
  await earn(db, business.id, now, won);
  const mtd = monthToDate(today);
  const [current, before] = await Promise.all([stayTotals(db, business, mtd), stayTotals(db, business, periodYearBefore(mtd))]);
  // A year before with no revenue is nothing to beat (the reward needs last year's RevPAR above 0).
  const target = cents(stayKpis(before).revpar);
  return { kind: "revpar_above_last_year", unit: "money", current: cents(stayKpis(current).revpar), target: target ? target : null, period: monthOf(today) };
}

/** Goal met: each finished month with goals, judged on the metrics of that month; progress is this month's revenue against its goal. */
async function evaluateGoals(db: Database, business: BusinessScope, today: string, now: Date): Promise<RewardProgress> {
  const lastMonth = monthOf(shiftMonth(today, -1));
  const firstMonth = monthOf(shiftMonth(today, -JUDGED_MONTHS));
  const goals = await goalsBetween(db, business.id, firstMonth, monthOf(today));
  const judged = [...goals.values()].filter((g) => g.month <= lastMonth);
  if (judged.length) {
    const kpis = await monthlyKpis(db, business, firstMonth, lastMonth);
    const won = judged.flatMap((goal) => {
      const k = kpis.get(goal.month);
      const result = k ? goalsMet(goal, { revenue: k.roomRevenue, occupancy: k.occupancy, adr: k.adr }) : false;
      return result ? [{ kind: "goal_met" as const, period: goal.month, evidence: { revenue: goal.revenue, occupancy: goal.occupancy, adr: goal.adr } }] : [];
    });
    await earn(db, business.id, now, won);
  }
  const goal = goals.get(monthOf(today));
  const revenue = goal?.revenue ? stayKpis(await stayTotals(db, business, monthToDate(today))).roomRevenue : null;
  return { kind: "goal_met", unit: "money", current: revenue, target: goal?.revenue ?? null, period: monthOf(today) };
}

/** How far the business is towards the next reward of a kind: `current` of `target`, in `unit`. */
export interface RewardProgress {
  kind: RewardKind;
  unit: "days" | "money";
  current: number | null;
  target: number | null;
  /** The period being measured (`YYYY-MM` or `YYYY-MM-DD..YYYY-MM-DD`). */
  period: string;
  /** prices_published only: recommended-rate changes published in time during the run (the reward needs one). */
  changes?: number;
}

/** The publishing reward: earns every new run, and says how far the current one has got. */
async function evaluatePublishing(db: Database, businessId: string, today: string, now: Date): Promise<RewardProgress> {
  const { timezone: timeZone } = await scopeOf(db, businessId);
  const to = lastJudgedDay(today);
  const from = addDays(to, -(PUBLISH_LOOKBACK_DAYS - 1));
  const [days, latest] = await Promise.all([publicationDays(db, businessId, timeZone, from, to), latestPeriod(db, businessId, "prices_published")]);
  const earnedUntil = latest ? latest.slice(-10) : null;
  const runs = publishingRuns(days, from, to, earnedUntil);
  await earn(db, businessId, now, runs.map((r) => ({ kind: "prices_published" as const, period: `${r.start}..${r.end}`, evidence: { changes: r.changes, days: PUBLISH_STREAK_DAYS } })));
  const lastEarned = runs.length ? runs[runs.length - 1].end : earnedUntil;
  const run = currentPublishingRun(days, from, to, lastEarned);
  return { kind: "prices_published", unit: "days", current: run.days, target: PUBLISH_STREAK_DAYS, period: `${addDays(to, 1 - Math.max(run.days, 1))}..${to}`, changes: run.changes };
}

export interface RewardsEvaluation {
  earned: RewardRow[];
  progress: RewardProgress[];
}

/**
 * Earns every reward the data now proves and answers the business's rewards with the progress
 * towards the next ones. Idempotent: a reward is one row per (business, kind, period), so running
 * it again (the daily job, a page load) adds nothing already earned.
 */
export async function evaluateRewards(db: Database, businessId: string, today: string, now = new Date()): Promise<RewardsEvaluation> {
  const business = await scopeOf(db, businessId);
  const goals = await evaluateGoals(db, business, today, now);
  const publishing = await evaluatePublishing(db, businessId, today, now);
  const revpar = await evaluateRevpar(db, business, today, now);
  const earned = await db.select().from(businessRewards).where(eq(businessRewards.businessId, businessId)).orderBy(desc(businessRewards.earnedAt), desc(businessRewards.period));
  return { earned, progress: [goals, publishing, revpar] };
}
