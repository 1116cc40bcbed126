import type { TFunction } from "i18next";
import { sql } from "drizzle-orm";
import { addDays } from "#domain/pricing/index.ts";
import type { Database } from "#api/db/client.ts";
import type { BusinessRow } from "#api/services/business-access.ts";
import { availability } from "#api/services/bookings/availability.ts";
import { rowsOf } from "#api/db/query.ts";
import { allReservations } from "#api/services/bookings/reservations.ts";
import { occupancyByNight } from "#api/services/occupancy.ts";
import { businessToday, calendarDays, canPrice, holidayName, holidaysBetween, occupancyPercentages } from "#api/services/pricing/calendar.ts";
import { loadPricingConfig } from "#api/services/pricing/config.ts";
import { daysToUpdate } from "#api/services/pricing/rates.ts";
import { businessSuggestions } from "#api/services/pricing/suggestions.ts";
import { gapDiscounts } from "#api/services/stay-rules/gap-discounts.ts";
import type { ChatTools } from "./provider.ts";

/** How many items a list answer shows (the card links to the full page). */
const LIST_LIMIT = 8;
/** Statuses whose nights are sold (as the occupancy counters count them). */
const SOLD = ["pending", "confirmed", "checked_in", "checked_out"];

/** The chat's reads of one business's live data, through the same services its pages use. */
export function liveChatTools(options: { db: Database; business: BusinessRow; userId: string; now: Date; locale: string; t: TFunction }): ChatTools {
  const { db, business, now, locale, t } = options;
  const bookingContext = { db, business, userId: options.userId, now, t };
  const today = businessToday(now, business.timezone);
  const place = { country: business.country, state: business.state };

  return {
    async categories() {
      const config = await loadPricingConfig(db, business.id, { from: today, to: today });
      return config.room_categories.map((c) => ({ uuid: c.uuid, name: c.name }));
    },

    async rate(date, categoryId) {
      const [config, occupancy, gaps] = await Promise.all([
        loadPricingConfig(db, business.id, { from: date, to: date }, place),
        occupancyPercentages(db, business.id, date, date),
        gapDiscounts(db, business.id, { from: date, to: date, today }),
      ]);
      const holidays = (config.holidays ?? []).map((h) => ({ uuid: h.id, date: h.date, name: holidayName(h.name, locale), country: h.country, state: h.state }));
      const configured = canPrice(config) && config.room_categories.length > 0;
      const ids = categoryId ? [categoryId] : undefined;
      const [night] = configured ? calendarDays(config, { from: date, to: date, today, occupancy, gapDiscounts: gaps, holidays, categoryIds: ids }) : [];
      const names = new Map(config.room_categories.map((c) => [c.uuid, c.name]));
      return {
        date,
        configured,
        occupancy: night?.occupancy ?? occupancy.get(date) ?? 0,
        season: night?.season.title ?? null,
        level: night?.level?.name ?? null,
        holidays: night?.holidays.map((h) => h.name) ?? [],
        categories: (night?.rates ?? []).map((r) => ({ uuid: r.room_category_uuid, name: names.get(r.room_category_uuid) ?? "", rate: r.rate, manual: r.manual, explanation: r.explanation })),
      };
    },

    async occupancy(span) {
      const answer = await availability(bookingContext, span.from, span.to);
      const nights = answer.nights.map((n) => ({ date: n.date, occupancy: n.occupancy, sold: n.sold, available: Math.max(0, n.rooms - n.blocked), free: n.free }));
      const single = answer.nights.length === 1 ? answer.nights[0] : null;
      const categories = single ? answer.categories.map((c, i) => ({ name: c.name, free: single.categories[i].free, rooms: c.room_count })) : [];
      return { from: span.from, to: span.to, nights, categories };
    },

    async movements(date) {
      // Stays touching the night before or the night itself: those that arrive or leave that day.
      const stays = await allReservations(bookingContext, { from: addDays(date, -1), to: date, page: 1, per_page: 200, sort: "arrival" }, 2_000);
      const live = stays.filter((s) => SOLD.includes(s.status));
      const movement = (s: (typeof stays)[number]) => ({ uuid: s.uuid, code: s.code, guest: s.guest.name, category: s.room_category.name, nights: s.nights, status: s.status });
      return { date, arrivals: live.filter((s) => s.arrival === date).map(movement), departures: live.filter((s) => s.departure === date).map(movement) };
    },

    async summary(span) {
      const end = addDays(span.to, 1);
      const [[sold], nights] = await Promise.all([
        rowsOf<{ revenue: number | null; room_nights: number }>(
          db,
          sql`select coalesce(sum(n.rate), 0)::bigint as revenue, count(*)::int as room_nights
              from reservation_nights n join reservations r on r.id = n.reservation_id
              where n.business_id = ${business.id} and n.night >= ${span.from}::date and n.night < ${end}::date
                and r.status in ('pending', 'confirmed', 'checked_in', 'checked_out')`,
        ),
        occupancyByNight(db, business.id, span.from, end),
      ]);
      let available = 0;
      for (const night of nights.values()) available += night.available;
      return { from: span.from, to: span.to, revenue: Number(sold?.revenue ?? 0), roomNights: Number(sold?.room_nights ?? 0), available };
    },

    async holidays(span) {
      const list = await holidaysBetween(db, place, span.from, span.to, locale);
      return { from: span.from, to: span.to, holidays: list.slice(0, LIST_LIMIT * 2).map((h) => ({ date: h.date, name: h.name })) };
    },

    async suggestions() {
      const all = await businessSuggestions(db, business, { now, locale, t });
      const upcoming = all
        .map((s) => {
          const first = [...s.dates].sort((a, b) => a.starts_at.localeCompare(b.starts_at))[0];
          return { key: s.key, title: s.title, uplift: s.uplift, rate: s.rate, from: first.starts_at, to: first.ends_at, rationale: s.rationale };
        })
        .sort((a, b) => a.from.localeCompare(b.from));
      return { suggestions: upcoming.slice(0, LIST_LIMIT) };
    },

    async daysToUpdate() {
      const answer = await daysToUpdate(db, business.id, now);
      return {
        count: answer.days.length,
        days: answer.days.slice(0, LIST_LIMIT).map((d) => ({
          date: d.date,
          categories: d.categories.map((c) => ({ name: c.name, published: c.published_rate, recommended: c.recommended_rate })),
        })),
      };
    },
  };
}
