// The simulator's in-memory path against the real services: on a fresh PGlite with the demo
// seeded (`npm run db:seed`'s pousada), (1) what one recomputation of the brain costs there — the
// nightly run (a year × 3 categories) and the recomputation after one booking (one night) — so a
// year × 120 runs can be costed, and (2) that the demo's rules the simulator prices with
// (demo-rules.ts) give the very prices the seeded business gives, every night of the seed's two
// years (to the last November it prices the summer for) and every occupancy band. docs/market-simulator.md says what this does and does not check.
import { PGlite } from "@electric-sql/pglite";
import { eq } from "drizzle-orm";
import { openDatabase } from "#api/db/client.ts";
import { businesses } from "#api/db/schema/index.ts";
import { seed } from "#api/seed/index.ts";
import { recomputeRecommendations } from "#api/services/brain/recommendations.ts";
import { saveBrainSettings } from "#api/services/brain/settings.ts";
import { businessToday } from "#api/services/pricing/calendar.ts";
import { loadPricingConfig } from "#api/services/pricing/config.ts";
import { compilePricing } from "#domain/pricing/engine.ts";
import { addDays } from "#domain/pricing/dates.ts";
import { demoRules } from "./demo-rules.ts";

export interface ServicesCheck {
  /** Wall time of the nightly recomputation (365 nights × 3 categories) and of one night's, ms. */
  nightlyMs: number;
  oneNightMs: number;
  /** Cells compared and how many differed between the seeded rules and demo-rules.ts. */
  cells: number;
  mismatches: number;
  firstMismatch: string | null;
}

export async function checkThroughServices(now = new Date()): Promise<ServicesCheck> {
  const client = await PGlite.create();
  const handle = await openDatabase({ kind: "pglite", client });
  try {
    await handle.migrate();
    const db = handle.db;
    await seed(db, now);
    const [business] = await db.select().from(businesses).where(eq(businesses.companyName, "Pousada Maré Alta"));
    const today = businessToday(now, business.timezone);
    const year = Number(today.slice(0, 4));
    const from = `${year}-01-01`;
    // The seed writes the summer season up to February of the next year; the simulator's rules go on.
    const to = `${year + 1}-11-30`;

    // (2) the rules: the seeded business's config against demo-rules.ts, night by night, at each band.
    const seeded = await loadPricingConfig(db, business.id, { from, to });
    const real = compilePricing({ ...seeded, manual_prices: [] });
    const mine = compilePricing(demoRules([year, year + 1]));
    const order = ["Standard", "Deluxe", "Suíte"];
    const byName = new Map(seeded.room_categories.map((c) => [c.name, c.uuid]));
    let cells = 0;
    let mismatches = 0;
    let firstMismatch: string | null = null;
    for (let night = from; night <= to; night = addDays(night, 1)) {
      for (const [i, id] of ["standard", "deluxe", "suite"].entries()) {
        for (const occupancy of [0, 50, 90]) {
          const a = real.rate({ date: night, categoryId: byName.get(order[i])!, today: from, occupancy }).rate;
          const b = mine.rate({ date: night, categoryId: id, today: from, occupancy }).rate;
          cells++;
          if (a !== b) {
            mismatches++;
            firstMismatch ??= `${night} ${id} ${occupancy} %: seeded ${a}, simulator ${b}`;
          }
        }
      }
    }

    // (1) the cost of the brain through the database, in autopilot.
    await saveBrainSettings(db, business.id, {
      mode: "autopilot",
      category_modes: {},
      max_daily_change_percent: 10,
      max_weekly_change_percent: 20,
      freeze_days: 2,
      max_interval_percent: 100,
      max_move_per_booking_percent: 2,
      target_occupancy_percent: 80,
      demand_sensitivity: 0.5,
      market_weight_percent: 25,
      holiday_effect_percent: 5,
    }, now);
    let t = performance.now();
    await db.transaction((tx) => recomputeRecommendations(tx as never, business.id, { now }));
    const nightlyMs = performance.now() - t;
    t = performance.now();
    await db.transaction((tx) => recomputeRecommendations(tx as never, business.id, { now, nights: [addDays(today, 30)] }));
    const oneNightMs = performance.now() - t;
    return { nightlyMs, oneNightMs, cells, mismatches, firstMismatch };
  } finally {
    await handle.close();
  }
}
