export type { RoomsOverviewJson } from "#contract/bookings";

/** GET /reservations/options: what the booking forms offer. */
export type { ReservationOptionsJson as BookingOptions } from "#contract/bookings";
/** POST /reservations/quote-price. */
export type { QuotePriceJson as PriceQuote } from "#contract/bookings";
