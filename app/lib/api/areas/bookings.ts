import type { ReservationDetailJson, ReservationOptionsJson } from "#contract/bookings";
import type { ApiVerbs } from "#app/lib/api/verbs.ts";

/** The reservation calls (spec section 7, "Bookings"). */
export function bookingsApi(http: ApiVerbs) {
  const base = (businessUuid: string) => `/api/v1/businesses/${businessUuid}/reservations`;
  return {
    /** GET /businesses/{id}/reservations/{reservation}: one reservation with its nights and history. */
    reservation: async (businessUuid: string, reservationId: string): Promise<ReservationDetailJson> =>
      (await http.get<{ data: ReservationDetailJson }>(`${base(businessUuid)}/${reservationId}`)).data,
    /** GET /businesses/{id}/reservations/options: what the booking forms offer (a channel's own list when given). */
    options: async (businessUuid: string, channel?: string): Promise<ReservationOptionsJson> =>
      (await http.get<{ data: ReservationOptionsJson }>(`${base(businessUuid)}/options`, channel ? { query: { channel } } : undefined)).data,
  };
}
