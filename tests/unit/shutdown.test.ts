import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import { describe, expect, it } from "vitest";
import { isDraining } from "#api/observability/lifecycle.ts";
import { drainable } from "#server/shutdown.ts";
import { trustProxySetting } from "#server/trust-proxy.ts";

async function serve(handlerMs: number) {
  let server: Server | undefined;
  const drain = drainable(() => server);
  const app = express();
  app.use(drain.track);
  app.get("/slow", (_req, res) => void setTimeout(() => res.send("done"), handlerMs));
  server = await new Promise<Server>((done) => {
    const s = app.listen(0, "127.0.0.1", () => done(s));
  });
  return { drain, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe("graceful shutdown", () => {
  it("finishes the requests in flight, then refuses new connections", async () => {
    const { drain, base } = await serve(400);
    const inFlight = fetch(`${base}/slow`);
    await new Promise((r) => setTimeout(r, 100));
    const drained = drain.drain(5_000);
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(answer.headers.get("connection")).toBe("close");
    expect(await answer.text()).toBe("done");
    expect(await drained).toEqual({ cut: 0 });
    expect(isDraining()).toBe(true);
    await expect(fetch(`${base}/slow`)).rejects.toThrow();
  });

  it("cuts what is still running at the deadline", async () => {
    const { drain, base } = await serve(10_000);
    const inFlight = fetch(`${base}/slow`).catch((error: unknown) => error);
    await new Promise((r) => setTimeout(r, 100));
    // The request would run 10 s, past this test's own time-out: only the 300 ms deadline ends the drain in time.
    expect(await drain.drain(300)).toEqual({ cut: 1 });
    expect(await inFlight).toBeInstanceOf(Error);
  });
});

describe("TRUST_PROXY", () => {
  it("reads the forms Express's trust proxy takes", () => {
    expect(trustProxySetting("loopback")).toEqual(["loopback"]);
    expect(trustProxySetting("false")).toBe(false);
    expect(trustProxySetting("true")).toBe(true);
    expect(trustProxySetting("2")).toBe(2);
    expect(trustProxySetting(" 10.0.0.0/8, loopback ,192.168.1.4")).toEqual(["10.0.0.0/8", "loopback", "192.168.1.4"]);
  });

  it("decides whose X-Forwarded-For is believed", async () => {
    const ipFor = async (setting: string) => {
      const app = express();
      app.set("trust proxy", trustProxySetting(setting));
      app.get("/", (req, res) => res.send(req.ip));
      const server = await new Promise<Server>((done) => {
        const s = app.listen(0, "127.0.0.1", () => done(s));
      });
      const port = (server.address() as AddressInfo).port;
      const ip = await (await fetch(`http://127.0.0.1:${port}/`, { headers: { "X-Forwarded-For": "198.51.100.4, 203.0.113.9" } })).text();
      server.close();
      return ip;
    };
    // The connection comes from 127.0.0.1: trusted as loopback, so the hop before it is the client.
    expect(await ipFor("loopback")).toBe("203.0.113.9");
    expect(await ipFor("false")).toBe("127.0.0.1");
    // A proxy elsewhere: loopback is no longer one of ours.
    expect(await ipFor("10.1.2.3")).toBe("127.0.0.1");
    expect(await ipFor("loopback, 203.0.113.0/24")).toBe("198.51.100.4");
  });
});
