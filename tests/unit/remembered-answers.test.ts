import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REMEMBER_MS, rememberedAnswers } from "#server/remembered-answers.ts";

/**
 * The remembered-answers middleware on its own (ADR 0034): what it keeps, what it never keeps,
 * and that it replays exactly what was sent — compressed bytes and headers — at the same version.
 */
let version = "v1";
let rendered = 0;
/** The middleware's clock, moved by hand to age answers. */
let clockMs = 1_000_000;
let server: import("node:http").Server;
let base: string;

beforeAll(async () => {
  const app = express();
  app.use(
    rememberedAnswers({
      paths: [/^\/kept/, /^\/cookie$/, /^\/missing$/, /^\/large$/],
      callerOf: async (req) => (req.headers.authorization ? { identity: req.headers.authorization, version } : null),
      clock: { now: () => clockMs },
    }),
  );
  app.use(compression());
  app.get("/kept", (_req, res) => {
    rendered++;
    res.set("X-Request-Id", `r${rendered}`).type("html").send(`<p>render ${rendered}</p>`.repeat(200));
  });
  app.get("/other", (_req, res) => {
    rendered++;
    res.send(`render ${rendered}`);
  });
  app.get("/cookie", (_req, res) => {
    rendered++;
    res.cookie("flash", "x").send(`render ${rendered}`);
  });
  app.get("/missing", (_req, res) => {
    rendered++;
    res.status(404).send(`render ${rendered}`);
  });
  app.get("/large", (_req, res) => {
    rendered++;
    res.set("Content-Encoding", "identity").send(Buffer.alloc(600 * 1024, rendered % 10));
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((done) => server.once("listening", done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((done) => server.close(done)));

/** A GET, with the raw (still compressed) body. */
async function get(path: string, headers: Record<string, string> = { authorization: "a" }) {
  const { request } = await import("node:http");
  return new Promise<{ status: number; headers: import("node:http").IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    request(base + path, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on("error", reject)
      .end();
  });
}

describe("remembered answers", () => {
  it("replays the compressed bytes and headers at the same version, renders again at another", async () => {
    const gzip = { authorization: "a", "accept-encoding": "gzip" };
    const first = await get("/kept?x=1", gzip);
    expect(first.headers["content-encoding"]).toBe("gzip");
    const again = await get("/kept?x=1", gzip);
    expect(again.body.equals(first.body)).toBe(true);
    expect(gunzipSync(again.body).toString()).toContain("render 1");
    expect(again.headers["content-type"]).toBe(first.headers["content-type"]);
    expect(again.headers["x-request-id"]).toBeUndefined();
    // Another encoding, query, or caller is another answer.
    expect(gunzipSync((await get("/kept?x=2", gzip)).body).toString()).toContain("render 2");
    expect((await get("/kept?x=1")).body.toString()).toContain("render 3");
    expect((await get("/kept?x=1", { ...gzip, authorization: "b" })).headers["content-encoding"]).toBe("gzip");
    expect(rendered).toBe(4);
    version = "v2";
    expect(gunzipSync((await get("/kept?x=1", gzip)).body).toString()).toContain("render 5");
    expect(gunzipSync((await get("/kept?x=1", gzip)).body).toString()).toContain("render 5");
  });

  it("never keeps an answer that sets a cookie, is not a 200, is too large, or is not on the list", async () => {
    for (const path of ["/cookie", "/missing", "/large", "/other"]) {
      const before = rendered;
      await get(path);
      await get(path);
      expect(rendered - before, path).toBe(2);
    }
  });

  it("does not remember for a request the caller check refuses", async () => {
    const before = rendered;
    await get("/kept", {});
    await get("/kept", {});
    expect(rendered - before).toBe(2);
  });

  it("serves an answer for at most REMEMBER_MS (30 s) when nothing changed, then renders again", async () => {
    version = "expiry";
    const first = await get("/kept?expiry", { authorization: "clock" });
    clockMs += REMEMBER_MS - 1_000;
    // lru-cache reads its clock at most once a millisecond.
    await new Promise((done) => setTimeout(done, 5));
    const within = await get("/kept?expiry", { authorization: "clock" });
    expect(within.body.equals(first.body)).toBe(true);
    clockMs += 2_000;
    await new Promise((done) => setTimeout(done, 5));
    const after = await get("/kept?expiry", { authorization: "clock" });
    expect(after.status).toBe(200);
    expect(after.body.equals(first.body)).toBe(false);
    expect(after.headers["x-request-id"]).not.toBe(first.headers["x-request-id"]);
  });
});
