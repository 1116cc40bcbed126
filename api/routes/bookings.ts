import { Hono } from "hono";
import { stayRuleWarning } from "#api/services/bookings/stay-rule-warning.ts";
import { stringify } from "csv-stringify/sync";
import type { ReservationAction } from "#domain/bookings/status.ts";
import {
  bookingQuoteSchema,
  cancelSchema,
  quoteConvertSchema,
  quotePriceSchema,
  reservationCreateSchema,
  reservationListSchema,
  reservationUpdateSchema,
} from "#domain/schemas/bookings.ts";
import { HttpError } from "#api/errors.ts";
import { requireBusiness, type BusinessEnv } from "#api/middleware/business.ts";
import { businessToday } from "#api/services/bookings/context.ts";
import { convertQuote, createQuote, freeRoomsFor, getQuote, listQuotes } from "#api/services/bookings/quotes.ts";
import {
  allReservations,
  categoryOf,
  checkGuests,
  createReservation,
  getReservation,
  listReservations,
  priceOrFail,
  transitionReservation,
  updateReservation,
} from "#api/services/bookings/reservations.ts";
import { listRooms } from "#api/services/bookings/rooms.ts";
import { body, bookingContext, idParam, optionalBody, query, type BC } from "./bookings-shared.ts";
import { channelChoices } from "#api/services/distribution/sales-channels.ts";
import { z } from "zod";
import { docs } from "#api/openapi/describe.ts";
import { envelope } from "#contract/primitives.ts";
import {
  bookingQuoteAnswer,
  bookingQuoteWritten,
  quoteConverted,
  quotePriceAnswer,
  reservationDetailAnswer,
  reservationOptionsAnswer,
  reservationPage,
  reservationWritten,
} from "#contract/bookings.ts";

const doc = docs("Reservations");

const base = "/businesses/:id";
const reservationsOnly = requireBusiness("user.reservations");
const RESERVATION = "bookings:api.reservationNotFound";
const OPTIONS_PERMISSIONS = ["user.reservations", "user.pms-settings", "user.availability", "user.rooms-overview"] as const;
const QUOTE = "bookings:api.quoteNotFound";
/** `channel`: a code to keep among the choices though the business no longer offers it (an old reservation's). */
const optionsQuery = z.object({ channel: z.string().max(200).optional() });

function transition(action: ReservationAction) {
  return async (c: BC) => {
    const ctx = bookingContext(c);
    const id = idParam(c, "reservationId", RESERVATION);
    const reason = action === "cancel" ? (await optionalBody(c, cancelSchema)).reason : null;
    await transitionReservation(ctx, id, action, reason);
    return c.json({ reservation: await getReservation(ctx, id) });
  };
}

/**
 * Reservations and booking quotes (docs/api/bookings.md), mounted under /api/v1. Every route
 * needs user.reservations on the business; writes take the inventory in one transaction.
 */
export const bookingRoutes = new Hono<BusinessEnv>()
  .get(`${base}/reservations`, doc({ query: reservationListSchema, response: reservationPage }), reservationsOnly, async (c) => {
    const q = query(c, reservationListSchema);
    return c.json(await listReservations(bookingContext(c), q));
  })
  .get(`${base}/reservations/export.csv`, doc({ query: reservationListSchema, produces: "text/csv" }), reservationsOnly, async (c) => {
    const ctx = bookingContext(c);
    const q = query(c, reservationListSchema);
    const rows = await allReservations(ctx, q);
    const t = (key: string) => ctx.t(`bookings:csv.${key}`);
    const money = (cents: number) => (cents / 100).toFixed(2);
    const columns = ["code", "status", "arrival", "departure", "nights", "category", "room", "guest", "email", "phone", "country", "adults", "children", "channel", "rate_per_night", "total", "currency", "created_at"];
    const csv = stringify(
      rows.map((r) => [
        r.code,
        ctx.t(`bookings:status.${r.status}`),
        r.arrival,
        r.departure,
        r.nights,
        r.room_category.name,
        r.room?.number ?? "",
        r.guest.name,
        r.guest.email ?? "",
        r.guest.phone ?? "",
        r.guest.country ?? "",
        r.adults,
        r.children,
        ctx.t(`bookings:channel.${r.channel}`),
        money(r.rate_per_night),
        money(r.total),
        r.currency,
        r.created_at,
      ]),
      { header: true, columns: columns.map((key) => ({ key, header: t(key) })), bom: true, escape_formulas: true },
    );
    const name = `reservations-${businessToday(ctx)}.csv`;
    return c.body(csv, 200, { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${name}"` });
  })
  /** What the booking forms need: categories with their limits, rooms, channels, currency and today (any bookings permission). */
  .get(`${base}/reservations/options`, doc({ query: optionsQuery, response: reservationOptionsAnswer }), requireBusiness(), async (c) => {
    if (!OPTIONS_PERMISSIONS.some((p) => c.var.access.permissions.includes(p))) throw new HttpError(403, "api.missingPermission", undefined, { permission: OPTIONS_PERMISSIONS[0] });
    const ctx = bookingContext(c);
    const categories = await ctx.db.query.roomCategories.findMany({
      where: (rc, { eq }) => eq(rc.businessId, ctx.business.id),
      orderBy: (rc, { asc }) => [asc(rc.position), asc(rc.createdAt)],
    });
    const choices = await channelChoices(ctx.db, ctx.business.id, query(c, optionsQuery).channel);
    return c.json({
      data: {
        categories: categories.map((rc) => ({ uuid: rc.id, name: rc.name, room_count: rc.roomCount, min_occupation: rc.minOccupation, max_occupation: rc.maxOccupation })),
        rooms: await listRooms(ctx),
        channels: choices.codes,
        channel_names: choices.names,
        currency: ctx.business.currency,
        today: businessToday(ctx),
      },
    });
  })
  .post(`${base}/reservations/quote-price`, doc({ body: quotePriceSchema, response: quotePriceAnswer }), reservationsOnly, async (c) => {
    const ctx = bookingContext(c);
    const input = await body(c, quotePriceSchema);
    const category = await categoryOf(ctx, input.room_category_uuid);
    checkGuests(ctx, category, input.adults, input.children);
    const price = await priceOrFail(ctx, {
      categoryId: category.id,
      arrival: input.arrival,
      departure: input.departure,
      guests: input.adults + input.children,
      override: input.rate_per_night,
    });
    const free = await freeRoomsFor(ctx, category.id, category.roomCount, input.arrival, input.departure);
    return c.json({
      data: {
        arrival: input.arrival,
        departure: input.departure,
        room_category: { uuid: category.id, name: category.name },
        adults: input.adults,
        children: input.children,
        nights: price.nights,
        total: price.total,
        rate_per_night: price.ratePerNight,
        rate_overridden: price.overridden,
        currency: ctx.business.currency,
        free_rooms: free,
        available: free > 0,
      },
    });
  })
  .post(`${base}/reservations`, doc({ body: reservationCreateSchema, status: 201, response: reservationWritten }), reservationsOnly, async (c) => {
    const ctx = bookingContext(c);
    const input = await body(c, reservationCreateSchema);
    const id = await createReservation(ctx, input, { stayRuleOverridden: await stayRuleWarning(ctx, input) });
    return c.json({ reservation: await getReservation(ctx, id) }, 201);
  })
  .get(`${base}/reservations/:reservationId`, doc({ response: envelope(reservationDetailAnswer) }), reservationsOnly, async (c) => {
    return c.json({ data: await getReservation(bookingContext(c), idParam(c, "reservationId", RESERVATION)) });
  })
  .put(`${base}/reservations/:reservationId`, doc({ body: reservationUpdateSchema, response: reservationWritten }), reservationsOnly, async (c) => {
    const ctx = bookingContext(c);
    const id = idParam(c, "reservationId", RESERVATION);
    const input = await body(c, reservationUpdateSchema);
    await updateReservation(ctx, id, input);
    return c.json({ reservation: await getReservation(ctx, id) });
  })
  .post(`${base}/reservations/:reservationId/confirm`, doc({ body: cancelSchema, response: reservationWritten }), reservationsOnly, transition("confirm"))
  .post(`${base}/reservations/:reservationId/cancel`, doc({ body: cancelSchema, response: reservationWritten }), reservationsOnly, transition("cancel"))
  .post(`${base}/reservations/:reservationId/check-in`, doc({ body: cancelSchema, response: reservationWritten }), reservationsOnly, transition("check_in"))
  .post(`${base}/reservations/:reservationId/check-out`, doc({ body: cancelSchema, response: reservationWritten }), reservationsOnly, transition("check_out"))
  .post(`${base}/reservations/:reservationId/no-show`, doc({ body: cancelSchema, response: reservationWritten }), reservationsOnly, transition("no_show"))

  .get(`${base}/booking-quotes`, doc({ response: envelope(z.array(bookingQuoteAnswer)) }), reservationsOnly, async (c) => c.json({ data: await listQuotes(bookingContext(c)) }))
  .post(`${base}/booking-quotes`, doc({ body: bookingQuoteSchema, status: 201, response: bookingQuoteWritten }), reservationsOnly, async (c) => {
    const ctx = bookingContext(c);
    const input = await body(c, bookingQuoteSchema);
    const id = await createQuote(ctx, input);
    return c.json({ booking_quote: await getQuote(ctx, id) }, 201);
  })
  .get(`${base}/booking-quotes/:quoteId`, doc({ response: envelope(bookingQuoteAnswer) }), reservationsOnly, async (c) => {
    return c.json({ data: await getQuote(bookingContext(c), idParam(c, "quoteId", QUOTE)) });
  })
  .post(`${base}/booking-quotes/:quoteId/convert`, doc({ body: quoteConvertSchema, status: 201, response: quoteConverted }), reservationsOnly, async (c) => {
    const ctx = bookingContext(c);
    const id = idParam(c, "quoteId", QUOTE);
    const input = await optionalBody(c, quoteConvertSchema);
    const reservationId = await convertQuote(ctx, id, input);
    return c.json({ reservation: await getReservation(ctx, reservationId), booking_quote: await getQuote(ctx, id) }, 201);
  });


