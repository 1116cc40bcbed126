import { sql } from "drizzle-orm";
import type { Database } from "#api/db/client.ts";
import { businesses, users } from "#api/db/schema/index.ts";
import { refreshForecast } from "#api/services/forecast/refresh.ts";
import { DEMO_PASSWORD, demoUsers, seedUsers } from "./users.ts";
import { seedBusinesses } from "./businesses.ts";
import { seedBilling } from "./billing.ts";
import { seedBookings } from "./bookings.ts";
import { seedPricing } from "./pricing.ts";
import { seedCompetitors } from "./competitors.ts";
import { seedBookingEngine } from "./booking-engine.ts";
import { seedLedger } from "./ledger.ts";
import { seedDistribution } from "./distribution.ts";
import { seedLearning } from "./learning.ts";

/**
 * Demo data for a first look: the accounts below, and (as each area lands) the demo
 * pousada with its rooms, prices and bookings. Runs in one transaction.
 */
export async function seed(db: Database, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const people = await seedUsers(tx as unknown as Database, now);
    // The demo pousada, its rooms and its collaborator (business types and PMS come from migration 0006).
    await seedBusinesses(tx as unknown as Database, people, now);
    // The pousada's Pro subscription and test card, so the product opens without /subscribe.
    await seedBilling(tx as unknown as Database, now);
    // After the businesses, before the prices (so the first rates see the real occupancy): rooms and a year of bookings.
    await seedBookings(tx as unknown as Database, now);
    // After the businesses: prices the demo pousada (and seeds holidays).
    await seedPricing(tx as unknown as Database, now);
    // The demo pousada's competitors and the rates they asked, for the rate shopper and market analysis.
    await seedCompetitors(tx as unknown as Database, now);
    // The demo pousada's public booking page (/p/pousada-mare-alta).
    await seedBookingEngine(tx as unknown as Database, now);
    // After the bookings: items, accounts, extras and payments of the demo stays, a supplier.
    await seedLedger(tx as unknown as Database, now);
    // Sales channels, rate plans and house rules of the demo pousada.
    await seedDistribution(tx as unknown as Database, now);
    // The starter course of the learning centre (markdown files in learning/ beside it).
    await seedLearning(tx as unknown as Database, now);
  });
  // Planner statistics for the rows just bulk-inserted: embedded PGlite has no autovacuum, and
  // without them the metrics aggregates over three years of nights pick plans 5–10× slower.
  await db.execute(sql`analyze`);
}

/** Seeds only an empty database, so restarts never duplicate or overwrite data. */
export async function seedIfEmpty(db: Database, options: { log?: boolean } = {}): Promise<boolean> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  if (count > 0) return false;
  const now = new Date();
  await seed(db, now);
  // The forecast's scorecard of each seeded business, so /tracking shows it from the first visit
  // (the daily forecast.scorecard keeps it current after that).
  // The forecast of the year ahead too, which the revenue brain's demand reads (ADR 0054).
  for (const { id } of await db.select({ id: businesses.id }).from(businesses)) await refreshForecast(db, id, now);
  if (options.log) {
    console.log("Seeded demo data. Demo logins (password for all: %s):", DEMO_PASSWORD);
    for (const [role, u] of Object.entries(demoUsers)) console.log(`  ${role.padEnd(13)} ${u.email}`);
  }
  return true;
}
