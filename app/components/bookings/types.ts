import type { ReservationJson } from "#contract/bookings";

export type { ReservationJson };
export type { AvailabilityJson, BookingQuoteJson, RoomBlockJson, RoomJson, RoomsOverviewJson } from "#contract/bookings";

/** GET /reservations/options: what the booking forms offer. */
export type { ReservationOptionsJson as BookingOptions } from "#contract/bookings";
/** POST /reservations/quote-price. */
export type { QuotePriceJson as PriceQuote } from "#contract/bookings";
/** GET /reservations: one page of the list. */
export type { ReservationPageJson as ListAnswer } from "#contract/bookings";
