import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { BookingRevision } from "#api/services/channels/channex-client.ts";

/**
 * A Channex API v1 double, an HTTP server in the test process. It checks every request against
 * the documented shapes (docs.channex.io: Availability and Rates, Bookings Collection) and answers
 * anything else with 422 the way a strict server would, so a wrong field name fails the test.
 */
export interface FakeProperty {
  id: string;
  title: string;
  currency: string;
  roomTypes: { id: string; title: string }[];
  ratePlans: { id: string; title: string; room_type_id: string }[];
}

export interface AriCall {
  path: "/api/v1/availability" | "/api/v1/restrictions";
  values: Record<string, unknown>[];
  at: number;
}

const ISO = /^\d{4}-\d{2}-\d{2}$/;
const AVAILABILITY_KEYS = new Set(["property_id", "room_type_id", "date", "date_from", "date_to", "availability"]);
const RESTRICTION_KEYS = new Set([
  "property_id",
  "rate_plan_id",
  "date",
  "date_from",
  "date_to",
  "days",
  "rate",
  "rates",
  "min_stay_arrival",
  "min_stay_through",
  "min_stay",
  "max_stay",
  "closed_to_arrival",
  "closed_to_departure",
  "stop_sell",
]);
const RESTRICTION_FIELDS = [...RESTRICTION_KEYS].filter((k) => !["property_id", "rate_plan_id", "date", "date_from", "date_to", "days"].includes(k));

export async function startFakeChannex(options: { apiKey?: string; port?: number } = {}) {
  const apiKey = options.apiKey ?? "fake-key-" + randomUUID();
  const properties = new Map<string, FakeProperty>();
  const calls: AriCall[] = [];
  const rejected: { path: string; status: number; details: unknown }[] = [];
  const feed: { revision: BookingRevision; acked: boolean }[] = [];
  const acks: string[] = [];
  let failures: number[] = [];
  let feedFailures: number[] = [];
  let dropAcks = 0;
  /** While set, ARI requests wait for it: a push stays in flight, its night queued. */
  let held: { until: Promise<void>; release: () => void } | null = null;

  function addProperty(): FakeProperty {
    const roomTypes = [1, 2, 3].map((n) => ({ id: randomUUID(), title: `Room type ${n}` }));
    const property: FakeProperty = {
      id: randomUUID(),
      title: "Pousada Teste",
      currency: "BRL",
      roomTypes,
      ratePlans: roomTypes.map((r) => ({ id: randomUUID(), title: `Best available rate ${r.title}`, room_type_id: r.id })),
    };
    properties.set(property.id, property);
    return property;
  }

  /** One more rate plan of the property, in room type `roomType` (Channex rate plans belong to one). */
  function addRatePlan(property: FakeProperty, roomType: number, title = "Rate plan"): { id: string; title: string; room_type_id: string } {
    const plan = { id: randomUUID(), title, room_type_id: property.roomTypes[roomType].id };
    property.ratePlans.push(plan);
    return plan;
  }

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const invalid = (res: ServerResponse, path: string, details: unknown) => {
    rejected.push({ path, status: 422, details });
    send(res, 422, { errors: { code: "validation_error", title: "Validation Error", details } });
  };

  function checkDates(v: Record<string, unknown>): string | null {
    if ("date" in v) return typeof v.date === "string" && ISO.test(v.date) && !("date_from" in v) && !("date_to" in v) ? null : "date";
    if (typeof v.date_from !== "string" || !ISO.test(v.date_from)) return "date_from";
    if (typeof v.date_to !== "string" || !ISO.test(v.date_to) || v.date_to < v.date_from) return "date_to";
    return null;
  }

  function checkAri(path: AriCall["path"], body: unknown): string | null {
    if (!body || typeof body !== "object" || Array.isArray(body)) return "body must be an object";
    const keys = Object.keys(body);
    if (keys.length !== 1 || keys[0] !== "values") return `unknown keys ${keys.join(",")}`;
    const values = (body as { values: unknown }).values;
    if (!Array.isArray(values) || values.length === 0) return "values must be a non-empty list";
    for (const [i, raw] of values.entries()) {
      if (!raw || typeof raw !== "object") return `values.${i} must be an object`;
      const v = raw as Record<string, unknown>;
      const allowed = path === "/api/v1/availability" ? AVAILABILITY_KEYS : RESTRICTION_KEYS;
      const unknown = Object.keys(v).filter((k) => !allowed.has(k));
      if (unknown.length) return `values.${i}: unknown fields ${unknown.join(",")}`;
      const property = properties.get(String(v.property_id));
      if (!property) return `values.${i}.property_id`;
      const badDate = checkDates(v);
      if (badDate) return `values.${i}.${badDate}`;
      if (path === "/api/v1/availability") {
        if (!property.roomTypes.some((r) => r.id === v.room_type_id)) return `values.${i}.room_type_id`;
        if (!Number.isInteger(v.availability) || (v.availability as number) < 0) return `values.${i}.availability`;
      } else {
        if (!property.ratePlans.some((r) => r.id === v.rate_plan_id)) return `values.${i}.rate_plan_id`;
        if (!RESTRICTION_FIELDS.some((k) => k in v)) return `values.${i}: no restriction`;
        if ("rate" in v) {
          const rate = v.rate;
          const ok = (typeof rate === "string" && /^\d+(\.\d{1,2})?$/.test(rate) && Number(rate) > 0) || (Number.isInteger(rate) && (rate as number) > 0);
          if (!ok) return `values.${i}.rate`;
        }
        for (const k of ["min_stay_arrival", "min_stay_through", "min_stay"]) {
          if (k in v && (!Number.isInteger(v[k]) || (v[k] as number) < 1)) return `values.${i}.${k}`;
        }
        if ("max_stay" in v && (!Number.isInteger(v.max_stay) || (v.max_stay as number) < 0)) return `values.${i}.max_stay`;
        for (const k of ["closed_to_arrival", "closed_to_departure", "stop_sell"]) {
          if (k in v && typeof v[k] !== "boolean") return `values.${i}.${k}`;
        }
      }
    }
    return null;
  }

  async function readJson(req: IncomingMessage): Promise<unknown> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    if (!text) return undefined;
    return JSON.parse(text);
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
      const problem = checkAri(path, body);
      if (problem) return invalid(res, path, problem);
      calls.push({ path, values: (body as { values: Record<string, unknown>[] }).values, at: Date.now() });
      return send(res, 200, { data: [{ id: randomUUID(), type: "task" }], meta: { message: "Success", warnings: [] } });
    }
    if (req.method === "GET" && path.startsWith("/api/v1/properties/")) {
      const property = properties.get(decodeURIComponent(path.slice("/api/v1/properties/".length)));
      if (!property) return send(res, 404, { errors: { code: "resource_not_found", title: "Resource Not Found" } });
      return send(res, 200, { data: { type: "property", id: property.id, attributes: { id: property.id, title: property.title, currency: property.currency } } });
    }
    if (req.method === "GET" && path === "/api/v1/room_types") {
      const property = properties.get(filterProperty ?? "");
      const list = property?.roomTypes ?? [];
      return send(res, 200, { data: list.map((r) => ({ type: "room_type", id: r.id, attributes: { id: r.id, title: r.title } })), meta: { page: 1, limit: 10, total: list.length } });
    }
    if (req.method === "GET" && path === "/api/v1/rate_plans") {
      const property = properties.get(filterProperty ?? "");
      const list = property?.ratePlans ?? [];
      return send(res, 200, {
        data: list.map((r) => ({ type: "rate_plan", id: r.id, attributes: { id: r.id, title: r.title }, relationships: { room_type: { data: { type: "room_type", id: r.room_type_id } } } })),
        meta: { page: 1, limit: 10, total: list.length },
      });
    }
    if (req.method === "GET" && path === "/api/v1/booking_revisions/feed") {
      const failure = feedFailures.shift();
      if (failure) return send(res, failure, { errors: { code: "service_unavailable", title: "Service Unavailable" } });
      const list = feed.filter((f) => !f.acked && (!filterProperty || f.revision.property_id === filterProperty));
      return send(res, 200, { data: list.map((f) => ({ type: "booking_revision", id: f.revision.id, attributes: f.revision })), meta: { page: 1, limit: 10, total: list.length } });
    }
    const ack = /^\/api\/v1\/booking_revisions\/([^/]+)\/ack$/.exec(path);
    if (req.method === "POST" && ack) {
      const entry = feed.find((f) => f.revision.id === decodeURIComponent(ack[1]));
      if (!entry) return send(res, 404, { errors: { code: "resource_not_found", title: "Resource Not Found" } });
      acks.push(entry.revision.id);
      // A lost acknowledgement: the revision is served again.
      if (dropAcks > 0) dropAcks--;
      else entry.acked = true;
      return send(res, 200, { meta: { message: "Success" } });
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
    acks,
    /** The next ARI requests answer these statuses (e.g. [500]). */
    failNext(...statuses: number[]) {
      failures = [...statuses];
    },
    /** The next booking-feed requests answer these statuses (e.g. [503]). */
    failFeedNext(...statuses: number[]) {
      feedFailures = [...statuses];
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
      feed.push({ revision, acked: false });
    },
    /** Every availability value received, one row per night: `room_type|date` → values in order. */
    nights(path: AriCall["path"]) {
      const out = new Map<string, unknown[]>();
      for (const call of calls.filter((c) => c.path === path)) {
        for (const v of call.values) {
          const id = String(v.room_type_id ?? v.rate_plan_id);
          const from = String(v.date ?? v.date_from);
          const to = String(v.date ?? v.date_to);
          for (let d = new Date(`${from}T00:00:00Z`); d.toISOString().slice(0, 10) <= to; d.setUTCDate(d.getUTCDate() + 1)) {
            const key = `${id}|${d.toISOString().slice(0, 10)}`;
            out.set(key, [...(out.get(key) ?? []), v.availability ?? v.rate]);
          }
        }
      }
      return out;
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
export type FakeChannex = Awaited<ReturnType<typeof startFakeChannex>>;
