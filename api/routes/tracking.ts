import type { Context } from "hono";
import { Hono } from "hono";
import type { z } from "zod";
import { addMonths, monthNights, NOTHING_BOOKED, SAME_WEEKDAY_LAST_YEAR } from "#domain/metrics/pace.ts";
import { addDays, daysBetween, toDayNumber } from "#domain/pricing/dates.ts";
import { bookingCurvesQuerySchema, DEFAULT_TRACKING_NIGHTS, forecastQuerySchema, MAX_TRACKING_NIGHTS, onTheBooksQuerySchema, paceQuerySchema, pickupQuerySchema } from "#domain/schemas/tracking.ts";
import type { ApiEnv } from "#api/context.ts";
import { HttpError } from "#api/errors.ts";
import { requireBusiness, type BusinessEnv } from "#api/middleware/business.ts";
import { booked, occupancyRatio, paceMonths } from "#api/services/metrics/tracking.ts";
import { dataVersion } from "#api/services/data-version.ts";
import { forecastAnswerOf, forecastOfBusiness, scorecardJson } from "#api/services/forecast/nights.ts";
import { storedScorecard } from "#api/services/forecast/scorecard.ts";
import { remembered } from "#api/services/metrics/answer-cache.ts";
import { bookingCurvesBy, bookingsByDay, onTheBooksBy, roomsAndBlocks, roomsAvailable, type BooksScope, type CategoryRooms } from "#api/services/metrics/on-the-books.ts";
import { businessToday } from "#api/services/pricing/calendar.ts";
import { parseWith } from "#api/validate.ts";
import { docs } from "#api/openapi/describe.ts";
import { accuracyAnswer, bookingCurvesAnswer, forecastAnswer, onTheBooksAnswer, paceAnswer, pickupAnswer } from "#contract/tracking.ts";

const doc = docs("Tracking");

type C = Context<BusinessEnv>;

const query = <S extends z.ZodType>(c: C, schema: S) => parseWith(c as unknown as Context<ApiEnv>, schema, c.req.query());
const invalid = (c: C, field: string, key: string, values?: Record<string, unknown>) => new HttpError(422, "api.invalid", { [field]: [c.var.t(key, values)] });

/** Pickup, pace, booking curves and forecast read the business's books: user.business-intelligence. */
const guard = requireBusiness("user.business-intelligence");

function today(c: C): string {
  return businessToday(c.var.deps.now(), c.var.access.business.timezone);
}

function scope(c: C, from: string, to: string, categoryId?: string): BooksScope {
  const b = c.var.access.business;
  return { businessId: b.id, timezone: b.timezone, from, to, categoryId };
}

/** `from`…`to` from a query (today and `days` nights by default), at most a year; 422 beside `to` when longer. */
function nightsOf(c: C, q: { from?: string; to?: string; days?: number }, start: string) {
  const from = q.from ?? start;
  const to = q.to ?? addDays(from, (q.days ?? DEFAULT_TRACKING_NIGHTS) - 1);
  if (daysBetween(from, to) + 1 > MAX_TRACKING_NIGHTS) throw invalid(c, "to", "tracking:api.rangeTooLong", { max: MAX_TRACKING_NIGHTS });
  return { from, to };
}

function categoryOf(c: C, categories: CategoryRooms[], wanted: string | undefined) {
  if (!wanted) return null;
  const found = categories.find((k) => k.id === wanted.toLowerCase());
  if (!found) throw invalid(c, "category", "tracking:api.unknownCategory");
  return found;
}

const nightsBetween = (from: string, to: string) => Array.from({ length: daysBetween(from, to) + 1 }, (_, i) => addDays(from, i));

/** Mounted under /api/v1 (signed-in callers only). docs/api/intelligence-tracking.md */
export const trackingRoutes = new Hono<BusinessEnv>()
  .get("/businesses/:id/tracking/on-the-books", doc({ query: onTheBooksQuerySchema, response: onTheBooksAnswer }), guard, async (c) => {
    const q = query(c, onTheBooksQuerySchema);
    const now = today(c);
    const asOf = q.as_of ?? now;
    const { from, to } = nightsOf(c, q, now);
    const rooms = await roomsAndBlocks(c.var.deps.db, scope(c, from, to));
    const category = categoryOf(c, rooms.categories, q.category);
    const books = (await onTheBooksBy(c.var.deps.db, scope(c, from, to, category?.id), "night", [asOf])).get(asOf)!;
    const totals = { capacity: 0, roomNights: 0, revenue: 0 };
    const nights = nightsBetween(from, to).map((date) => {
      const capacity = roomsAvailable(rooms.categories, rooms.blocks, category?.id ?? null, toDayNumber(date), toDayNumber(asOf));
      const b = books.get(date) ?? NOTHING_BOOKED;
      totals.capacity += capacity;
      totals.roomNights += b.roomNights;
      totals.revenue += b.revenue;
      return { date, capacity, ...booked(b, capacity) };
    });
    return c.json({
      as_of: asOf,
      today: now,
      from,
      to,
      currency: c.var.access.business.currency,
      category: category ? { uuid: category.id, name: category.name } : null,
      totals: { capacity: totals.capacity, ...booked(totals, totals.capacity) },
      nights,
    });
  })

  .get("/businesses/:id/tracking/pickup", doc({ query: pickupQuerySchema, response: pickupAnswer }), guard, async (c) => {
    const q = query(c, pickupQuerySchema);
    const now = today(c);
    const asOf = q.as_of ?? now;
    const { db } = c.var.deps;
    const to = addDays(asOf, q.days - 1);
    const before = addDays(asOf, -q.window);
    const lyAsOf = addDays(asOf, -SAME_WEEKDAY_LAST_YEAR);
    const lyTo = addDays(to, -SAME_WEEKDAY_LAST_YEAR);
    const firstDay = addDays(asOf, 1 - q.window);
    const [books, lyBooks, days, lyDays, rooms] = await Promise.all([
      onTheBooksBy(db, scope(c, asOf, to), "night", [asOf, before]),
      onTheBooksBy(db, scope(c, lyAsOf, lyTo), "night", [lyAsOf]),
      bookingsByDay(db, scope(c, asOf, to), firstDay, asOf),
      bookingsByDay(db, scope(c, lyAsOf, lyTo), addDays(firstDay, -SAME_WEEKDAY_LAST_YEAR), lyAsOf),
      roomsAndBlocks(db, scope(c, lyAsOf, to)),
    ]);
    const capacity = (date: string, known: string) => roomsAvailable(rooms.categories, rooms.blocks, null, toDayNumber(date), toDayNumber(known));
    const byStayDate = nightsBetween(asOf, to).map((date) => {
      const now_ = books.get(asOf)!.get(date) ?? NOTHING_BOOKED;
      const then = books.get(before)!.get(date) ?? NOTHING_BOOKED;
      const lyDate = addDays(date, -SAME_WEEKDAY_LAST_YEAR);
      const ly = lyBooks.get(lyAsOf)!.get(lyDate) ?? NOTHING_BOOKED;
      const cap = capacity(date, asOf);
      const lyCap = capacity(lyDate, lyAsOf);
      return {
        date,
        capacity: cap,
        on_the_books: booked(now_, cap),
        pickup: booked({ roomNights: now_.roomNights - then.roomNights, revenue: now_.revenue - then.revenue }),
        last_year: { date: lyDate, capacity: lyCap, on_the_books: booked(ly, lyCap) },
      };
    });
    const zero = () => ({ roomNights: 0, revenue: 0 });
    const totals = { booked: zero(), cancelled: zero() };
    const lyNet = zero();
    const byBookingDate = nightsBetween(firstDay, asOf).map((date) => {
      const d = days.get(date) ?? { booked: NOTHING_BOOKED, cancelled: NOTHING_BOOKED };
      const lyDate = addDays(date, -SAME_WEEKDAY_LAST_YEAR);
      const ly = lyDays.get(lyDate) ?? { booked: NOTHING_BOOKED, cancelled: NOTHING_BOOKED };
      for (const k of ["booked", "cancelled"] as const) {
        totals[k].roomNights += d[k].roomNights;
        totals[k].revenue += d[k].revenue;
      }
      const lyDayNet = { roomNights: ly.booked.roomNights - ly.cancelled.roomNights, revenue: ly.booked.revenue - ly.cancelled.revenue };
      lyNet.roomNights += lyDayNet.roomNights;
      lyNet.revenue += lyDayNet.revenue;
      return {
        date,
        booked: booked(d.booked),
        cancelled: booked(d.cancelled),
        net: booked({ roomNights: d.booked.roomNights - d.cancelled.roomNights, revenue: d.booked.revenue - d.cancelled.revenue }),
        last_year: { date: lyDate, net: booked(lyDayNet) },
      };
    });
    return c.json({
      as_of: asOf,
      today: now,
      window: q.window,
      from: asOf,
      to,
      currency: c.var.access.business.currency,
      totals: {
        booked: booked(totals.booked),
        cancelled: booked(totals.cancelled),
        net: booked({ roomNights: totals.booked.roomNights - totals.cancelled.roomNights, revenue: totals.booked.revenue - totals.cancelled.revenue }),
        last_year: { as_of: lyAsOf, net: booked(lyNet) },
      },
      by_stay_date: byStayDate,
      by_booking_date: byBookingDate,
    });
  })

  .get("/businesses/:id/tracking/pace", doc({ query: paceQuerySchema, response: paceAnswer }), guard, async (c) => {
    const q = query(c, paceQuerySchema);
    const now = today(c);
    const asOf = q.as_of ?? now;
    const first = q.from ?? asOf.slice(0, 7);
    const months = Array.from({ length: q.months }, (_, i) => addMonths(first, i));
    const pace = await paceMonths(c.var.deps.db, c.var.access.business, { asOf, today: now, months });
    return c.json({ as_of: pace.as_of, last_year_as_of: pace.last_year_as_of, today: now, currency: c.var.access.business.currency, months: pace.months });
  })

  .get("/businesses/:id/tracking/booking-curves", doc({ query: bookingCurvesQuerySchema, response: bookingCurvesAnswer }), guard, async (c) => {
    const q = query(c, bookingCurvesQuerySchema);
    const now = today(c);
    const month = q.month ?? now.slice(0, 7);
    const { db } = c.var.deps;
    const { first, last } = monthNights(month);
    const rooms = await roomsAndBlocks(db, scope(c, monthNights(addMonths(month, -12)).first, last));
    const groups =
      q.by === "month"
        ? [month, addMonths(month, -12)].map((m) => ({ key: m, category: null as string | null, nights: monthNights(m) }))
        : rooms.categories.map((k) => ({ key: k.id, category: k.id as string | null, nights: { first, last } }));
    const curves = q.by === "month"
      ? new Map((await Promise.all(groups.map((g) => bookingCurvesBy(db, scope(c, g.nights.first, g.nights.last), "month")))).flatMap((m) => [...m]))
      : await bookingCurvesBy(db, scope(c, first, last), "category");
    return c.json({
      month,
      by: q.by,
      today: now,
      currency: c.var.access.business.currency,
      curves: groups.map((g) => {
        let capacity = 0;
        for (let n = toDayNumber(g.nights.first); n <= toDayNumber(g.nights.last); n++) capacity += roomsAvailable(rooms.categories, rooms.blocks, g.category, n, toDayNumber(now));
        const known = daysBetween(now, g.nights.last);
        const points = curves.get(g.key);
        return {
          key: g.key,
          name: g.category ? rooms.categories.find((k) => k.id === g.category)!.name : null,
          capacity,
          points: Array.from({ length: 366 }, (_, d) => {
            if (d < known) return { days_before: d, room_nights: null, revenue: null, occupancy: null };
            const p = points?.[d] ?? NOTHING_BOOKED;
            return { days_before: d, ...booked(p, capacity) };
          }),
        };
      }),
    });
  })

  .get("/businesses/:id/tracking/forecast", doc({ query: forecastQuerySchema, response: forecastAnswer }), guard, async (c) => {
    const q = query(c, forecastQuerySchema);
    const now = today(c);
    if (q.from && q.from < now) throw invalid(c, "from", "tracking:api.forecastPast");
    const { from, to } = nightsOf(c, q, now);
    const business = c.var.access.business;
    const { db } = c.var.deps;
    const { categories } = await roomsAndBlocks(db, scope(c, now, now));
    const category = categoryOf(c, categories, q.category);
    // Reading every reservation version of a big hotel takes a second: remembered until the
    // business's data changes (a booking, a new scorecard) or 30 s (answer-cache.ts, ADR 0032).
    const version = await dataVersion(db, business.id);
    const key = `forecast:${business.id}:${business.timezone}:${business.currency}:${now}:${from}:${to}:${category?.id ?? ""}`;
    return c.json(
      await remembered(db, key, c.var.deps.now(), version, async () =>
        forecastAnswerOf(await forecastOfBusiness(db, business, { today: now, from, to, category }), { today: now, from, to, currency: business.currency, category }),
      ),
    );
  })

  // The stored scorecard (api/services/forecast/scorecard.ts): the forecast in use and the classical
  // baselines, per horizon, over the hotel's last year; null before the first computation.
  .get("/businesses/:id/tracking/forecast/accuracy", doc({ response: accuracyAnswer }), guard, async (c) => {
    return c.json({ today: today(c), scorecard: scorecardJson(await storedScorecard(c.var.deps.db, c.var.access.business.id)) });
  });
