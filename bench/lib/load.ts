import type { LoadResult } from "#bench/types.ts";

/**
 * `concurrency` loops, each sending one request after another for `seconds`; every
 * latency is kept, so p95 is exact. Bounded in time and aimed at this machine only.
 * `unremembered`: each request with a User-Agent of its own, so no page is answered from memory
 * (a page's remembered answer is per browser, ADR 0034) and each is rendered in full.
 */
export async function load(
  url: string,
  {
    headers = {},
    method = "GET",
    body,
    concurrency = 10,
    seconds = 5,
    unremembered = false,
  }: { headers?: Record<string, string>; method?: string; body?: string; concurrency?: number; seconds?: number; unremembered?: boolean } = {},
): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  let sent = 0;
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        const t0 = performance.now();
        try {
          const own: Record<string, string> = unremembered ? { "user-agent": `Mozilla/5.0 (bench ${sent++})` } : {};
          const res = await fetch(url, { method, headers: { ...headers, ...own }, body, redirect: "manual" });
          await res.arrayBuffer();
          if (res.status >= 500) errors++;
        } catch {
          errors++;
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { requests: latencies.length, rps: latencies.length / elapsed, p50: at(0.5), p95: at(0.95), errors };
}
