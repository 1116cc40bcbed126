// Tracking (issue 11): the forecast's stored scorecard on the demo pousada's own history — the
// error in % and in rooms of the forecast in use at 1 … 90 days out (domain/forecast) — and the
// latency of the tracking calls on the bench server's embedded PGlite.
import type { BenchContext, BenchRow, BenchSuite } from "#bench/types.ts";

const OWNER = "dono@pousada-demo.com.br";

interface Horizon {
  days: number;
  nights: number;
  method: string;
  forecast: { percent: number; rooms: number };
}

async function get<T>(ctx: BenchContext, token: string, path: string): Promise<T> {
  const res = await fetch(ctx.baseUrl + path, { headers: { authorization: `Bearer ${token}`, accept: "application/json" } });
  if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<T>;
}

export const run: BenchSuite = async (ctx) => {
  const token = await ctx.apiToken(OWNER);
  const { businesses, selected_business_uuid } = await get<{ businesses: { uuid: string }[]; selected_business_uuid: string | null }>(ctx, token, "/api/v1/businesses");
  const base = `/api/v1/businesses/${selected_business_uuid ?? businesses[0].uuid}/tracking`;
  const rows: BenchRow[] = [];

  const accuracy = await get<{ scorecard: { horizons: Horizon[] } | null }>(ctx, token, `${base}/forecast/accuracy`);
  for (const h of accuracy.scorecard?.horizons ?? []) {
    rows.push({ name: `forecast scorecard MAPE at ${h.days} days out (demo, ${h.method}, ${h.nights} nights)`, value: h.forecast.percent, unit: "%" });
    rows.push({ name: `forecast scorecard mean error in room nights at ${h.days} days out (demo, ${h.method})`, value: h.forecast.rooms, unit: "nights" });
  }

  const headers = { authorization: `Bearer ${token}` };
  const calls = ["pickup?window=7&days=90", "pace?months=12", "booking-curves", "forecast?days=90", "forecast/accuracy"];
  for (const call of calls) {
    const result = await ctx.load(`${base}/${call}`, { headers, concurrency: 2, seconds: 4 });
    rows.push({ name: `API tracking/${call} p95 (2 at a time)`, value: result.p95, unit: "ms" });
    rows.push({ name: `API tracking/${call} requests/s`, value: result.rps, unit: "req/s" });
    if (result.errors) rows.push({ name: `API tracking/${call} errors`, value: result.errors, unit: "x" });
  }
  return rows;
};
