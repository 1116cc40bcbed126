import type { z } from "zod";
import type {
  engineSettingsAnswer,
  engineSettingsWithChoicesAnswer,
  OffersJson,
  publicBookingAnswer,
  PublicProfileJson,
  PublicReservationJson,
} from "#contract/booking-engine";
import type { bookingEngineSettingsSchema, offersQuerySchema, publicReservationSchema } from "#domain/schemas/booking-engine";
import type { ApiVerbs } from "#app/lib/api/verbs.ts";

/** The booking engine's calls (docs/api/booking-engine.md): the owner's settings and the public page's. */
export function bookingEngineApi(http: ApiVerbs) {
  const settings = (businessUuid: string) => `/api/v1/businesses/${businessUuid}/booking-engine`;
  const page = (slug: string) => `/api/public/booking-engines/${encodeURIComponent(slug)}`;
  const data = async <T>(path: string, query?: Record<string, string>) => (await http.get<{ data: T }>(path, query ? { query } : undefined)).data;
  return {
    /** GET /businesses/{id}/booking-engine: the settings and the categories the owner may offer. */
    settings: (businessUuid: string) => http.get<z.infer<typeof engineSettingsWithChoicesAnswer>>(settings(businessUuid)),
    /** PUT /businesses/{id}/booking-engine. */
    saveSettings: (businessUuid: string, body: z.input<typeof bookingEngineSettingsSchema>) =>
      http.put<{ data: z.infer<typeof engineSettingsAnswer> }>(settings(businessUuid), body),
    /** GET /public/booking-engines/{slug}: the hotel's public page. */
    profile: (slug: string) => data<PublicProfileJson>(page(slug)),
    /** GET /public/booking-engines/{slug}/offers: the search as typed, checked by the API. */
    offers: (slug: string, query: Record<keyof z.input<typeof offersQuerySchema>, string>) => data<OffersJson>(`${page(slug)}/offers`, query),
    /** POST /public/booking-engines/{slug}/reservations (201): the guest's booking. */
    book: async (slug: string, body: z.input<typeof publicReservationSchema>) =>
      (await http.post<{ data: z.infer<typeof publicBookingAnswer> }>(`${page(slug)}/reservations`, body)).data,
    /** GET /public/booking-engines/{slug}/reservations/{code}: the confirmation. */
    reservation: (slug: string, code: string) => data<PublicReservationJson>(`${page(slug)}/reservations/${encodeURIComponent(code)}`),
  };
}
