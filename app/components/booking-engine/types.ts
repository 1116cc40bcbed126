import type { OffersJson } from "#contract/booking-engine";
import type { HotelPoliciesJson } from "#app/components/pms-settings/types";
/** The API's booking engine shapes, as the web reads them. */
export interface EngineSettings {
  slug: string;
  enabled: boolean;
  headline: Record<string, string>;
  description: Record<string, string>;
  policies: Record<string, string>;
  accent_color: string;
  contact_email: string | null;
  contact_phone: string | null;
  category_ids: string[];
  min_nights: number;
  max_nights: number;
  max_advance_days: number;
  check_in_time: string;
  check_out_time: string;
  auto_confirm: boolean;
  saved: boolean;
}

export interface CategoryChoice {
  uuid: string;
  name: string;
  room_count: number;
  min_occupation: number;
  max_occupation: number;
}

export interface PublicProfile {
  slug: string;
  business: { name: string; logo: string | null; city: string | null; state: string | null };
  headline: string;
  description: string;
  policies: string;
  hotel_policies: HotelPoliciesJson;
  accent_color: string;
  contact: { email: string | null; phone: string | null };
  check_in_time: string;
  check_out_time: string;
  min_nights: number;
  max_nights: number;
  today: string;
  last_arrival: string;
  currency: string;
  categories: { uuid: string; name: string; min_occupation: number; max_occupation: number }[];
}

export interface Offer {
  category: { uuid: string; name: string; min_occupation: number; max_occupation: number };
  /** The rate plan this offer sells, or null when the hotel has no active plan. */
  rate_plan: { uuid: string; name: string; meal_plan: string; cancellation_source: string; cancellation_text: string | null } | null;
  free_rooms: number;
  nights: { date: string; rate: number }[];
  total: number;
  rate_per_night: number;
}

export interface OffersAnswer {
  arrival: string;
  departure: string;
  adults: number;
  children: number;
  nights: number;
  currency: string;
  offers: Offer[];
  /** Categories the stay rules keep out of this search, with the nearest stay that works (issue 28). */
  refusals: OffersJson["refusals"];
}

export interface PublicReservation {
  code: string;
  status: string;
  arrival: string;
  departure: string;
  adults: number;
  children: number;
  category: string;
  total: number;
  currency: string;
}
