import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { currentRequestId, runWithWork } from "#api/observability/request-context.ts";
import { createApiClient } from "#app/lib/api.server.ts";
import { observe } from "#server/observability.ts";

/** Prometheus text → samples: name, labels, value (the format /metrics answers). */
function parseMetrics(text: string) {
  const samples: { name: string; labels: Record<string, string>; value: number }[] = [];
  for (const line of text.split("\n")) {
    if (!line || line.startsWith("#")) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) throw new Error(`not a sample line: ${line}`);
    const labels = Object.fromEntries([...(m[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
    samples.push({ name: m[1], labels, value: Number(m[3]) });
  }
  return samples;
}

let server: Server;
let base: string;
const seenIds: (string | undefined)[] = [];
const TOKEN = "a-metrics-token-of-some-length";

beforeAll(async () => {
  const app = express();
  const observed = observe(app, { metricsToken: TOKEN });
  // The flat manifest React Router builds: the root, a layout without a path, and two pages.
  observed.setBuild({
    routes: {
      root: { id: "root", path: "" },
      "routes/app": { id: "routes/app", parentId: "root" },
      "routes/calendar": { id: "routes/calendar", parentId: "routes/app", path: "calendar" },
      "routes/bookings.$id": { id: "routes/bookings.$id", parentId: "routes/app", path: "bookings/:id" },
    },
  } as unknown as ServerBuild);
  app.get("/{*splat}", (req, res) => {
    seenIds.push(currentRequestId());
    res.status(req.path === "/calendar" ? 200 : 404).send("ok");
  });
  server = await new Promise((done) => {
    const s = app.listen(0, "127.0.0.1", () => done(s));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

describe("/metrics", () => {
  it("counts requests by route pattern and status, with the process's own figures", async () => {
    for (let i = 0; i < 3; i++) await fetch(`${base}/bookings/${i}`);
    await fetch(`${base}/calendar`);
    await fetch(`${base}/nowhere/at/all`);
    const res = await fetch(`${base}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const samples = parseMetrics(await res.text());
    const count = (route: string, status: string) =>
      samples.find((s) => s.name === "tarifa_http_requests_total" && s.labels.route === route && s.labels.status === status)?.value;
    expect(count("/bookings/:id", "404")).toBe(3);
    expect(count("/calendar", "200")).toBe(1);
    expect(count("(unmatched)", "404")).toBe(1);
    const durations = samples.find((s) => s.name === "tarifa_http_request_duration_seconds_count" && s.labels.route === "/bookings/:id");
    expect(durations?.value).toBe(3);
    for (const name of ["tarifa_process_resident_memory_bytes", "tarifa_nodejs_heap_size_used_bytes", "tarifa_nodejs_eventloop_lag_seconds"]) {
      expect(samples.find((s) => s.name === name)?.value, name).toBeGreaterThanOrEqual(0);
    }
    expect(samples.some((s) => s.name === "tarifa_db_pool_connections" && s.labels.state === "waiting")).toBe(true);
  });

  it("is refused (as any unknown page) to a forwarded request without the token, and opened by it", async () => {
    const forwarded = { "X-Forwarded-For": "203.0.113.7" };
    expect((await fetch(`${base}/metrics`, { headers: forwarded })).status).toBe(404);
    expect((await fetch(`${base}/metrics`, { headers: { ...forwarded, Authorization: "Bearer a-metrics-token-of-some-lengtX" } })).status).toBe(404);
    expect((await fetch(`${base}/metrics`, { headers: { Forwarded: "for=203.0.113.7" } })).status).toBe(404);
    expect((await fetch(`${base}/metrics`, { headers: { ...forwarded, Authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
  });
});

describe("request ids", () => {
  it("keeps the proxy's id, replaces a malformed one, and makes one when there is none", async () => {
    seenIds.length = 0;
    const kept = await fetch(`${base}/calendar`, { headers: { "X-Request-Id": "0f3a9c2be41d4f6a8b7c6d5e4f3a2b1c" } });
    expect(kept.headers.get("x-request-id")).toBe("0f3a9c2be41d4f6a8b7c6d5e4f3a2b1c");
    const replaced = await fetch(`${base}/calendar`, { headers: { "X-Request-Id": "bad id\twith spaces" } });
    expect(replaced.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const made = await fetch(`${base}/calendar`);
    expect(made.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(seenIds).toEqual(["0f3a9c2be41d4f6a8b7c6d5e4f3a2b1c", replaced.headers.get("x-request-id"), made.headers.get("x-request-id")]);
  });

  it("goes from the web's request to its API calls", async () => {
    const sent: (string | null)[] = [];
    const client = (requestId?: string) =>
      createApiClient({
        locale: "en-US",
        t: ((key: string) => key) as never,
        requestId,
        upstream: async (request) => {
          sent.push(request.headers.get("x-request-id"));
          return Response.json({ ok: true });
        },
      });
    await client("req-from-the-proxy").get("/api/v1/user");
    await client().get("/api/v1/user/app-state");
    expect(sent).toEqual(["req-from-the-proxy", null]);
  });

});
