import type { MarketBand } from "#domain/competitors/market";

/** Wire shapes of the competitor calls (api/routes/competitors.ts). */
export interface CompetitorJson {
  uuid: string;
  name: string;
  url: string | null;
  stars: number | null;
  distance_km: number | null;
  room_label: string | null;
  notes: string | null;
  active: boolean;
}

export interface NightJson {
  date: string;
  weekday: number;
  our_rate: number | null;
  occupancy: number | null;
  rates: { competitor_uuid: string; rate: number | null; source: string; captured_at: string }[];
  market: { count: number; sold_out: number; min: number | null; median: number | null; mean: number | null; max: number | null };
  position: { rank: number; of: number; index: number; band: MarketBand } | null;
}

interface PeriodAnswer {
  from: string;
  to: string;
  today: string;
  currency: string;
  configured: boolean;
  category: { uuid: string; name: string } | null;
  categories: { uuid: string; name: string }[];
  nights: NightJson[];
}

export interface RatesAnswer extends PeriodAnswer {
  competitors: CompetitorJson[];
}

export interface GroupJson {
  nights: number;
  average_rate: number | null;
  average_market_median: number | null;
  average_index: number | null;
  average_occupancy: number | null;
}

export interface MarketAnswer extends PeriodAnswer {
  competitors_count: number;
  kpis: GroupJson & { covered: number; coverage: number; nights_above: number; nights_at: number; nights_below: number };
  weekdays: (GroupJson & { weekday: number })[];
  weeks: (GroupJson & { week: string; from: string; to: string })[];
}
