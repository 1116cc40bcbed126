import type { z } from "zod";
import type { forecastAnswer } from "#contract/tracking";

/** Wire shapes of the tracking calls (api/routes/tracking.ts, docs/api/intelligence-tracking.md). */
export interface BookedJson {
  room_nights: number;
  revenue: number;
  /** 0–1, null without rooms available. */
  occupancy?: number | null;
}

export interface PickupAnswer {
  as_of: string;
  today: string;
  window: number;
  from: string;
  to: string;
  currency: string;
  totals: { booked: BookedJson; cancelled: BookedJson; net: BookedJson; last_year: { as_of: string; net: BookedJson } };
  by_stay_date: { date: string; capacity: number; on_the_books: BookedJson; pickup: BookedJson; last_year: { date: string; capacity: number; on_the_books: BookedJson } }[];
  by_booking_date: { date: string; booked: BookedJson; cancelled: BookedJson; net: BookedJson; last_year: { date: string; net: BookedJson } }[];
}

export interface PaceAnswer {
  as_of: string;
  last_year_as_of: string;
  today: string;
  currency: string;
  months: {
    month: string;
    capacity: number;
    on_the_books: BookedJson;
    last_year: { month: string; capacity: number; on_the_books: BookedJson; final: BookedJson | null };
    change: { room_nights: number; revenue: number; room_nights_percent: number | null; revenue_percent: number | null };
  }[];
}

export interface CurvePoint {
  days_before: number;
  room_nights: number | null;
  revenue: number | null;
  occupancy: number | null;
}

export interface CurvesAnswer {
  month: string;
  by: "month" | "category";
  today: string;
  currency: string;
  curves: { key: string; name: string | null; capacity: number; points: CurvePoint[] }[];
}

export type ForecastAnswer = z.infer<typeof forecastAnswer>;
export type ScorecardJson = NonNullable<ForecastAnswer["scorecard"]>;

/** The four views of the tracking page. */
export const VIEWS = ["pickup", "pace", "curves", "forecast"] as const;
export type View = (typeof VIEWS)[number];
