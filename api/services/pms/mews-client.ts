/**
 * A client of the Mews Connector API (https://docs.mews.com/connector-api, ADR 0049), only the
 * operations the connector uses, with the documented field names. Every operation is a POST of
 * JSON to `[PlatformAddress]/api/connector/v1/[Resource]/[Action]` carrying `ClientToken`,
 * `AccessToken` and `Client` (Guidelines › Requests); lists are cursor-paginated with
 * `Limitation: { Count ≤ 1000, Cursor }` until the answer's `Cursor` is null or the page is short
 * (Guidelines › Pagination); a 429 carries `Retry-After` (Guidelines › Request limits).
 */

export const MEWS_CLIENT_NAME = "Tarifa 1.0.0";
/** The most a page may hold (Pagination › Limitation). */
export const MEWS_PAGE = 1000;
/** The most ids a filter may hold (e.g. `ServiceOrderIds`, "max 1000 items"). */
export const MEWS_MAX_IDS = 1000;
/** Waits for a 429 before giving up on a call. */
const RETRIES_429 = 3;
/** New attempts after a network failure (no answer at all). */
const NETWORK_RETRIES = 2;
const MAX_WAIT_MS = 30_000;

export class MewsError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
  /** 401: an invalid ClientToken or AccessToken (Guidelines › Responses). */
  get unauthorized() {
    return this.status === 401;
  }
}

export interface TimeInterval {
  StartUtc: string;
  EndUtc: string;
}

export interface MewsConfiguration {
  NowUtc: string;
  Enterprise: { Id: string; Name: string; TimeZoneIdentifier: string; Pricing: "Gross" | "Net"; Currencies?: { Currency: string; IsDefault: boolean }[] };
}

export interface MewsService {
  Id: string;
  IsActive: boolean;
  Data: { Discriminator: "Bookable" | "Additional" };
}

export interface MewsResourceCategory {
  Id: string;
  ServiceId: string;
  IsActive: boolean;
  Names: Record<string, string>;
  ShortNames?: Record<string, string>;
}

export interface MewsRate {
  Id: string;
  ServiceId: string;
  BaseRateId: string | null;
  IsActive: boolean;
  IsDefault: boolean;
  Names: Record<string, string>;
}

export interface MewsAgeCategory {
  Id: string;
  Classification: "Adult" | "Child";
}

export const MEWS_STATES = ["Inquired", "Confirmed", "Started", "Processed", "Canceled", "Optional", "Requested"] as const;
export type MewsState = (typeof MEWS_STATES)[number];

/** Reservation (ver 2023-06-06), the fields Tarifa reads. */
export interface MewsReservation {
  Id: string;
  ServiceId: string;
  Number: string;
  State: MewsState;
  Origin: string;
  CommanderOrigin: string | null;
  CreatedUtc: string;
  UpdatedUtc: string;
  CancelledUtc: string | null;
  CancellationReason: string | null;
  RateId: string;
  RequestedResourceCategoryId: string;
  ScheduledStartUtc: string;
  ScheduledEndUtc: string;
  PersonCounts: { AgeCategoryId: string; Count: number }[];
}

export interface MewsAmount {
  Currency: string;
  NetValue: number;
  GrossValue: number;
}

export interface MewsOrderItem {
  Id: string;
  ServiceOrderId: string;
  Amount: MewsAmount;
  Type: string;
  AccountingState: string;
}

export interface MewsPriceUpdate {
  CategoryId?: string;
  Value?: number;
  FirstTimeUnitStartUtc: string;
  LastTimeUnitStartUtc: string;
}

export interface MewsClient {
  configuration(): Promise<MewsConfiguration>;
  services(): Promise<MewsService[]>;
  resourceCategories(serviceIds: string[]): Promise<MewsResourceCategory[]>;
  rates(serviceIds: string[]): Promise<MewsRate[]>;
  ageCategories(serviceIds: string[]): Promise<MewsAgeCategory[]>;
  /** One time filter (max 3 months long), every page. */
  reservations(filter: { ServiceIds: string[]; States: readonly MewsState[] } & ({ ScheduledStartUtc: TimeInterval } | { UpdatedUtc: TimeInterval })): Promise<MewsReservation[]>;
  /** The reservations' space orders (the stay's price), at most 1000 reservations a call. */
  orderItems(serviceOrderIds: string[], currency: string): Promise<MewsOrderItem[]>;
  updatePrice(rateId: string, updates: MewsPriceUpdate[]): Promise<void>;
}

export function mewsClient(options: { platformAddress: string; clientToken: string; accessToken: string; fetch?: typeof fetch; sleep?: (ms: number) => Promise<void> }): MewsClient {
  const base = options.platformAddress.replace(/\/+$/, "");
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? ((ms: number) => new Promise((resolve) => setTimeout(resolve, ms)));

  async function call<T>(operation: string, body: Record<string, unknown>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await doFetch(`${base}/api/connector/v1/${operation}`, {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json" },
          body: JSON.stringify({ ClientToken: options.clientToken, AccessToken: options.accessToken, Client: MEWS_CLIENT_NAME, ...body }),
          signal: AbortSignal.timeout(60_000),
        });
      } catch (error) {
        // A kept-alive connection the server closed meanwhile fails the next POST at once; every
        // operation used here is safe to send again (reads, and a price set to a value).
        if (attempt < NETWORK_RETRIES) {
          await sleep(200 * (attempt + 1));
          continue;
        }
        throw new MewsError(0, `Mews could not be reached (${(error as Error).message})`);
      }
      if (response.status === 429 && attempt < RETRIES_429) {
        const header = response.headers.get("retry-after");
        const seconds = header === null ? Number.NaN : Number(header);
        await sleep(Math.min(MAX_WAIT_MS, Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : 1000 * 2 ** attempt));
        continue;
      }
      const text = await response.text();
      let json: unknown = null;
      try {
        json = text ? JSON.parse(text) : {};
      } catch {
        json = null;
      }
      if (!response.ok) {
        const message = (json as { Message?: unknown } | null)?.Message;
        throw new MewsError(response.status, `Mews ${operation} answered ${response.status}${typeof message === "string" ? `: ${message.slice(0, 200)}` : ""}`);
      }
      if (json === null || typeof json !== "object") throw new MewsError(response.status, `Mews ${operation} answered something other than JSON`);
      return json as T;
    }
  }

  /** Every page of a paginated list (the answer's `key` array). */
  async function all<T>(operation: string, key: string, body: Record<string, unknown>): Promise<T[]> {
    const out: T[] = [];
    let cursor: string | null = null;
    for (;;) {
      const page: Record<string, unknown> = await call(operation, { ...body, Limitation: { Count: MEWS_PAGE, Cursor: cursor } });
      const items = (page[key] ?? []) as T[];
      out.push(...items);
      cursor = typeof page.Cursor === "string" ? page.Cursor : null;
      if (!cursor || items.length < MEWS_PAGE) return out;
    }
  }

  return {
    configuration: () => call("configuration/get", {}),
    services: () => all("services/getAll", "Services", {}),
    resourceCategories: (serviceIds) => all("resourceCategories/getAll", "ResourceCategories", { ServiceIds: serviceIds, ActivityStates: ["Active"] }),
    rates: (serviceIds) => all("rates/getAll", "Rates", { ServiceIds: serviceIds, ActivityStates: ["Active"], Extent: { Rates: true, AvailabilityBlockAssignments: false } }),
    ageCategories: (serviceIds) => all("ageCategories/getAll", "AgeCategories", { ServiceIds: serviceIds }),
    reservations: (filter) => all("reservations/getAll/2023-06-06", "Reservations", filter),
    orderItems: (serviceOrderIds, currency) => all("orderItems/getAll", "OrderItems", { ServiceOrderIds: serviceOrderIds, Types: ["SpaceOrder"], Currency: currency }),
    updatePrice: async (rateId, updates) => void (await call("rates/updatePrice", { RateId: rateId, PriceUpdates: updates })),
  };
}

/**
 * Consecutive intervals covering [from, to), none longer than the filters' "max length 3 months":
 * 89 days, shorter than any three calendar months (December to February is 90 days).
 */
export const WINDOW_DAYS = 89;
export function windows(from: Date, to: Date, days = WINDOW_DAYS): TimeInterval[] {
  const out: TimeInterval[] = [];
  for (let start = from.getTime(); start < to.getTime(); start += days * 86_400_000) {
    const end = Math.min(start + days * 86_400_000, to.getTime());
    out.push({ StartUtc: new Date(start).toISOString(), EndUtc: new Date(end).toISOString() });
  }
  return out;
}
