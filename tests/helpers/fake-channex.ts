import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { BookingRevision } from "#api/services/channels/channex-client.ts";

/**
 * A Channex API v1 double, an HTTP server in the test process, built from Channex's documented
 * examples (./channex-docs, each naming its page) rather than from our client: lists and the
 * booking feed are paginated (10 by default, `pagination[limit]` up to 100, `meta` with page,
 * limit and total); an ARI value it cannot take is left out with a warning in a 200 answer while
 * the others are applied; more than 10 calls a minute per property and endpoint answer 429 (with
 * Retry-After) and are not applied; an acknowledgement with fields (the documented one has none)
 * is a 422; rate plans have their own currency and sell mode; a revision's
 * room may have null ids (not mapped). A body of the wrong shape is a 422, so a wrong field name
 * fails the test. Its clock can be injected, so a test can run minutes of pushes without waiting.
 */
const docs = (name: string) => JSON.parse(readFileSync(new URL(`./channex-docs/${name}.json`, import.meta.url), "utf8"));
const PAGINATION = docs("pagination") as { defaultLimit: number; maxLimit: number };
const RATE_LIMIT = docs("rate-limit") as { perMinutePerProperty: Record<string, number>; example: unknown };
const RESTRICTION_FIELDS_DOC = (docs("restrictions-request") as { fields: string[] }).fields;
const PROPERTY_EXAMPLE = docs("property").example.data;
const RATE_PLAN_EXAMPLE = docs("rate-plans").example.data[0];
const ROOM_TYPE_EXAMPLE = docs("room-types").example.data[0];
const ACK = docs("ack") as { success: unknown; notFound: unknown };

export interface FakeRatePlan {
  id: string;
  title: string;
  room_type_id: string;
  currency: string;
  sell_mode: "per_room" | "per_person";
  /** The occupancy options' guest counts. */
  occupancies: number[];
}

export interface FakeProperty {
  id: string;
  title: string;
  currency: string;
  minStayType: "arrival" | "through" | "both";
  roomTypes: { id: string; title: string }[];
  ratePlans: FakeRatePlan[];
}

export interface AriCall {
  path: "/api/v1/availability" | "/api/v1/restrictions";
  values: Record<string, unknown>[];
  propertyId: string;
  /** The fake's clock (ms) when the call was applied. */
  at: number;
}

const ISO = /^\d{4}-\d{2}-\d{2}$/;
const isEmptyObject = (v: unknown) => typeof v === "object" && v !== null && !Array.isArray(v) && Object.keys(v).length === 0;
const AVAILABILITY_KEYS = new Set(["property_id", "room_type_id", "date", "date_from", "date_to", "availability"]);
const RESTRICTION_KEYS = new Set(RESTRICTION_FIELDS_DOC);
const RESTRICTION_FIELDS = RESTRICTION_FIELDS_DOC.filter((k) => !["property_id", "rate_plan_id", "date", "date_from", "date_to", "days"].includes(k));
const WINDOW_MS = 60_000;

export async function startFakeChannex(options: { apiKey?: string; port?: number; now?: () => number } = {}) {
  const apiKey = options.apiKey ?? "fake-key-" + randomUUID();
  const clock = options.now ?? (() => Date.now());
  const properties = new Map<string, FakeProperty>();
  const calls: AriCall[] = [];
  /** 422 answers (a body of the wrong shape) and warnings (values left out of a 200). */
  const rejected: { path: string; status: number; details: unknown }[] = [];
  const warnings: { path: string; warning: Record<string, unknown> }[] = [];
  const limited: { path: string; at: number }[] = [];
  const feed: { revision: BookingRevision; acked: boolean }[] = [];
  const acks: string[] = [];
  const ackBodies: unknown[] = [];
  /** ARI values to refuse with a warning: `rate_plan_id|date` → the field and its message. */
  const refusals = new Map<string, { field: string; message: string }>();
  let failures: number[] = [];
  /** The next ARI requests answer the documented 429, each with this Retry-After (seconds; null: none). */
  let limits: (number | null)[] = [];
  let feedFailures: number[] = [];
  let dropAcks = 0;
  /** While set, ARI requests wait for it: a push stays in flight, its night queued. */
  let held: { until: Promise<void>; release: () => void } | null = null;

  function addProperty(shape: { roomTypes?: number; ratePlansPerRoomType?: number; currency?: string; minStayType?: FakeProperty["minStayType"] } = {}): FakeProperty {
    const currency = shape.currency ?? "BRL";
    const roomTypes = Array.from({ length: shape.roomTypes ?? 3 }, (_, n) => ({ id: randomUUID(), title: `Room type ${n + 1}` }));
    const perRoomType = shape.ratePlansPerRoomType ?? 1;
    const property: FakeProperty = {
      id: randomUUID(),
      title: "Pousada Teste",
      currency,
      minStayType: shape.minStayType ?? "both",
      roomTypes,
      ratePlans: roomTypes.flatMap((r) =>
        Array.from({ length: perRoomType }, (_, n) => ({
          id: randomUUID(),
          title: `${RATE_PLAN_EXAMPLE.attributes.title} ${r.title}${n ? ` ${n + 1}` : ""}`,
          room_type_id: r.id,
          currency,
          sell_mode: "per_room" as const,
          occupancies: [2],
        })),
      ),
    };
    properties.set(property.id, property);
    return property;
  }

  /** One more rate plan of the property, in room type `roomType` (Channex rate plans belong to one). */
  function addRatePlan(property: FakeProperty, roomType: number, title = "Rate plan", shape: Partial<Pick<FakeRatePlan, "currency" | "sell_mode" | "occupancies">> = {}): FakeRatePlan {
    const plan: FakeRatePlan = { id: randomUUID(), title, room_type_id: property.roomTypes[roomType].id, currency: property.currency, sell_mode: "per_room", occupancies: [2], ...shape };
    property.ratePlans.push(plan);
    return plan;
  }

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { "content-type": "application/json", ...headers });
    res.end(JSON.stringify(body));
  };
  const invalid = (res: ServerResponse, path: string, details: unknown) => {
    rejected.push({ path, status: 422, details });
    send(res, 422, { errors: { code: "validation_error", title: "Validation Error", details } });
  };

  /** One page of a list as Channex answers it (API Reference › Pagination). */
  function page<T>(url: URL, rows: T[], resource: (row: T) => unknown) {
    const limit = Math.min(Math.max(Number(url.searchParams.get("pagination[limit]") ?? PAGINATION.defaultLimit) || PAGINATION.defaultLimit, 1), PAGINATION.maxLimit);
    const number = Math.max(Number(url.searchParams.get("pagination[page]") ?? 1) || 1, 1);
    return { data: rows.slice((number - 1) * limit, number * limit).map(resource), meta: { page: number, limit, total: rows.length } };
  }

  function checkDates(v: Record<string, unknown>): string | null {
    if ("date" in v) return typeof v.date === "string" && ISO.test(v.date) && !("date_from" in v) && !("date_to" in v) ? null : "date";
    if (typeof v.date_from !== "string" || !ISO.test(v.date_from)) return "date_from";
    if (typeof v.date_to !== "string" || !ISO.test(v.date_to) || v.date_to < v.date_from) return "date_to";
    return null;
  }

  /** The body's shape: a 422 when wrong (reason), else null. */
  function checkShape(path: AriCall["path"], body: unknown): string | null {
    if (!body || typeof body !== "object" || Array.isArray(body)) return "body must be an object";
    const keys = Object.keys(body);
    if (keys.length !== 1 || keys[0] !== "values") return `unknown keys ${keys.join(",")}`;
    const values = (body as { values: unknown }).values;
    if (!Array.isArray(values) || values.length === 0) return "values must be a non-empty list";
    for (const [i, raw] of values.entries()) {
      if (!raw || typeof raw !== "object") return `values.${i} must be an object`;
      const allowed = path === "/api/v1/availability" ? AVAILABILITY_KEYS : RESTRICTION_KEYS;
      const unknown = Object.keys(raw).filter((k) => !allowed.has(k));
      if (unknown.length) return `values.${i}: unknown fields ${unknown.join(",")}`;
      if (!properties.has(String((raw as Record<string, unknown>).property_id))) return `values.${i}.property_id`;
      const badDate = checkDates(raw as Record<string, unknown>);
      if (badDate) return `values.${i}.${badDate}`;
      if (path === "/api/v1/restrictions" && !RESTRICTION_FIELDS.some((k) => k in raw)) return `values.${i}: no restriction`;
    }
    return null;
  }

  const positiveRate = (rate: unknown) => (typeof rate === "string" && /^\d+(\.\d{1,2})?$/.test(rate) && Number(rate) > 0) || (Number.isInteger(rate) && (rate as number) > 0);

  /** A value's problems, field → messages (the documentation's wording); empty: applied. */
  function valueProblems(path: AriCall["path"], v: Record<string, unknown>): Record<string, string[]> {
    const property = properties.get(String(v.property_id))!;
    const out: Record<string, string[]> = {};
    const add = (field: string, message: string) => (out[field] ??= []).push(message);
    if (path === "/api/v1/availability") {
      if (!property.roomTypes.some((r) => r.id === v.room_type_id)) add("room_type_id", "is invalid");
      if (!Number.isInteger(v.availability) || (v.availability as number) < 0) add("availability", "must be greater than or equal to 0");
      return out;
    }
    if (!property.ratePlans.some((r) => r.id === v.rate_plan_id)) add("rate_plan_id", "is invalid");
    if ("rate" in v && !positiveRate(v.rate)) add("rate", "must be greater than 0");
    if ("rates" in v && (!Array.isArray(v.rates) || v.rates.some((r) => !Number.isInteger(r?.occupancy) || r.occupancy < 1 || !positiveRate(r.rate)))) add("rates", "is invalid");
    for (const k of ["min_stay_arrival", "min_stay_through", "min_stay"]) if (k in v && (!Number.isInteger(v[k]) || (v[k] as number) < 1)) add(k, "must be greater than or equal to 1");
    if ("max_stay" in v && (!Number.isInteger(v.max_stay) || (v.max_stay as number) < 0)) add("max_stay", "must be greater than or equal to 0");
    for (const k of ["closed_to_arrival", "closed_to_departure", "stop_sell"]) if (k in v && typeof v[k] !== "boolean") add(k, "is invalid");
    const from = String(v.date ?? v.date_from);
    const to = String(v.date ?? v.date_to);
    for (const [key, refusal] of refusals) {
      const [plan, date] = key.split("|");
      if (plan === v.rate_plan_id && from <= date && date <= to) add(refusal.field, refusal.message);
    }
    return out;
  }

  /** Over the documented limit: the calls of this property and endpoint in the last minute. */
  function overLimit(path: AriCall["path"], propertyId: string, at: number): boolean {
    const recent = calls.filter((c) => c.path === path && c.at > at - WINDOW_MS && c.propertyId === propertyId).length;
    return recent >= RATE_LIMIT.perMinutePerProperty[path];
  }

  async function readJson(req: IncomingMessage): Promise<unknown> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    if (!text) return undefined;
    return JSON.parse(text);
  }

  function ari(res: ServerResponse, path: AriCall["path"], body: unknown) {
    const problem = checkShape(path, body);
    if (problem) return invalid(res, path, problem);
    const values = (body as { values: Record<string, unknown>[] }).values;
    const at = clock();
    const propertyId = String(values[0].property_id);
    if (overLimit(path, propertyId, at)) {
      limited.push({ path, at });
      const oldest = Math.min(...calls.filter((c) => c.path === path && c.propertyId === propertyId && c.at > at - WINDOW_MS).map((c) => c.at));
      return send(res, 429, RATE_LIMIT.example, { "retry-after": String(Math.max(1, Math.ceil((oldest + WINDOW_MS - at) / 1000))) });
    }
    const refused: Record<string, unknown>[] = [];
    const applied: Record<string, unknown>[] = [];
    for (const v of values) {
      const problems = valueProblems(path, v);
      if (Object.keys(problems).length) refused.push({ ...v, warning: problems });
      else applied.push(v);
    }
    calls.push({ path, values: applied, propertyId, at });
    for (const w of refused) {
      warnings.push({ path, warning: w });
      rejected.push({ path, status: 200, details: w });
    }
    const success = path === "/api/v1/restrictions" ? { data: [{ id: randomUUID(), type: "task" }] } : {};
    return send(res, 200, { ...(refused.length ? { data: [] } : success), meta: { message: "Success", warnings: refused } });
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    if (req.headers["user-api-key"] !== apiKey) return send(res, 401, { errors: { code: "unauthorized", title: "Unauthorized" } });
    let body: unknown;
    try {
      body = await readJson(req);
    } catch {
      return invalid(res, url.pathname, "body is not JSON");
    }
    const filterProperty = url.searchParams.get("filter[property_id]");
    const path = url.pathname;

    if (req.method === "POST" && (path === "/api/v1/availability" || path === "/api/v1/restrictions")) {
      if (req.headers["content-type"] !== "application/json") return invalid(res, path, "content-type");
      if (held) await held.until;
      const failure = failures.shift();
      if (failure) return send(res, failure, { errors: { code: "internal_error", title: "Internal Server Error" } });
      if (limits.length) {
        const retryAfter = limits.shift();
        limited.push({ path, at: clock() });
        return send(res, 429, RATE_LIMIT.example, retryAfter == null ? {} : { "retry-after": String(retryAfter) });
      }
      return ari(res, path, body);
    }
    if (req.method === "GET" && path.startsWith("/api/v1/properties/")) {
      const property = properties.get(decodeURIComponent(path.slice("/api/v1/properties/".length)));
      if (!property) return send(res, 404, { errors: { code: "resource_not_found", title: "Resource Not Found" } });
      const attributes = { ...PROPERTY_EXAMPLE.attributes, id: property.id, title: property.title, currency: property.currency, settings: { ...PROPERTY_EXAMPLE.attributes.settings, min_stay_type: property.minStayType } };
      return send(res, 200, { data: { type: "property", id: property.id, attributes } });
    }
    if (req.method === "GET" && path === "/api/v1/room_types") {
      const list = properties.get(filterProperty ?? "")?.roomTypes ?? [];
      return send(
        res,
        200,
        page(url, list, (r) => ({
          ...ROOM_TYPE_EXAMPLE,
          id: r.id,
          attributes: { ...ROOM_TYPE_EXAMPLE.attributes, id: r.id, title: r.title },
          relationships: { ...ROOM_TYPE_EXAMPLE.relationships, property: { data: { type: "property", id: filterProperty } } },
        })),
      );
    }
    if (req.method === "GET" && path === "/api/v1/rate_plans") {
      const list = properties.get(filterProperty ?? "")?.ratePlans ?? [];
      return send(
        res,
        200,
        page(url, list, (r) => ({
          type: "rate_plan",
          id: r.id,
          attributes: {
            ...RATE_PLAN_EXAMPLE.attributes,
            id: r.id,
            title: r.title,
            currency: r.currency,
            sell_mode: r.sell_mode,
            options: r.occupancies.map((occupancy, i) => ({ rate: "0.00", occupancy, is_primary: i === r.occupancies.length - 1, derived_option: null })),
          },
          relationships: { room_type: { data: { type: "room_type", id: r.room_type_id } }, property: { data: { type: "property", id: filterProperty } } },
        })),
      );
    }
    if (req.method === "GET" && path === "/api/v1/booking_revisions/feed") {
      const failure = feedFailures.shift();
      if (failure) return send(res, failure, { errors: { code: "service_unavailable", title: "Service Unavailable" } });
      const list = feed
        .filter((f) => !f.acked && (!filterProperty || f.revision.property_id === filterProperty))
        .sort((a, b) => (url.searchParams.get("order[inserted_at]") === "asc" ? String(a.revision.inserted_at).localeCompare(String(b.revision.inserted_at)) : 0));
      return send(res, 200, page(url, list, (f) => ({ type: "booking_revision", id: f.revision.id, attributes: f.revision })));
    }
    const ack = /^\/api\/v1\/booking_revisions\/([^/]+)\/ack$/.exec(path);
    if (req.method === "POST" && ack) {
      const entry = feed.find((f) => f.revision.id === decodeURIComponent(ack[1]));
      if (!entry) return send(res, 404, ACK.notFound);
      // The documented request has no fields: nothing, or an empty JSON object.
      if (body !== undefined && (req.headers["content-type"] !== "application/json" || !isEmptyObject(body))) return invalid(res, path, "the acknowledgement takes no fields");
      acks.push(entry.revision.id);
      ackBodies.push(body);
      // A lost acknowledgement: the revision is served again.
      if (dropAcks > 0) dropAcks--;
      else entry.acked = true;
      return send(res, 200, ACK.success);
    }
    send(res, 404, { errors: { code: "resource_not_found", title: "Resource Not Found" } });
  });
  await new Promise<void>((done) => server.listen(options.port ?? 0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    addProperty,
    calls,
    rejected,
    warnings,
    /** ARI requests answered 429 (not applied). */
    limited,
    acks,
    ackBodies,
    /** The next ARI requests answer these statuses (e.g. [500]). */
    failNext(...statuses: number[]) {
      failures = [...statuses];
    },
    /** The next ARI requests answer the documented 429, with these Retry-After values in seconds (null: no header). */
    limitNext(...retryAfterSeconds: (number | null)[]) {
      limits = [...retryAfterSeconds];
    },
    /** The next booking-feed requests answer these statuses (e.g. [503]). */
    failFeedNext(...statuses: number[]) {
      feedFailures = [...statuses];
    },
    /** Restriction values of this rate plan covering `date` are refused with a warning on `field` until `accept`. */
    refuse(ratePlanId: string, date: string, field = "rate", message = "must be greater than 0") {
      refusals.set(`${ratePlanId}|${date}`, { field, message });
    },
    accept(ratePlanId: string, date: string) {
      refusals.delete(`${ratePlanId}|${date}`);
    },
    /** ARI requests wait until `release()` (each in turn, as a slow Channex would). */
    hold() {
      let release = () => {};
      const until = new Promise<void>((done) => (release = done));
      held = { until, release };
    },
    release() {
      held?.release();
      held = null;
    },
    /** The next `n` acknowledgements are answered but lost. */
    dropAcks(n: number) {
      dropAcks = n;
    },
    addRatePlan,
    deliver(revision: BookingRevision) {
      feed.push({ revision: { inserted_at: new Date(clock() + feed.length).toISOString(), ...revision }, acked: false });
    },
    /** Revisions not acknowledged yet. */
    pending: () => feed.filter((f) => !f.acked).map((f) => f.revision.id),
    /** Every value applied, one row per night: `room type or rate plan|date` → values in order (availability, rate, rates or "stop_sell"). */
    nights(path: AriCall["path"]) {
      const out = new Map<string, unknown[]>();
      for (const call of calls.filter((c) => c.path === path)) {
        for (const v of call.values) {
          const id = String(v.room_type_id ?? v.rate_plan_id);
          const from = String(v.date ?? v.date_from);
          const to = String(v.date ?? v.date_to);
          const value = v.availability ?? (v.stop_sell === true ? "stop_sell" : (v.rate ?? v.rates));
          for (let d = new Date(`${from}T00:00:00Z`); d.toISOString().slice(0, 10) <= to; d.setUTCDate(d.getUTCDate() + 1)) {
            const key = `${id}|${d.toISOString().slice(0, 10)}`;
            out.set(key, [...(out.get(key) ?? []), value]);
          }
        }
      }
      return out;
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
export type FakeChannex = Awaited<ReturnType<typeof startFakeChannex>>;
