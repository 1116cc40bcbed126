import { eq } from "drizzle-orm";
import { addDays, weekday } from "#domain/pricing/index.ts";
import { businessToday } from "#api/services/pricing/calendar.ts";
import type { Database } from "#api/db/client.ts";
import { businesses, competitorRates, competitors } from "#api/db/schema/index.ts";
import { DEMO_BUSINESS } from "./businesses.ts";
import { mulberry32 } from "#domain/random.ts";

/** The demo pousada's competitive set: plausible neighbours in a colonial coastal town. */
export const DEMO_COMPETITORS = [
  { name: "Pousada do Ancoradouro", stars: 3, distanceKm: "0.40", roomLabel: "Duplo standard", url: "https://example.com/ancoradouro", base: 23_000 },
  { name: "Hotel Casarão Colonial", stars: 4, distanceKm: "0.90", roomLabel: "Superior casal", url: "https://example.com/casarao-colonial", base: 34_000 },
  { name: "Pousada Caminho do Ouro", stars: 3, distanceKm: "1.60", roomLabel: "Suíte standard", url: null, base: 26_000 },
  { name: "Pousada Praia do Jabaquara", stars: 2, distanceKm: "2.30", roomLabel: "Quarto duplo", url: null, base: 18_500 },
  { name: "Vila Bougainville Boutique", stars: 5, distanceKm: "1.10", roomLabel: "Deluxe vista jardim", url: "https://example.com/bougainville", base: 52_000 },
] as const;

/** Nights seen before and after today. */
const PAST_NIGHTS = 60;
const FUTURE_NIGHTS = 120;

/** Summer (December to February) and the July school holidays cost more on the coast. */
function seasonFactor(date: string): number {
  const month = Number(date.slice(5, 7));
  if (month === 12 || month === 1) return 1.45;
  if (month === 2) return 1.3;
  if (month === 7) return 1.15;
  return 1;
}

/**
 * Five competitors of the demo pousada and what they asked for 60 nights back and 120 ahead:
 * each one's base rate shaped by season and weekend (Friday and Saturday), a little noise, and
 * sold-out nights on busy weekends. Deterministic for a given date. Does nothing without the pousada.
 */
export async function seedCompetitors(db: Database, now: Date): Promise<void> {
  const [business] = await db.select().from(businesses).where(eq(businesses.id, DEMO_BUSINESS.id));
  if (!business) return;
  const rows = await db
    .insert(competitors)
    .values(
      DEMO_COMPETITORS.map((c) => ({
        businessId: business.id,
        name: c.name,
        stars: c.stars,
        distanceKm: c.distanceKm,
        roomLabel: c.roomLabel,
        url: c.url,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning();
  const today = businessToday(now, business.timezone);
  const random = mulberry32(20_260_401);
  const rates: (typeof competitorRates.$inferInsert)[] = [];
  for (let i = -PAST_NIGHTS; i < FUTURE_NIGHTS; i++) {
    const date = addDays(today, i);
    const day = weekday(date);
    const weekend = day === 5 || day === 6 ? 1.2 : day === 0 ? 1.05 : 1;
    const busy = seasonFactor(date) * weekend;
    DEMO_COMPETITORS.forEach((c, k) => {
      const noise = 0.92 + random() * 0.16;
      // Busy nights sell out more often, far-ahead nights less (nobody has booked them yet).
      const soldOutChance = (busy >= 1.4 ? 0.18 : busy >= 1.2 ? 0.07 : 0.01) * (i > 45 ? 0.3 : 1);
      const soldOut = random() < soldOutChance;
      // Observed the day before the night, for the past; a few days ago for the future.
      const capturedAt = new Date(now.getTime() - (i < 0 ? -i + 1 : 3) * 86_400_000);
      rates.push({
        competitorId: rows[k].id,
        businessId: business.id,
        stayDate: date,
        rate: soldOut ? null : Math.round((c.base * busy * noise) / 500) * 500,
        source: "seed",
        capturedAt,
      });
    });
  }
  for (let i = 0; i < rates.length; i += 500) await db.insert(competitorRates).values(rates.slice(i, i + 500));
}
