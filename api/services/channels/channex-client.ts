/**
 * A client for Channex's public API v1 (the PMS side), written from docs.channex.io (API
 * reference, Availability and Rates, Bookings Collection, Rate Plans, Properties, API Rate
 * Limits; docs/channex.md lists each field and the rule it follows). Authenticated with the
 * `user-api-key` header. Lists are read page by page (`pagination[page]`, `pagination[limit]` up
 * to 100, `meta.total`). An ARI answer of 200 may carry `meta.warnings`: the values they name were
 * refused and every other value was applied, so the warnings are returned, not thrown.
 */

export interface AvailabilityValue {
  property_id: string;
  room_type_id: string;
  date_from: string;
  date_to: string;
  availability: number;
}

export type MinStayType = "arrival" | "through" | "both";

export interface RestrictionValue {
  property_id: string;
  rate_plan_id: string;
  date_from: string;
  date_to: string;
  /** Decimal string in the plan's currency ("250.00"); Channex refuses 0. */
  rate?: string;
  /** A per-person plan: one rate per number of guests. */
  rates?: { occupancy: number; rate: string }[];
  /** Shortest stay arriving on these dates (1: none). */
  min_stay_arrival?: number;
  /** Shortest stay through these dates (1: none). */
  min_stay_through?: number;
  /** Longest stay (0: none). */
  max_stay?: number;
  closed_to_arrival?: boolean;
  closed_to_departure?: boolean;
  /** Not for sale on these dates. */
  stop_sell?: boolean;
}

/** One refused value of an ARI call: the value as Channex echoes it and the reasons per field. */
export interface AriWarning {
  room_type_id?: string | null;
  rate_plan_id?: string | null;
  date?: string | null;
  date_from?: string | null;
  date_to?: string | null;
  warning: Record<string, string[]>;
}

export interface ChannexRoom {
  /** Null when the room is not mapped in Channex. */
  room_type_id: string | null;
  rate_plan_id?: string | null;
  checkin_date: string;
  checkout_date: string;
  amount?: string | null;
  occupancy?: { adults?: number; children?: number; infants?: number } | null;
}

export interface BookingRevision {
  id: string;
  property_id: string;
  booking_id: string;
  status: "new" | "modified" | "cancelled";
  ota_name?: string | null;
  ota_reservation_code?: string | null;
  arrival_date: string;
  departure_date: string;
  amount?: string | null;
  currency?: string | null;
  customer?: { name?: string | null; surname?: string | null; mail?: string | null; phone?: string | null; country?: string | null } | null;
  notes?: string | null;
  rooms: ChannexRoom[];
  inserted_at?: string;
}

export interface ChannexProperty {
  id: string;
  title: string;
  currency: string | null;
  minStayType: MinStayType;
}

export interface ChannexRatePlan {
  id: string;
  title: string;
  room_type_id: string | null;
  currency: string | null;
  sellMode: "per_room" | "per_person";
  /** The occupancies the plan is priced for (a per-person plan has one per number of adults). */
  occupancies: number[];
}

export class ChannexError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** A 429: how long Channex asks to wait (Retry-After), else null. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = "ChannexError";
  }
}

export interface ChannexClient {
  property(id: string): Promise<ChannexProperty>;
  roomTypes(propertyId: string): Promise<{ id: string; title: string }[]>;
  ratePlans(propertyId: string): Promise<ChannexRatePlan[]>;
  updateAvailability(values: AvailabilityValue[]): Promise<AriWarning[]>;
  updateRestrictions(values: RestrictionValue[]): Promise<AriWarning[]>;
  /** Every not-acknowledged revision of the property, oldest first, all pages. */
  bookingFeed(propertyId: string): Promise<BookingRevision[]>;
  acknowledge(revisionId: string): Promise<void>;
}

type Resource<T> = { id: string; type: string; attributes: T; relationships?: Record<string, { data?: { id?: string } | null }> };
type Page<T> = { data: Resource<T>[]; meta?: { page?: number; limit?: number; total?: number } };

const TIMEOUT_MS = 20_000;
/** The largest page Channex serves (API reference, Pagination). */
export const PAGE_LIMIT = 100;
/** A runaway guard: 100 pages of 100 is more than any property's rooms, plans or waiting revisions. */
const MAX_PAGES = 100;

/** Retry-After in seconds or as an HTTP date; null when absent or unreadable. */
function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

export function channexClient(options: { baseUrl: string; apiKey: string; fetch?: typeof fetch }): ChannexClient {
  const doFetch = options.fetch ?? fetch;
  const base = options.baseUrl.replace(/\/+$/, "");

  async function call<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, {
        method,
        headers: { "user-api-key": options.apiKey, accept: "application/json", ...(body === undefined ? {} : { "content-type": "application/json" }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new ChannexError(0, `Channex unreachable: ${error instanceof Error ? error.message : String(error)}`);
    }
    const text = await response.text();
    let json: any = undefined;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON: reported below with the status.
    }
    if (!response.ok) {
      const title = json?.errors?.title ?? json?.errors?.code ?? (text.slice(0, 200) || response.statusText);
      const wait = response.status === 429 ? retryAfterMs(response.headers.get("retry-after")) : null;
      throw new ChannexError(response.status, `Channex ${method} ${path.split("?")[0]}: ${response.status} ${title}`, wait);
    }
    return json as T;
  }

  /** Every page of a list: page 1, 2, … until `meta.total` is reached (or a short page). */
  async function list<T>(path: string): Promise<Resource<T>[]> {
    const out: Resource<T>[] = [];
    const sep = path.includes("?") ? "&" : "?";
    for (let page = 1; page <= MAX_PAGES; page++) {
      const answer = await call<Page<T>>("GET", `${path}${sep}pagination[page]=${page}&pagination[limit]=${PAGE_LIMIT}`);
      const rows = answer?.data ?? [];
      out.push(...rows);
      const total = answer?.meta?.total;
      if (rows.length === 0 || (typeof total === "number" ? out.length >= total : rows.length < PAGE_LIMIT)) break;
    }
    return out;
  }

  async function ari(path: string, values: unknown[]): Promise<AriWarning[]> {
    if (values.length === 0) return [];
    const answer = await call<{ meta?: { warnings?: AriWarning[] } }>("POST", path, { values });
    const warnings = answer?.meta?.warnings;
    return Array.isArray(warnings) ? warnings : [];
  }

  const filter = (propertyId: string) => `filter[property_id]=${encodeURIComponent(propertyId)}`;

  return {
    async property(id) {
      const { data } = await call<{ data: Resource<{ title: string; currency?: string | null; settings?: { min_stay_type?: string } | null }> }>(
        "GET",
        `/api/v1/properties/${encodeURIComponent(id)}`,
      );
      const type = data.attributes.settings?.min_stay_type;
      return {
        id: data.id,
        title: data.attributes.title,
        currency: data.attributes.currency ?? null,
        minStayType: type === "arrival" || type === "through" ? type : "both",
      };
    },
    async roomTypes(propertyId) {
      return (await list<{ title: string }>(`/api/v1/room_types?${filter(propertyId)}`)).map((r) => ({ id: r.id, title: r.attributes.title }));
    },
    async ratePlans(propertyId) {
      type Attributes = { title: string; room_type_id?: string; currency?: string | null; sell_mode?: string; options?: { occupancy?: number }[] };
      return (await list<Attributes>(`/api/v1/rate_plans?${filter(propertyId)}`)).map((r) => ({
        id: r.id,
        title: r.attributes.title,
        room_type_id: r.attributes.room_type_id ?? r.relationships?.room_type?.data?.id ?? null,
        currency: r.attributes.currency ?? null,
        sellMode: r.attributes.sell_mode === "per_person" ? ("per_person" as const) : ("per_room" as const),
        occupancies: [...new Set((r.attributes.options ?? []).map((o) => o.occupancy).filter((n): n is number => Number.isInteger(n) && n! > 0))].sort((a, b) => a - b),
      }));
    },
    updateAvailability: (values) => ari("/api/v1/availability", values),
    updateRestrictions: (values) => ari("/api/v1/restrictions", values),
    async bookingFeed(propertyId) {
      const rows = await list<BookingRevision>(`/api/v1/booking_revisions/feed?${filter(propertyId)}&order[inserted_at]=asc`);
      return rows.map((r) => ({ ...r.attributes, id: r.attributes.id ?? r.id }));
    },
    async acknowledge(revisionId) {
      // The documented call carries no fields: an empty JSON object, sent as JSON.
      await call("POST", `/api/v1/booking_revisions/${encodeURIComponent(revisionId)}/ack`, {});
    },
  };
}

/** Cents → Channex's decimal string. */
export function rateString(cents: number): string {
  return (cents / 100).toFixed(2);
}
