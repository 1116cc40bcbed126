import type { Step } from "#domain/pricing/types.ts";

/**
 * The live facts an answer is built from, and (with `kind` and `links`) the structured data stored
 * beside it so the page can draw a card. Money is integer cents; dates are ISO YYYY-MM-DD.
 */

export interface ChatLink {
  href: string;
  /** A key of the `chat` namespace (`link.*`). */
  label: string;
}

export interface RateFacts {
  date: string;
  configured: boolean;
  occupancy: number;
  season: string | null;
  level: string | null;
  holidays: string[];
  categories: { uuid: string; name: string; rate: number; manual: boolean; explanation: Step[] }[];
}

export interface NightFacts {
  date: string;
  occupancy: number;
  sold: number;
  available: number;
  free: number;
}

export interface OccupancyFacts {
  from: string;
  to: string;
  nights: NightFacts[];
  /** Free rooms per category, for a single night. */
  categories: { name: string; free: number; rooms: number }[];
}

export interface Movement {
  uuid: string;
  code: string;
  guest: string;
  category: string;
  nights: number;
  status: string;
}

export interface MovementFacts {
  date: string;
  arrivals: Movement[];
  departures: Movement[];
}

export interface SummaryFacts {
  from: string;
  to: string;
  /** Room revenue of the nights in the period, reservations not cancelled. */
  revenue: number;
  roomNights: number;
  /** Room-nights that could be sold (rooms less blocked ones). */
  available: number;
}

export interface HolidayFacts {
  from: string;
  to: string;
  holidays: { date: string; name: string }[];
}

export interface SuggestionFacts {
  suggestions: { key: string; title: string; uplift: number; rate: number; from: string; to: string; rationale: string }[];
}

export interface DaysToUpdateFacts {
  count: number;
  days: { date: string; categories: { name: string; published: number | null; recommended: number }[] }[];
}

export type ChatData =
  | { kind: "help"; examples: string[] }
  | { kind: "unknown"; examples: string[] }
  | { kind: "noAccess"; area: string }
  | ({ kind: "rate"; currency: string; links: ChatLink[] } & RateFacts)
  | ({ kind: "occupancy"; average: number; sold: number; available: number; busiest: NightFacts | null; fullNights: number; links: ChatLink[] } & Omit<OccupancyFacts, "nights"> & { nights: NightFacts[] })
  | ({ kind: "movements"; links: ChatLink[] } & MovementFacts)
  | ({ kind: "summary"; currency: string; occupancy: number; adr: number; revpar: number; links: ChatLink[] } & SummaryFacts)
  | ({ kind: "holidays"; links: ChatLink[] } & HolidayFacts)
  | ({ kind: "suggestions"; currency: string; links: ChatLink[] } & SuggestionFacts)
  | ({ kind: "daysToUpdate"; currency: string; links: ChatLink[] } & DaysToUpdateFacts);

export type ChatDataKind = ChatData["kind"];
