import { and, eq, gte, sql } from "drizzle-orm";
import { addDays, daysBetween, todayIn } from "#domain/bookings/stay.ts";
import type { Database } from "#api/db/client.ts";
import { businesses, mewsConnections, mewsPushedPrices } from "#api/db/schema/index.ts";
import { currentRates, HORIZON_DAYS } from "#api/services/pricing/rates.ts";
import { MewsError, type MewsClient, type MewsConfiguration, type MewsPriceUpdate } from "./mews-client.ts";

/** The currency the enterprise prices its rates in (its default one), when Mews says. */
export function enterpriseCurrency(configuration: MewsConfiguration): string | null {
  const currencies = configuration.Enterprise.Currencies ?? [];
  return (currencies.find((c) => c.IsDefault) ?? (currencies.length === 1 ? currencies[0] : undefined))?.Currency ?? null;
}

/** "The maximum size of time interval is 100 time units" (Update rate price). */
const MAX_UNITS = 100;
/** `PriceUpdates`: "max 1000 items". */
const MAX_UPDATES = 1000;

/**
 * The UTC instant of midnight of `day` in `timeZone`: a daily service's time unit starts there,
 * and `FirstTimeUnitStartUtc`/`LastTimeUnitStartUtc` name time units by that instant (the
 * documented example: 2022-01-01T23:00:00Z is 2 January in Central Europe).
 */
export function timeUnitStartUtc(day: string, timeZone: string): string {
  const format = new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" });
  const offset = (at: number) => {
    const parts = Object.fromEntries(format.formatToParts(new Date(at)).map((p) => [p.type, p.value]));
    return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second)) - at;
  };
  const wall = Date.parse(`${day}T00:00:00Z`);
  const first = wall - offset(wall);
  return new Date(wall - offset(first)).toISOString();
}

/**
 * Sends Mews (rates/updatePrice, on the connection's root rate, per resource category) every
 * night of the next year whose Tarifa price differs from what Mews last accepted, runs of equal
 * nights as one update. What was sent is remembered once Mews answers 200, so a failure sends it
 * again next time. Runs after each sync (every few minutes) and when prices change.
 */
export async function pushMewsPrices(db: Database, businessId: string, options: { now: Date; client: MewsClient; configuration?: MewsConfiguration }): Promise<{ nights: number }> {
  const [row] = await db
    .select({ connection: mewsConnections, timezone: businesses.timezone, currency: businesses.currency })
    .from(mewsConnections)
    .innerJoin(businesses, eq(businesses.id, mewsConnections.businessId))
    .where(eq(mewsConnections.businessId, businessId));
  if (!row?.connection.rateId) return { nights: 0 };
  const { connection } = row;
  const mewsOf = new Map<string, string[]>();
  for (const [mewsId, categoryId] of Object.entries(connection.categoryMap)) mewsOf.set(categoryId, [...(mewsOf.get(categoryId) ?? []), mewsId]);
  if (mewsOf.size === 0) return { nights: 0 };
  const today = todayIn(row.timezone, options.now);
  const rates = (await currentRates(db, businessId, today, addDays(today, HORIZON_DAYS - 1), today)).filter((r) => mewsOf.has(r.categoryId));
  const before = new Map(
    (await db.select().from(mewsPushedPrices).where(and(eq(mewsPushedPrices.businessId, businessId), gte(mewsPushedPrices.night, today)))).map((p) => [`${p.categoryId}|${p.night}`, p.rate]),
  );
  const changed = rates.filter((r) => before.get(`${r.categoryId}|${r.date}`) !== r.rate).sort((a, b) => (a.categoryId === b.categoryId ? a.date.localeCompare(b.date) : a.categoryId.localeCompare(b.categoryId)));
  if (changed.length === 0) return { nights: 0 };
  // A rate's value is in the enterprise's currency: Tarifa's prices in another would be taken as
  // that currency's (reais sent as euros). Refused, recorded and told like a failed push.
  const theirs = enterpriseCurrency(options.configuration ?? (await options.client.configuration()));
  if (theirs && theirs.toUpperCase() !== row.currency.toUpperCase()) {
    throw new MewsError(0, `Mews prices this hotel's rates in ${theirs} and Tarifa's prices are in ${row.currency}: prices are not sent until the two currencies match`);
  }

  // Runs of consecutive nights of one category at one price.
  const runs: { categoryId: string; from: string; to: string; rate: number }[] = [];
  for (const r of changed) {
    const last = runs[runs.length - 1];
    if (last && last.categoryId === r.categoryId && last.rate === r.rate && addDays(last.to, 1) === r.date && daysBetween(last.from, r.date) < MAX_UNITS) last.to = r.date;
    else runs.push({ categoryId: r.categoryId, from: r.date, to: r.date, rate: r.rate });
  }
  const timeZone = connection.timeZone ?? row.timezone;
  const updates: MewsPriceUpdate[] = runs.flatMap((run) =>
    mewsOf.get(run.categoryId)!.map((mewsId) => ({
      CategoryId: mewsId,
      FirstTimeUnitStartUtc: timeUnitStartUtc(run.from, timeZone),
      LastTimeUnitStartUtc: timeUnitStartUtc(run.to, timeZone),
      Value: run.rate / 100,
    })),
  );
  for (let i = 0; i < updates.length; i += MAX_UPDATES) await options.client.updatePrice(connection.rateId!, updates.slice(i, i + MAX_UPDATES));

  for (let i = 0; i < changed.length; i += 2000) {
    await db
      .insert(mewsPushedPrices)
      .values(changed.slice(i, i + 2000).map((r) => ({ businessId, categoryId: r.categoryId, night: r.date, rate: r.rate })))
      .onConflictDoUpdate({ target: [mewsPushedPrices.businessId, mewsPushedPrices.categoryId, mewsPushedPrices.night], set: { rate: sql`excluded.rate` } });
  }
  return { nights: changed.length };
}
