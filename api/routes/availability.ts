import { Hono } from "hono";
import { rangeQuerySchema } from "#domain/schemas/bookings.ts";
import { requireBusiness, type BusinessEnv } from "#api/middleware/business.ts";
import { availability, roomsOverview } from "#api/services/bookings/availability.ts";
import { bookingContext, query } from "./bookings-shared.ts";
import { docs } from "#api/openapi/describe.ts";
import { envelope } from "#contract/primitives.ts";
import { availabilityAnswer, roomsOverviewAnswer } from "#contract/bookings.ts";

const doc = docs("Availability");

/** GET /businesses/{id}/availability and /rooms-overview, `from`…`to` (both nights included, ≤ 366). */
export const availabilityRoutes = new Hono<BusinessEnv>()
  .get("/businesses/:id/availability", doc({ query: rangeQuerySchema, response: envelope(availabilityAnswer) }), requireBusiness("user.availability"), async (c) => {
    const { from, to } = query(c, rangeQuerySchema);
    return c.json({ data: await availability(bookingContext(c), from, to) });
  })
  .get("/businesses/:id/rooms-overview", doc({ query: rangeQuerySchema, response: envelope(roomsOverviewAnswer) }), requireBusiness("user.rooms-overview"), async (c) => {
    const { from, to } = query(c, rangeQuerySchema);
    return c.json({ data: await roomsOverview(bookingContext(c), from, to) });
  });
