import type { ReservationJson } from "#contract/bookings";

export type { ReservationJson };
export type { AvailabilityJson, BookingQuoteJson, RoomBlockJson, RoomJson, RoomsOverviewJson } from "#contract/bookings";

export interface ReservationDetail extends ReservationJson {
  night_rates: { date: string; rate: number }[];
  history: { action: string; at: string; user: { uuid: string; name: string | null } | null; changes: Record<string, unknown> }[];
}

export interface BookingOptions {
  categories: { uuid: string; name: string; room_count: number; min_occupation: number; max_occupation: number }[];
  rooms: { uuid: string; number: string; room_category_uuid: string; active: boolean }[];
  channels: string[];
  /** The hotel's names of its sales channels, by code (built-in codes without one are translated). */
  channel_names: Record<string, string>;
  currency: string;
  today: string;
}

export interface PriceQuote {
  arrival: string;
  departure: string;
  room_category: { uuid: string; name: string };
  adults: number;
  children: number;
  nights: { date: string; rate: number; season: string | null; level: string | null }[];
  total: number;
  rate_per_night: number;
  rate_overridden: boolean;
  currency: string;
  free_rooms: number;
  available: boolean;
}

export interface ListAnswer {
  data: ReservationJson[];
  meta: { page: number; per_page: number; total: number; last_page: number };
}
