export interface MixedRequest {
  path: string;
  headers?: Record<string, string>;
}

export interface MixedLoadResult {
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** Answers ≥ 400 (the mix is all signed-in reads, so any is a failure) and network errors. */
  errors: number;
  /** p95 by path (without its query), to see which part of the mix is slow. */
  p95ByPath: Map<string, number>;
}

/**
 * `concurrency` connections, each cycling through `requests` one after another (starting at a
 * different place each) for `seconds`. With `rate`, requests start at that total pace instead
 * (the soak). Every latency is kept, so percentiles are exact. Aimed at this machine only.
 */
export async function mixedLoad(
  baseUrl: string,
  requests: MixedRequest[],
  { concurrency = 20, seconds = 60, rate }: { concurrency?: number; seconds?: number; rate?: number } = {},
): Promise<MixedLoadResult> {
  const latencies: number[] = [];
  const byPath = new Map<string, number[]>();
  let errors = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  let sent = 0;
  async function once(request: MixedRequest) {
    const t0 = performance.now();
    try {
      const res = await fetch(baseUrl + request.path, { headers: request.headers, redirect: "manual" });
      await res.arrayBuffer();
      if (res.status >= 400) errors++;
    } catch {
      errors++;
    }
    const ms = performance.now() - t0;
    latencies.push(ms);
    const key = request.path.split("?")[0]!.replace(/[0-9a-f-]{36}/g, ":id");
    if (!byPath.has(key)) byPath.set(key, []);
    byPath.get(key)!.push(ms);
  }
  await Promise.all(
    Array.from({ length: concurrency }, async (_, connection) => {
      for (let i = connection; performance.now() < until; i++) {
        if (rate) {
          // Paced: request n starts at n / rate seconds; connections take the next free slot.
          const slot = started + (sent++ / rate) * 1000;
          const wait = slot - performance.now();
          if (wait > 0) await new Promise((r) => setTimeout(r, wait));
          if (performance.now() >= until) break;
        }
        await once(requests[i % requests.length]!);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return { requests: latencies.length, rps: latencies.length / elapsed, ...percentiles(latencies), errors, p95ByPath: new Map([...byPath].map(([k, v]) => [k, percentiles(v).p95])) };
}

function percentiles(values: number[]): { p50: number; p95: number; p99: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}
