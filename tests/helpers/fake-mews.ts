import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { MewsOrderItem, MewsPriceUpdate, MewsRate, MewsReservation, MewsResourceCategory } from "#api/services/pms/mews-client.ts";

/**
 * A Mews Connector API double (https://docs.mews.com/connector-api), an HTTP server in the test
 * process that answers with the shapes of the documentation's examples, not with our client's
 * types: only POST to the exact `/api/connector/v1/[Resource]/[Action]` addresses (anything else
 * 404); `ClientToken`, `AccessToken` and `Client` required, wrong tokens a 401 with `Message`;
 * lists need `Limitation.Count` of 1–1000 and answer `Cursor` (the last item's id, null when
 * there is none) — the next page starts after it; a time filter longer than three months is a
 * 400, as are more than 1000 ids; rates/updatePrice takes only root rates, at most 1000 updates,
 * each at most 100 days. `failNext` makes the next calls answer an error (429 with Retry-After
 * included), to test failures.
 */

/** The enterprise of configuration/get's documented example. */
const ENTERPRISE = {
  Id: "851df8c8-90f2-4c4a-8e01-a4fc46b25178",
  Name: "Connector API Hotel",
  TimeZoneIdentifier: "Europe/Budapest",
  Pricing: "Gross",
  Currencies: [{ Currency: "EUR", IsDefault: true, IsEnabled: true }],
  DefaultLanguageCode: "en-US",
  EditableHistoryInterval: "P0M7DT0H0M0S",
};
export const SERVICE_ID = "bd26d8db-86da-4f96-9efc-e5a4654a4a94";
/** Resource categories of the fake enterprise: "Standard" and "Suite" match a Tarifa hotel's Standard and Suíte, "Dorm" nothing. */
export const CATEGORY_IDS = { standard: "5c0804f9-d03a-4b13-a57d-b00300781a41", suite: "47d6b462-35ec-467e-a565-b00300781a41", dorm: "773d5e42-de1e-43a0-9ce6-f940faf2303f" };
export const ADULTS = "1f67644f-052d-4863-acdf-ae1600c60ca0";
export const CHILDREN = "ab58c939-be30-4a60-8f75-ae1600c60c9f";
export const RATE_ID = "ed4b660b-19d0-434b-9360-a4de2ea42eda";
export const DERIVED_RATE_ID = "c1d8bd4d-4b1b-4f8a-a6d8-af5a00a3a1c2";

/** A Reservation (ver 2023-06-06) like the documented example, with the given differences. */
export function documentedReservation(overrides: Partial<MewsReservation> & { Id: string }): MewsReservation & Record<string, unknown> {
  return {
    ServiceId: SERVICE_ID,
    AccountId: "fadd5bb6-b428-45d5-94f8-fd0d89fece6d",
    AccountType: "Customer",
    CreatorProfileId: "3cd637ef-4728-47f9-8fb1-afb900c9cdcf",
    UpdaterProfileId: "3cd637ef-4728-47f9-8fb1-afb900c9cdcf",
    BookerId: null,
    Number: "52",
    State: "Confirmed",
    Origin: "Connector",
    CommanderOrigin: null,
    OriginDetails: null,
    CreatedUtc: "2023-03-23T16:00:00Z",
    UpdatedUtc: "2023-04-22T17:00:00Z",
    CancelledUtc: null,
    VoucherId: null,
    BusinessSegmentId: null,
    Options: { OwnerCheckedIn: false, AllCompanionsCheckedIn: false, AnyCompanionCheckedIn: false, ConnectorCheckIn: false },
    RateId: RATE_ID,
    CreditCardId: null,
    GroupId: "94843f6f-3be3-481b-a1c7-06458774c3df",
    RequestedResourceCategoryId: "773d5e42-de1e-43a0-9ce6-f940faf2303f",
    AssignedResourceId: null,
    AvailabilityBlockId: null,
    PartnerCompanyId: null,
    TravelAgencyId: null,
    AssignedResourceLocked: false,
    ChannelNumber: null,
    ChannelManagerNumber: "",
    CancellationReason: null,
    ReleasedUtc: null,
    StartUtc: "2023-04-23T14:00:00Z",
    EndUtc: "2023-04-25T12:00:00Z",
    ScheduledStartUtc: "2023-04-23T14:00:00Z",
    ActualStartUtc: null,
    ScheduledEndUtc: "2023-04-25T12:00:00Z",
    ActualEndUtc: null,
    Purpose: "Leisure",
    QrCodeData: null,
    PersonCounts: [
      { AgeCategoryId: ADULTS, Count: 2 },
      { AgeCategoryId: CHILDREN, Count: 0 },
    ],
    ...overrides,
  };
}

/** A space order item like the documented Order item, priced `gross` (tax 10% inside). */
export function documentedSpaceOrder(id: string, reservationId: string, gross: number, currency = "EUR"): MewsOrderItem & Record<string, unknown> {
  const amount = { Currency: currency, NetValue: Math.round((gross / 1.1) * 100) / 100, GrossValue: gross, TaxValues: [], Breakdown: { Items: [] } };
  return {
    Id: id,
    EnterpriseId: ENTERPRISE.Id,
    AccountId: "c173bb22-6ff8-4ffd-875f-afb900c92865",
    AccountType: "Customer",
    ServiceId: SERVICE_ID,
    ServiceOrderId: reservationId,
    BillId: null,
    AccountingCategoryId: null,
    UnitCount: 1,
    UnitAmount: amount,
    Amount: amount,
    OriginalAmount: amount,
    RevenueType: "Service",
    CreatedUtc: "2023-03-28T07:28:04Z",
    UpdatedUtc: "2023-03-28T07:28:04Z",
    ConsumedUtc: "2023-03-31T00:00:00Z",
    CanceledUtc: null,
    ClosedUtc: null,
    StartUtc: "2023-03-30T22:00:00Z",
    AccountingState: "Open",
    Type: "SpaceOrder",
    Options: { CanceledWithReservation: false },
    Data: null,
  };
}

export interface FakeMewsCall {
  operation: string;
  body: Record<string, any>;
}

const MAX_INTERVAL_MONTHS = 3;
const MAX_IDS = 1000;

export async function startFakeMews(options: { clientToken?: string; accessToken?: string; port?: number } = {}) {
  const clientToken = options.clientToken ?? "E0D439EE522F44368DC78E1BFB03710C-D24FB11DBE31D4621C4817E028D9E1D";
  const accessToken = options.accessToken ?? "C66EF7B239D24632943D115EDE9CB810-EA00F8FD8294692C940F6B5A8F9453D";
  const state = {
    nowUtc: new Date().toISOString(),
    /** The enterprise's default currency, in which its rates are priced (the documented example's EUR). */
    currency: "EUR",
    categories: [] as (MewsResourceCategory & Record<string, unknown>)[],
    rates: [] as (MewsRate & Record<string, unknown>)[],
    reservations: [] as (MewsReservation & Record<string, unknown>)[],
    orderItems: [] as (MewsOrderItem & Record<string, unknown>)[],
    /** The price updates Mews took, in order. */
    priceUpdates: [] as { RateId: string; PriceUpdates: MewsPriceUpdate[] }[],
    calls: [] as FakeMewsCall[],
    failures: [] as { status: number; operation?: string }[],
  };
  state.categories.push(
    category(CATEGORY_IDS.standard, "Standard", 1),
    category(CATEGORY_IDS.suite, "Suite", 2),
    category(CATEGORY_IDS.dorm, "Dorm", 3),
  );
  state.rates.push(rate(RATE_ID, "Best Available Rate", null, true), rate(DERIVED_RATE_ID, "Non-refundable", RATE_ID, false));

  function category(id: string, name: string, ordering: number): MewsResourceCategory & Record<string, unknown> {
    return { Id: id, EnterpriseId: ENTERPRISE.Id, ServiceId: SERVICE_ID, IsActive: true, Type: "Room", Names: { "en-US": name }, ShortNames: { "en-US": name }, Descriptions: {}, Ordering: ordering, Capacity: 2, ExtraCapacity: 0, ExternalIdentifier: null };
  }
  function rate(id: string, name: string, baseRateId: string | null, isDefault: boolean): MewsRate & Record<string, unknown> {
    return { Id: id, GroupId: "c8b866b4-4d0b-4f0a-9c5b-ae5600d6a7e1", ServiceId: SERVICE_ID, BaseRateId: baseRateId, IsBaseRate: baseRateId === null, BusinessSegmentId: null, IsActive: true, IsEnabled: true, IsPublic: true, IsDefault: isDefault, Type: "Public", Names: { "en-US": name }, ShortName: name, UpdatedUtc: "2023-01-01T00:00:00Z", ExternalIdentifier: null };
  }

  class Refusal extends Error {
    constructor(
      readonly status: number,
      message: string,
    ) {
      super(message);
    }
  }

  const monthsLater = (iso: string, months: number) => {
    const d = new Date(iso);
    d.setUTCMonth(d.getUTCMonth() + months);
    return d.getTime();
  };
  function interval(body: Record<string, any>, name: string): { start: number; end: number } | null {
    const value = body[name];
    if (value === undefined || value === null) return null;
    if (typeof value.StartUtc !== "string" || typeof value.EndUtc !== "string") throw new Refusal(400, `${name} needs StartUtc and EndUtc.`);
    const start = Date.parse(value.StartUtc);
    const end = Date.parse(value.EndUtc);
    if (Number.isNaN(start) || Number.isNaN(end) || end < start) throw new Refusal(400, `${name} is not a valid interval.`);
    if (end > monthsLater(value.StartUtc, MAX_INTERVAL_MONTHS)) throw new Refusal(400, `${name} is longer than 3 months.`);
    return { start, end };
  }
  function ids(body: Record<string, any>, name: string, required = false): Set<string> | null {
    const value = body[name];
    if (value === undefined || value === null) {
      if (required) throw new Refusal(400, `${name} is required.`);
      return null;
    }
    if (!Array.isArray(value) || value.some((v) => typeof v !== "string")) throw new Refusal(400, `${name} must be an array of strings.`);
    if (value.length > MAX_IDS) throw new Refusal(400, `${name} has more than ${MAX_IDS} items.`);
    return new Set(value);
  }
  function page<T extends { Id: string }>(body: Record<string, any>, items: T[]): { items: T[]; Cursor: string | null } {
    const limitation = body.Limitation;
    const count = limitation?.Count;
    if (!Number.isInteger(count) || count < 1 || count > 1000) throw new Refusal(400, "Limitation.Count must be between 1 and 1000.");
    let from = 0;
    if (typeof limitation.Cursor === "string") {
      const at = items.findIndex((i) => i.Id === limitation.Cursor);
      if (at < 0) throw new Refusal(400, "Invalid Limitation.Cursor.");
      from = at + 1;
    }
    const slice = items.slice(from, from + count);
    return { items: slice, Cursor: slice.length ? slice[slice.length - 1]!.Id : null };
  }
  const inInterval = (iso: string, i: { start: number; end: number } | null) => !i || (Date.parse(iso) >= i.start && Date.parse(iso) <= i.end);

  const operations: Record<string, (body: Record<string, any>) => unknown> = {
    "configuration/get": () => ({ NowUtc: state.nowUtc, Enterprise: { ...ENTERPRISE, Currencies: [{ Currency: state.currency, IsDefault: true, IsEnabled: true }] } }),
    "services/getAll": (body) => {
      const services = [
        { Id: "fc79a518-bc69-45b8-93bd-83326201bd14", EnterpriseId: ENTERPRISE.Id, IsActive: true, Names: { "en-US": "Restaurant" }, Options: { BillAsPackage: false }, Ordering: 0, Data: { Discriminator: "Additional", Value: {} }, ExternalIdentifier: null },
        { Id: SERVICE_ID, EnterpriseId: ENTERPRISE.Id, IsActive: true, Names: { "en-US": "Accommodation" }, Options: { BillAsPackage: false }, Ordering: 1, Data: { Discriminator: "Bookable", Value: { TimeUnitPeriod: "Day" } }, ExternalIdentifier: null },
      ];
      const p = page(body, services);
      return { Services: p.items, Cursor: p.Cursor };
    },
    "resourceCategories/getAll": (body) => {
      const services = ids(body, "ServiceIds", true)!;
      const p = page(body, state.categories.filter((c) => services.has(c.ServiceId)));
      return { ResourceCategories: p.items, Cursor: p.Cursor };
    },
    "rates/getAll": (body) => {
      const services = ids(body, "ServiceIds", true)!;
      const p = page(body, state.rates.filter((r) => services.has(r.ServiceId)));
      return { Rates: p.items, Cursor: p.Cursor };
    },
    "ageCategories/getAll": (body) => {
      const all = [
        { Id: ADULTS, ServiceId: SERVICE_ID, MinimalAge: 18, MaximalAge: null, Names: { "en-US": "Adult" }, Classification: "Adult", IsActive: true },
        { Id: CHILDREN, ServiceId: SERVICE_ID, MinimalAge: 0, MaximalAge: 17, Names: { "en-US": "Child" }, Classification: "Child", IsActive: true },
      ];
      const p = page(body, all);
      return { AgeCategories: p.items, Cursor: p.Cursor };
    },
    "reservations/getAll/2023-06-06": (body) => {
      const services = ids(body, "ServiceIds");
      const states = ids(body, "States");
      const reservationIds = ids(body, "ReservationIds");
      const created = interval(body, "CreatedUtc");
      const updated = interval(body, "UpdatedUtc");
      const scheduled = interval(body, "ScheduledStartUtc");
      const colliding = interval(body, "CollidingUtc");
      const matching = state.reservations.filter(
        (r) =>
          (!services || services.has(r.ServiceId)) &&
          (!states || states.has(r.State)) &&
          (!reservationIds || reservationIds.has(r.Id)) &&
          inInterval(r.CreatedUtc, created) &&
          inInterval(r.UpdatedUtc, updated) &&
          inInterval(r.ScheduledStartUtc, scheduled) &&
          (!colliding || (Date.parse(r.ScheduledStartUtc) <= colliding.end && Date.parse(r.ScheduledEndUtc) >= colliding.start)),
      );
      const p = page(body, matching);
      return { Reservations: p.items, Cursor: p.Cursor };
    },
    "orderItems/getAll": (body) => {
      const orders = ids(body, "ServiceOrderIds");
      const types = ids(body, "Types");
      if (!orders && !ids(body, "OrderItemIds") && !ids(body, "ServiceIds")) throw new Refusal(400, "At least one filter must be specified.");
      const matching = state.orderItems.filter((i) => (!orders || orders.has(i.ServiceOrderId)) && (!types || types.has(i.Type)));
      const p = page(body, matching);
      return { OrderItems: p.items, Cursor: p.Cursor };
    },
    "rates/updatePrice": (body) => {
      const target = state.rates.find((r) => r.Id === body.RateId);
      if (!target) throw new Refusal(400, "Invalid RateId.");
      if (target.BaseRateId) throw new Refusal(403, "Only root rates can be updated.");
      const updates = body.PriceUpdates;
      if (!Array.isArray(updates) || updates.length === 0 || updates.length > 1000) throw new Refusal(400, "PriceUpdates must hold 1 to 1000 items.");
      for (const u of updates) {
        const first = Date.parse(u.FirstTimeUnitStartUtc);
        const last = Date.parse(u.LastTimeUnitStartUtc);
        if (Number.isNaN(first) || Number.isNaN(last) || last < first) throw new Refusal(400, "Invalid time unit interval.");
        if ((last - first) / 86_400_000 + 1 > 100) throw new Refusal(400, "The interval is longer than 100 time units.");
        if (u.CategoryId !== undefined && !state.categories.some((c) => c.Id === u.CategoryId)) throw new Refusal(400, "Invalid CategoryId.");
        if (u.Value !== undefined && typeof u.Value !== "number") throw new Refusal(400, "Value must be a number.");
      }
      state.priceUpdates.push({ RateId: body.RateId, PriceUpdates: updates });
      return {};
    },
  };

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { "content-type": "application/json", "request-id": String(state.calls.length), ...headers });
    res.end(JSON.stringify(body));
  };

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const prefix = "/api/connector/v1/";
    const operation = (req.url ?? "").startsWith(prefix) ? (req.url ?? "").slice(prefix.length) : "";
    const handler = Object.hasOwn(operations, operation) ? operations[operation] : undefined;
    if (req.method !== "POST" || !handler) return send(res, 404, { Message: "Not found." });
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let body: Record<string, any>;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    } catch {
      return send(res, 400, { Message: "Malformed JSON." });
    }
    state.calls.push({ operation, body });
    if (!req.headers["content-type"]?.startsWith("application/json")) return send(res, 400, { Message: "Content-Type must be application/json." });
    if (typeof body.Client !== "string" || !body.Client) return send(res, 400, { Message: "Client is required." });
    if (body.ClientToken !== clientToken || body.AccessToken !== accessToken) return send(res, 401, { Message: "Invalid ClientToken or AccessToken." });
    const failure = state.failures.findIndex((f) => !f.operation || f.operation === operation);
    if (failure >= 0) {
      const [f] = state.failures.splice(failure, 1);
      return send(res, f!.status, { Message: f!.status === 429 ? "Too many requests." : "Simulated failure." }, f!.status === 429 ? { "retry-after": "0" } : {});
    }
    try {
      send(res, 200, handler(body));
    } catch (error) {
      if (error instanceof Refusal) return send(res, error.status, { Message: error.message });
      send(res, 500, { Message: String(error) });
    }
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    clientToken,
    accessToken,
    state,
    /** The next calls (of `operation`, or any) answer `status`. */
    failNext(status: number, operation?: string, times = 1) {
      for (let i = 0; i < times; i++) state.failures.push({ status, operation });
    },
    callsOf: (operation: string) => state.calls.filter((c) => c.operation === operation),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeMews = Awaited<ReturnType<typeof startFakeMews>>;
