import { FALLBACK_TIME_ZONE } from "#domain/business/timezone.ts";
import { asc, eq } from "drizzle-orm";
import { addDays } from "#domain/pricing/index.ts";
import { businessToday } from "#api/services/pricing/calendar.ts";
import { packageHolidays, seedHolidays } from "#api/services/pricing/holidays.ts";
import { baselineAndPublish } from "#api/services/pricing/rates.ts";
import type { Database } from "#api/db/client.ts";
import {
  businesses,
  fluctuationLevels,
  occupancyPricing,
  roomCategories,
  seasonalities,
  seasonalityDates,
  seasonalityLevelVariations,
} from "#api/db/schema/index.ts";

const ALL_DAYS = [0, 1, 2, 3, 4, 5, 6];
const BANDS = [
  { level: 1, name: "Baixa", from: 0, to: 40, variation: 0 },
  { level: 2, name: "Média", from: 40, to: 70, variation: 10 },
  { level: 3, name: "Alta", from: 70, to: 100, variation: 25 },
];

/** Category variations and bounds by position (docs/pricing.md: Standard, Deluxe, Suíte). */
const CATEGORY_PRICING = [
  { type: "value" as const, value: 0, min: 23_000, max: null },
  { type: "value" as const, value: 8_000, min: null, max: 60_000 },
  { type: "percentage" as const, value: 40, min: null, max: 75_000 },
];

/**
 * The demo pousada's prices: a reference season of R$ 250, summer high season (December to
 * February), weekends, Carnaval and the July school holidays, three occupancy bands, guest
 * pricing; Brazil's holidays (and the pousada's state's) for this year and the next (admins import more). The
 * current rates are published once so "days to update" starts empty and fills as settings change.
 * Does nothing when the pousada is not there (the businesses seed creates it).
 */
export async function seedPricing(db: Database, now: Date, businessId?: string): Promise<void> {
  const [business] = businessId
    ? await db.select().from(businesses).where(eq(businesses.id, businessId))
    : await db.select().from(businesses).where(eq(businesses.companyName, "Pousada Maré Alta"));
  const today = businessToday(now, business?.timezone ?? FALLBACK_TIME_ZONE);
  const year = Number(today.slice(0, 4));
  await seedHolidays(db, [year, year + 1], business?.state ? [business.state.toUpperCase()] : [], now);
  if (!business) return;
  const id = business.id;

  const levels = await db
    .insert(fluctuationLevels)
    .values(BANDS.map((b) => ({ businessId: id, level: b.level, name: b.name, fromPercentage: b.from, toPercentage: b.to, createdAt: now })))
    .returning();

  const categories = await db.select().from(roomCategories).where(eq(roomCategories.businessId, id)).orderBy(asc(roomCategories.position), asc(roomCategories.createdAt));
  for (const [i, c] of categories.entries()) {
    const p = CATEGORY_PRICING[i] ?? { type: "value" as const, value: 4_000 * i, min: null, max: null };
    await db.update(roomCategories).set({ priceVariationType: p.type, priceVariationValue: p.value, minPrice: p.min, maxPrice: p.max }).where(eq(roomCategories.id, c.id));
  }

  await db.insert(occupancyPricing).values({
    businessId: id,
    priceVariationType: "value",
    applySingleRate: true,
    singleRateVariation: 3_000,
    priceIncreasePerPerson: 5_000,
    referenceOccupation: 2,
    manualPricesEnabled: true,
  });

  const carnival: { starts_at: string; ends_at: string }[] = [];
  for (const y of [year, year + 1]) {
    const days = (await packageHolidays("BR", null, y)).national.filter((h) => /carna/i.test(h.name["pt-BR"] ?? ""));
    const tuesday = days.find((h) => new Date(`${h.date}T00:00:00Z`).getUTCDay() === 2)?.date;
    if (tuesday) carnival.push({ starts_at: addDays(tuesday, -4), ends_at: addDays(tuesday, -1) });
  }

  const seasons = [
    { title: "Temporada base", color: "#4F7CAC", rate: 25_000, isReference: true, dates: [] as { starts_at: string; ends_at: string; days: number[] }[] },
    {
      title: "Alta temporada de verão",
      color: "#F08C00",
      rate: 35_000,
      isReference: false,
      minPrice: 30_000,
      dates: [year - 1, year].map((y) => ({ starts_at: `${y}-12-01`, ends_at: `${y + 1}-02-${y % 4 === 3 ? 29 : 28}`, days: ALL_DAYS })),
    },
    {
      title: "Fins de semana",
      color: "#2F9E44",
      rate: 29_000,
      isReference: false,
      dates: [{ starts_at: `${year}-01-01`, ends_at: `${year + 1}-12-31`, days: [5, 6] }],
    },
    { title: "Carnaval", color: "#D6336C", rate: 45_000, isReference: false, dates: carnival.map((r) => ({ ...r, days: ALL_DAYS })) },
    {
      title: "Férias de julho",
      color: "#1C7ED6",
      rate: 30_000,
      isReference: false,
      dates: [year, year + 1].map((y) => ({ starts_at: `${y}-07-01`, ends_at: `${y}-07-31`, days: ALL_DAYS })),
    },
  ];
  for (const [i, s] of seasons.entries()) {
    // Created one second apart so "latest created" breaks ties the same way on every run.
    const createdAt = new Date(now.getTime() - (seasons.length - i) * 1000);
    const [row] = await db
      .insert(seasonalities)
      .values({ businessId: id, title: s.title, color: s.color, rate: s.rate, isReference: s.isReference, minPrice: s.minPrice ?? null, createdAt, updatedAt: createdAt })
      .returning({ id: seasonalities.id });
    if (s.dates.length) {
      await db
        .insert(seasonalityDates)
        .values(s.dates.map((d, position) => ({ seasonalityId: row.id, startsAt: d.starts_at, endsAt: d.ends_at, daysOfWeek: d.days, position })));
    }
    await db.insert(seasonalityLevelVariations).values(
      levels.map((l) => ({
        seasonalityId: row.id,
        fluctuationLevelId: l.id,
        priceVariationType: "percentage" as const,
        priceVariation: BANDS.find((b) => b.level === l.level)!.variation,
      })),
    );
  }

  await baselineAndPublish(db, id, now);
}
