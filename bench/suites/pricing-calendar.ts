// The price calendar API for a whole year × 5 room categories on the bench server's embedded
// PGlite (issue 5: p95 ≤ 100 ms). The demo pousada has 3 categories; the suite adds 2 through
// the API first, so the figure is for 5.
import type { BenchContext, BenchRow, BenchSuite } from "#bench/types.ts";

const OWNER = "dono@pousada-demo.com.br";
const CATEGORIES = 5;

async function call(ctx: BenchContext, token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(ctx.baseUrl + path, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", accept: "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

export const run: BenchSuite = async (ctx) => {
  const token = await ctx.apiToken(OWNER);
  const { businesses, selected_business_uuid } = await call(ctx, token, "GET", "/api/v1/businesses");
  const businessId: string = selected_business_uuid ?? businesses[0].uuid;
  const year = new Date().getUTCFullYear() + 1;
  const path = `/api/v1/businesses/${businessId}/calendar?from=${year}-01-01&to=${year}-12-31`;

  let count = (await call(ctx, token, "GET", path.replace(`${year}-12-31`, `${year}-01-01`))).categories.length;
  for (let i = count; i < CATEGORIES; i++) {
    await call(ctx, token, "POST", `/api/v1/businesses/${businessId}/room-categories`, {
      room_setup: {
        categories: [{ name: `Bench ${i + 1}`, room_count: 2, min_occupation: 1, max_occupation: 3, price_variation_type: "value", price_variation_value: 2_000 * i }],
      },
    });
  }
  const answer = await call(ctx, token, "GET", path);
  count = answer.categories.length;
  const bytes = JSON.stringify(answer).length;
  // Without explanations (explain=false, docs/api/calendar.md), as the web's calendar reads its grid.
  const leanBytes = JSON.stringify(await call(ctx, token, "GET", `${path}&explain=false`)).length;
  // The compact shape (format=compact: references and cells as arrays), without explanations.
  const compactBytes = JSON.stringify(await call(ctx, token, "GET", `${path}&explain=false&format=compact`)).length;

  const headers = { authorization: `Bearer ${token}` };
  const single = await ctx.load(path, { headers, concurrency: 1, seconds: 5 });
  const loaded = await ctx.load(path, { headers, concurrency: 4, seconds: 5 });
  const month = await ctx.load(path.replace(`${year}-12-31`, `${year}-01-31`), { headers, concurrency: 4, seconds: 5 });
  const label = `API calendar 365 days x ${count} categories`;
  const rows: BenchRow[] = [
    { name: `${label} p95 (1 at a time)`, value: single.p95, unit: "ms", goal: "<= 100 ms" },
    { name: `${label} p50 (1 at a time)`, value: single.p50, unit: "ms" },
    { name: `${label} p95 (4 at a time)`, value: loaded.p95, unit: "ms" },
    { name: `${label} requests/s (4 at a time)`, value: loaded.rps, unit: "req/s" },
    { name: `${label} answer size (with explanations)`, value: bytes / 1024, unit: "KiB" },
    { name: `${label} answer size (explain=false)`, value: leanBytes / 1024, unit: "KiB" },
    { name: `${label} answer size (explain=false&format=compact)`, value: compactBytes / 1024, unit: "KiB", goal: "<= 150 KiB" },
    { name: `API calendar one month x ${count} categories p95 (4 at a time)`, value: month.p95, unit: "ms" },
  ];
  if (single.errors || loaded.errors || month.errors) rows.push({ name: `${label} errors`, value: single.errors + loaded.errors + month.errors, unit: "x" });
  return rows;
};
