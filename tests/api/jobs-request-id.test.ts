import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#api/db/client.ts";
import { currentWork, runWithWork, type WorkContext } from "#api/observability/request-context.ts";
import { startJobQueue, type JobQueue } from "#api/services/queue/queue.ts";
import { jobRuns } from "#api/observability/metrics.ts";
import { createTestDatabase } from "#tests/helpers/db.ts";

// A job carries the request id of the request that enqueued it into its own logs (ADR 0028).
let handle: DatabaseHandle;
let queue: JobQueue;
const seen: { data: Record<string, unknown>; work: WorkContext | undefined }[] = [];

const waitFor = async (check: () => boolean, ms = 20_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 100));
  }
};

beforeAll(async () => {
  handle = await createTestDatabase();
  queue = await startJobQueue(handle, [
    { name: "test.traced", pollSeconds: 0.5, run: async (data) => void seen.push({ data, work: currentWork() }) },
    { name: "test.failing", pollSeconds: 0.5, retryLimit: 0, run: async () => Promise.reject(new Error("no")) },
  ]);
});
afterAll(async () => {
  await queue.stop(2_000);
  await handle.close();
});

describe("request ids in jobs", () => {
  it("runs a job enqueued by a request with that request's id, and its own id, in the log context", async () => {
    const id = await runWithWork({ requestId: "req-1234" }, () => queue.send("test.traced", { n: 1 }));
    await waitFor(() => seen.length === 1);
    expect(seen[0].work).toEqual({ requestId: "req-1234", jobId: id, job: "test.traced" });
    expect(seen[0].data).toMatchObject({ n: 1 });
  });

  it("gives a job enqueued outside a request (a schedule) its job id as request id", async () => {
    const id = await queue.send("test.traced", { n: 2 });
    await waitFor(() => seen.length === 2);
    expect(seen[1].work).toEqual({ requestId: id, jobId: id, job: "test.traced" });
  });

  it("counts completed and failed runs for /metrics", async () => {
    const before = (await jobRuns.get()).values.find((v) => v.labels.queue === "test.failing" && v.labels.outcome === "failed")?.value ?? 0;
    await queue.send("test.failing", {});
    const deadline = Date.now() + 20_000;
    let after = before;
    while (after === before && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      after = (await jobRuns.get()).values.find((v) => v.labels.queue === "test.failing" && v.labels.outcome === "failed")?.value ?? 0;
    }
    expect(after).toBe(before + 1);
    const completed = (await jobRuns.get()).values.find((v) => v.labels.queue === "test.traced" && v.labels.outcome === "completed")?.value;
    expect(completed).toBe(2);
  });
});
