import type { z } from "zod";
import type {
  AvailabilityJson,
  bookingQuoteWritten,
  BookingQuoteJson,
  quoteConverted,
  QuotePriceJson,
  ReservationDetailJson,
  ReservationOptionsJson,
  ReservationPageJson,
  reservationWritten,
  RoomsOverviewJson,
} from "#contract/bookings";
import type { AttentionJson } from "#contract/channels";
import type {
  bookingQuoteSchema,
  cancelSchema,
  quoteConvertSchema,
  quotePriceSchema,
  rangeQuerySchema,
  reservationCreateSchema,
  ReservationListQuery,
  reservationUpdateSchema,
} from "#domain/schemas/bookings";
import type { ApiVerbs } from "#app/lib/api/verbs.ts";

/** A reservation's status moves, as their paths name them. */
const TRANSITION_PATHS = { confirm: "confirm", cancel: "cancel", check_in: "check-in", check_out: "check-out", no_show: "no-show" } as const;

type Written = z.infer<typeof reservationWritten>;

/** The reservation calls (spec section 7, "Bookings"); the folio's are in `folio.ts`. */
export function bookingsApi(http: ApiVerbs) {
  const business = (businessUuid: string) => `/api/v1/businesses/${businessUuid}`;
  const base = (businessUuid: string) => `${business(businessUuid)}/reservations`;
  const quotes = (businessUuid: string) => `${business(businessUuid)}/booking-quotes`;
  const data = async <T>(path: string, query?: Record<string, string | number | undefined>) => (await http.get<{ data: T }>(path, query ? { query } : undefined)).data;
  return {
    /** GET /businesses/{id}/reservations: one page of the list (the query as the API's schema reads it). */
    list: (businessUuid: string, query: ReservationListQuery) => http.get<ReservationPageJson>(base(businessUuid), { query }),
    /** GET /businesses/{id}/reservations/{reservation}: one reservation with its nights and history. */
    reservation: (businessUuid: string, reservationId: string) => data<ReservationDetailJson>(`${base(businessUuid)}/${reservationId}`),
    /** GET /businesses/{id}/reservations/options: what the booking forms offer (a channel's own list when given). */
    options: (businessUuid: string, channel?: string) => data<ReservationOptionsJson>(`${base(businessUuid)}/options`, channel ? { channel } : undefined),
    /** POST /businesses/{id}/reservations (201). */
    create: (businessUuid: string, body: z.input<typeof reservationCreateSchema>) => http.post<Written>(base(businessUuid), body),
    /** PUT /businesses/{id}/reservations/{reservation}. */
    update: (businessUuid: string, reservationId: string, body: z.input<typeof reservationUpdateSchema>) =>
      http.put<Written>(`${base(businessUuid)}/${reservationId}`, body),
    /** POST …/reservations/{reservation}/confirm, cancel, check-in, check-out or no-show. */
    transition: (businessUuid: string, reservationId: string, action: keyof typeof TRANSITION_PATHS, body: z.input<typeof cancelSchema>) =>
      http.post<Written>(`${base(businessUuid)}/${reservationId}/${TRANSITION_PATHS[action]}`, body),
    /** POST …/reservations/quote-price: the engine's price for a stay; nothing saved. */
    quotePrice: async (businessUuid: string, body: z.input<typeof quotePriceSchema>): Promise<QuotePriceJson> =>
      (await http.post<{ data: QuotePriceJson }>(`${base(businessUuid)}/quote-price`, body)).data,
    /** GET /businesses/{id}/booking-quotes/{quote}. */
    quote: (businessUuid: string, quoteId: string) => data<BookingQuoteJson>(`${quotes(businessUuid)}/${quoteId}`),
    /** POST /businesses/{id}/booking-quotes (201): a priced offer for a guest. */
    createQuote: (businessUuid: string, body: z.input<typeof bookingQuoteSchema>) => http.post<z.infer<typeof bookingQuoteWritten>>(quotes(businessUuid), body),
    /** POST …/booking-quotes/{quote}/convert (201): the offer booked. */
    convertQuote: (businessUuid: string, quoteId: string, body: z.input<typeof quoteConvertSchema>) =>
      http.post<z.infer<typeof quoteConverted>>(`${quotes(businessUuid)}/${quoteId}/convert`, body),
    /** GET /businesses/{id}/rooms-overview: which room holds which stay, night by night. */
    roomsOverview: (businessUuid: string, query: z.input<typeof rangeQuerySchema>) => data<RoomsOverviewJson>(`${business(businessUuid)}/rooms-overview`, query),
    /** GET /businesses/{id}/availability: per night and category. */
    availability: (businessUuid: string, query: z.input<typeof rangeQuerySchema>) => data<AvailabilityJson>(`${business(businessUuid)}/availability`, query),
    /** GET /businesses/{id}/channel-bookings-needing-attention. */
    needingAttention: (businessUuid: string) => data<AttentionJson[]>(`${business(businessUuid)}/channel-bookings-needing-attention`),
    /** POST …/channel-bookings-needing-attention/{revision}/resolve (204). */
    resolveAttention: async (businessUuid: string, revisionId: string): Promise<void> => {
      await http.post(`${business(businessUuid)}/channel-bookings-needing-attention/${encodeURIComponent(revisionId)}/resolve`, {});
    },
  };
}
