/** The API's answers for the reports area (docs/api/reports.md). Money in cents. */
export interface PeriodAnswer {
  from: string;
  to: string;
  today: string;
  currency: string;
  timezone: string;
}

export interface FinancialLine {
  room_nights: number;
  room_revenue: number;
  extras_revenue: number;
  gross_revenue: number;
  commission: number;
  net_revenue: number;
}

export interface FinancialAnswer extends PeriodAnswer {
  totals: FinancialLine;
  months: (FinancialLine & { month: string })[];
  channels: (FinancialLine & { channel: string })[];
  categories: (FinancialLine & { room_category_uuid: string; name: string })[];
  receivables: {
    reservations: number;
    billed: number;
    received: number;
    outstanding: number;
    owing: { reservation_uuid: string; code: string; guest: string; arrival: string; departure: string; billed: number; received: number; outstanding: number }[];
  };
}

export interface CommissionLine {
  room_nights: number;
  room_revenue: number;
  commission: number;
  effective_percent: number | null;
}

export interface CommissionsAnswer extends PeriodAnswer {
  totals: CommissionLine;
  lines: (CommissionLine & { channel: string; room_category_uuid: string; name: string; percent: number; source: "channel" | "category" })[];
  channels: (CommissionLine & { channel: string })[];
  categories: (CommissionLine & { room_category_uuid: string; name: string })[];
}

export interface ReportsIndexAnswer extends PeriodAnswer {
  reports: (
    | { kind: "financial"; gross_revenue: number; net_revenue: number; room_nights: number }
    | { kind: "commissions"; commission: number; effective_percent: number | null; top_channel: string | null }
  )[];
}

export interface StayFigures {
  rooms_available: number;
  room_nights_sold: number;
  room_revenue: number;
  occupancy: number | null;
  adr: number | null;
  revpar: number | null;
}

export interface UnitsAnswer extends PeriodAnswer {
  is_bnb: boolean;
  units: (StayFigures & { room_uuid: string; number: string; room_category: { uuid: string; name: string } })[];
  unassigned: { room_nights_sold: number; room_revenue: number };
}

export interface RewardsAnswer {
  today: string;
  timezone: string;
  currency: string;
  earned: { uuid: string; kind: string; period: string; evidence: Record<string, number | string | null>; earned_at: string }[];
  progress: { kind: string; unit: "days" | "money"; current: number | null; target: number | null; period: string; changes?: number }[];
}
