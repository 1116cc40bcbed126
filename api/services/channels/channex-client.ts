/**
 * A client for Channex's public API v1 (the PMS side): property, room types and rate plans to
 * check a connection, ARI pushes (availability per room type, rate per rate plan, in date
 * ranges) and the booking revisions feed with its acknowledgement. Authenticated with the
 * `user-api-key` header. Channex answers bad values with 200 and `meta.warnings`: those are
 * failures here too, so a rejected night never looks sent.
 */

export interface AvailabilityValue {
  property_id: string;
  room_type_id: string;
  date_from: string;
  date_to: string;
  availability: number;
}

export interface RestrictionValue {
  property_id: string;
  rate_plan_id: string;
  date_from: string;
  date_to: string;
  /** Decimal string in the property's currency ("250.00"). */
  rate: string;
  /** Shortest stay arriving on these dates (1: none). */
  min_stay_arrival?: number;
  /** Longest stay (0: none). */
  max_stay?: number;
  closed_to_arrival?: boolean;
  closed_to_departure?: boolean;
}

export interface ChannexRoom {
  room_type_id: string;
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

export class ChannexError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "ChannexError";
  }
}

export interface ChannexClient {
  property(id: string): Promise<{ id: string; title: string; currency: string | null }>;
  roomTypes(propertyId: string): Promise<{ id: string; title: string }[]>;
  ratePlans(propertyId: string): Promise<{ id: string; title: string; room_type_id: string | null }[]>;
  updateAvailability(values: AvailabilityValue[]): Promise<void>;
  updateRestrictions(values: RestrictionValue[]): Promise<void>;
  bookingFeed(propertyId: string): Promise<BookingRevision[]>;
  acknowledge(revisionId: string): Promise<void>;
}

type Resource<T> = { id: string; type: string; attributes: T; relationships?: Record<string, { data?: { id?: string } | null }> };

const TIMEOUT_MS = 20_000;

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
      throw new ChannexError(response.status, `Channex ${method} ${path.split("?")[0]}: ${response.status} ${title}`);
    }
    const warnings = json?.meta?.warnings;
    if (Array.isArray(warnings) && warnings.length) {
      const first = warnings[0]?.warning ? JSON.stringify(warnings[0].warning) : JSON.stringify(warnings[0]);
      throw new ChannexError(response.status, `Channex rejected ${warnings.length} value(s): ${first}`);
    }
    return json as T;
  }

  const list = async <T>(path: string) => (await call<{ data: Resource<T>[] }>("GET", path)).data ?? [];
  const filter = (propertyId: string) => `filter[property_id]=${encodeURIComponent(propertyId)}`;

  return {
    async property(id) {
      const { data } = await call<{ data: Resource<{ title: string; currency?: string | null }> }>("GET", `/api/v1/properties/${encodeURIComponent(id)}`);
      return { id: data.id, title: data.attributes.title, currency: data.attributes.currency ?? null };
    },
    async roomTypes(propertyId) {
      return (await list<{ title: string }>(`/api/v1/room_types?${filter(propertyId)}`)).map((r) => ({ id: r.id, title: r.attributes.title }));
    },
    async ratePlans(propertyId) {
      return (await list<{ title: string; room_type_id?: string }>(`/api/v1/rate_plans?${filter(propertyId)}`)).map((r) => ({
        id: r.id,
        title: r.attributes.title,
        room_type_id: r.attributes.room_type_id ?? r.relationships?.room_type?.data?.id ?? null,
      }));
    },
    async updateAvailability(values) {
      if (values.length) await call("POST", "/api/v1/availability", { values });
    },
    async updateRestrictions(values) {
      if (values.length) await call("POST", "/api/v1/restrictions", { values });
    },
    async bookingFeed(propertyId) {
      const rows = await list<BookingRevision>(`/api/v1/booking_revisions/feed?${filter(propertyId)}&order[inserted_at]=asc`);
      return rows.map((r) => ({ ...r.attributes, id: r.attributes.id ?? r.id }));
    },
    async acknowledge(revisionId) {
      await call("POST", `/api/v1/booking_revisions/${encodeURIComponent(revisionId)}/ack`);
    },
  };
}

/** Cents → Channex's decimal string. */
export function rateString(cents: number): string {
  return (cents / 100).toFixed(2);
}
