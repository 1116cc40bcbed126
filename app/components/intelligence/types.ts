/** The intelligence API's answers as the pages read them (docs/api/intelligence.md). */

export interface StayFigures {
  rooms_available: number | null;
  room_nights_sold: number;
  occupancy: number | null;
  adr: number | null;
  revpar: number | null;
  room_revenue: number;
  extras_revenue: number;
  total_revenue: number;
  commission: number;
  net_revenue: number;
}

export interface BookingFigures {
  reservations: number;
  cancellations: number;
  cancellation_rate: number | null;
  no_shows: number;
  no_show_rate: number | null;
  average_lead_time: number | null;
  average_length_of_stay: number | null;
}

export interface Goal {
  month: string;
  revenue: number | null;
  /** Percent 0–100. */
  occupancy: number | null;
  adr: number | null;
}

export interface Pickup {
  reservations: number;
  room_nights: number;
  revenue: number;
  cancelled_room_nights: number;
  cancelled_revenue: number;
  net_room_nights: number;
  net_revenue: number;
}

export type ActionKind = "raiseHighOccupancy" | "fillWeakNights" | "publishPrices" | "goalGap" | "belowMarketFull" | "negativePickup";

/** One of the next 30 nights on the dashboard. */
export interface DashboardNight {
  date: string;
  rooms_available: number;
  room_nights_sold: number;
  occupancy: number | null;
  adr: number | null;
  revpar: number | null;
  room_revenue: number;
}

export interface DashboardAnswer {
  today: string;
  currency: string;
  timezone: string;
  tonight: StayFigures;
  next_7: StayFigures;
  next_30: StayFigures;
  nights: DashboardNight[];
  movements: { arrivals: number; departures: number; in_house: number };
  pickup: { last_24h: Pickup; last_7d: Pickup };
  month_to_date: {
    from: string;
    to: string;
    actual: StayFigures;
    last_year: StayFigures & { from: string; to: string };
    month: { from: string; to: string; on_the_books: StayFigures };
    goal: Goal | null;
  };
  days_to_update: { count: number; first: string | null; within_nights: number };
  market: {
    from: string;
    to: string;
    category: { uuid: string; name: string } | null;
    covered_nights: number;
    average_index: number | null;
    nights_above: number;
    nights_at: number;
    nights_below: number;
    average_rate: number | null;
    average_market_median: number | null;
  } | null;
  actions: { kind: ActionKind; count: number; first_night: string | null; href: string }[];
}

export interface MonthlyAnswer {
  year: number;
  currency: string;
  months: { month: string; this_year: StayFigures; last_year: StayFigures; goal: Goal | null }[];
  totals: { this_year: StayFigures; last_year: StayFigures; goal_revenue: number | null };
}

export type BreakdownRow = StayFigures & BookingFigures & { key: string; label: string | null; room_nights_share: number | null; revenue_share: number | null };

export interface BreakdownAnswer {
  from: string;
  to: string;
  dimension: string;
  currency: string;
  total: StayFigures & BookingFigures;
  rows: BreakdownRow[];
}

export interface ExploreAnswer {
  metrics: string[];
  dimension: string;
  currency: string;
  period: { from: string; to: string };
  compare_period: { from: string; to: string } | null;
  total: Record<string, number | null>;
  compare_total: Record<string, number | null> | null;
  rows: { key: string; label: string | null; values: Record<string, number | null>; compare_key: string | null; compare: Record<string, number | null> | null }[];
}

export interface GoalsAnswer {
  year: number;
  today: string;
  currency: string;
  editable: boolean;
  months: (Goal & { actual: StayFigures })[];
}
