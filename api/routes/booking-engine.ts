import type { Context } from "hono";
import { Hono } from "hono";
import { stayNights } from "#domain/bookings/stay.ts";
import { bookingEngineSettingsSchema, offersQuerySchema, publicReservationSchema } from "#domain/schemas/booking-engine.ts";
import { queryObject } from "#domain/schemas/bookings.ts";
import type { ApiEnv } from "#api/context.ts";
import { requireBusiness, type BusinessEnv } from "#api/middleware/business.ts";
import { requirePlan } from "#api/middleware/plan.ts";
import { clientIp, limitHits, withinLimit } from "#api/middleware/rate-limit.ts";
import { bookOnline, categoryChoices, engineSettings, offersFor, publicEngine, publicProfile, publicReservation, publicReservationJson, saveEngineSettings, type PublicEngine } from "#api/services/booking-engine.ts";
import type { BookingContext } from "#api/services/bookings/context.ts";
import { sendBookingMails } from "#api/services/mail/booking-engine.ts";
import { hotelPoliciesJson, hotelPoliciesOf } from "#api/services/distribution/hotel-policies.ts";
import { jsonBody, parseWith } from "#api/validate.ts";
import { docs } from "#api/openapi/describe.ts";
import { envelope } from "#contract/primitives.ts";
import { engineSettingsAnswer, engineSettingsWithChoicesAnswer, offersAnswer, publicBookingAnswer, publicProfileAnswer, publicReservationAnswer } from "#contract/booking-engine.ts";

const doc = docs("Booking engine");

const setup = [requireBusiness("user.businesses"), requirePlan("motor")] as const;

/**
 * The booking engine's settings (plan motor), mounted under /api/v1:
 * GET answers the saved settings or the defaults (with a free slug from the business name) and
 * the business's room categories;
 * PUT saves them (422 with field errors: format, slug already in use, foreign categories).
 */
export const bookingEngineRoutes = new Hono<BusinessEnv>()
  .get("/businesses/:id/booking-engine", doc({ response: engineSettingsWithChoicesAnswer }), ...setup, async (c) => {
    const { db } = c.var.deps;
    const business = c.var.access.business;
    // The categories the owner can choose to offer come along, so the form needs one call.
    return c.json({ data: await engineSettings(db, business), categories: await categoryChoices(db, business.id) });
  })
  .put("/businesses/:id/booking-engine", doc({ body: bookingEngineSettingsSchema, response: envelope(engineSettingsAnswer) }), ...setup, async (c) => {
    const input = await jsonBody(c, bookingEngineSettingsSchema);
    const data = await saveEngineSettings({ db: c.var.deps.db, business: c.var.access.business, t: c.var.t, now: c.var.deps.now() }, input);
    return c.json({ data });
  });

function publicContext(c: Context<ApiEnv>, found: PublicEngine): BookingContext {
  return { db: c.var.deps.db, business: found.business, userId: null, now: c.var.deps.now(), t: c.var.t, actor: { kind: "booking_engine" } };
}

const engineOf = (c: Context<ApiEnv>) => publicEngine(c.var.deps.db, c.req.param("slug") ?? "");

/**
 * The public booking engine (no sign-in), mounted under /api: the hotel's page, offers for a
 * stay, online bookings (rate-limited per client address) and the confirmation. Every call
 * answers 404 when the slug is unknown, the engine off or the business without the motor plan.
 */
export const publicBookingEngineRoutes = new Hono<ApiEnv>()
  .get("/public/booking-engines/:slug", doc({ response: envelope(publicProfileAnswer) }), async (c) => {
    const found = await engineOf(c);
    return c.json({ data: await publicProfile(c.var.deps.db, found, c.var.locale, c.var.deps.now()) });
  })
  .get("/public/booking-engines/:slug/offers", doc({ query: offersQuerySchema, response: envelope(offersAnswer) }), async (c) => {
    const found = await engineOf(c);
    const query = parseWith(c, offersQuerySchema, queryObject(new URL(c.req.url).searchParams));
    const keepQuotes = await withinLimit(c, "engineQuotesIp", clientIp(c));
    return c.json({ data: await offersFor(publicContext(c, found), found.engine, query, { keepQuotes }) });
  })
  .post("/public/booking-engines/:slug/reservations", doc({ body: publicReservationSchema, status: 201, response: envelope(publicBookingAnswer) }), async (c) => {
    const found = await engineOf(c);
    await limitHits(c, [["bookingEngineIp", clientIp(c)]]);
    const input = await jsonBody(c, publicReservationSchema);
    const reservation = await bookOnline(publicContext(c, found), found.engine, input);
    const stay = {
      code: reservation.code,
      status: reservation.status,
      arrival: reservation.arrival,
      departure: reservation.departure,
      nights: stayNights(reservation.arrival, reservation.departure).length,
      category: reservation.room_category.name,
      adults: reservation.adults,
      children: reservation.children,
      total: reservation.total,
      currency: reservation.currency,
      guest: { name: reservation.guest.name, email: reservation.guest.email, phone: reservation.guest.phone },
      notes: reservation.notes,
    };
    await sendBookingMails(c.var.deps, {
      locale: c.var.locale,
      hotel: {
        name: found.business.companyName,
        email: found.engine.contactEmail ?? found.business.email ?? null,
        checkIn: found.engine.checkInTime,
        checkOut: found.engine.checkOutTime,
        ownerId: found.business.ownerId,
        policies: hotelPoliciesJson(await hotelPoliciesOf(c.var.deps.db, found.business.id)),
      },
      slug: found.engine.slug,
      reservationId: reservation.uuid,
      stay,
    });
    return c.json({ data: { ...publicReservationJson(reservation, reservation.room_category.name), nights: stay.nights, night_rates: reservation.night_rates } }, 201);
  })
  .get("/public/booking-engines/:slug/reservations/:code", doc({ response: envelope(publicReservationAnswer) }), async (c) => {
    const found = await engineOf(c);
    return c.json({ data: await publicReservation(c.var.deps.db, found, (c.req.param("code") ?? "").toUpperCase()) });
  });
