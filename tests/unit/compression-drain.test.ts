import { randomBytes } from "node:crypto";
import type { EventEmitter } from "node:events";
import type { AddressInfo } from "node:net";
import { writeReadableStreamToWritable } from "@react-router/node";
import compression from "compression";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { drainListenersFollowCompression } from "#server/compression-drain.ts";

/**
 * Issue 24: the fuzz's server log showed "MaxListenersExceededWarning … [Gzip]". A streamed page
 * written by React Router (`once("drain")`, then `off("drain")` on each back-pressure wait) through
 * `compression()` left one listener on the Gzip stream per wait. Counted here on the real stream.
 */
const CHUNKS = 40;
let close: (() => void) | undefined;
afterEach(() => close?.());

async function streamedThroughGzip(withFix: boolean): Promise<{ drainListeners: number; warnings: number; bytes: number }> {
  const app = express();
  app.use(compression({ threshold: 0 }));
  if (withFix) app.use(drainListenersFollowCompression);
  let drainListeners = -1;
  app.get("/", async (_req, res) => {
    res.type("text/html");
    // Incompressible chunks larger than zlib's buffer: most writes meet back-pressure.
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < CHUNKS; i++) controller.enqueue(new Uint8Array(randomBytes(64 * 1024)));
        controller.close();
      },
    });
    res.writeHead(200);
    const probe = () => {};
    // Once the headers are out, compression's `on` answers its zlib stream: where the listeners gather.
    const gzip = res.on("drain", probe) as unknown as EventEmitter;
    gzip.removeListener("drain", probe);
    await writeReadableStreamToWritable(body, res);
    drainListeners = gzip.listenerCount("drain");
  });
  const warnings: Error[] = [];
  const onWarning = (warning: Error) => warning.name === "MaxListenersExceededWarning" && warnings.push(warning);
  process.on("warning", onWarning);
  const server = app.listen(0, "127.0.0.1");
  await new Promise((done) => server.once("listening", done));
  close = () => server.close();
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, { headers: { "accept-encoding": "gzip" } });
    expect(res.headers.get("content-encoding")).toBe("gzip");
    const bytes = (await res.arrayBuffer()).byteLength;
    await new Promise((done) => setImmediate(done));
    return { drainListeners, warnings: warnings.length, bytes };
  } finally {
    process.off("warning", onWarning);
  }
}

describe("a streamed page through compression()", () => {
  it("leaves no drain listener behind on the Gzip stream", async () => {
    const fixed = await streamedThroughGzip(true);
    expect(fixed.bytes).toBeGreaterThan(CHUNKS * 64 * 1024 * 0.9);
    expect(fixed.drainListeners).toBe(0);
    expect(fixed.warnings).toBe(0);
  });

  it("without the fix, the listeners pile up (what the log showed)", async () => {
    const leaking = await streamedThroughGzip(false);
    expect(leaking.drainListeners).toBeGreaterThan(10);
  });
});
