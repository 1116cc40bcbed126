// Tracking (issue 11): the forecast's backtest on the demo pousada's own history — MAPE and mean
// error in occupancy points at 7, 30 and 60 days out, for both pickup methods — and the latency
// of the tracking calls on the bench server's embedded PGlite.
import type { BenchContext, BenchRow, BenchSuite } from "#bench/types.ts";

const OWNER = "dono@pousada-demo.com.br";

interface Horizon {
  days: number;
  nights: number;
  mape: number | null;
  mae_points: number | null;
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

  const accuracy = await get<{ best_method: string; from: string; to: string; methods: Record<string, Horizon[]> }>(ctx, token, `${base}/forecast/accuracy`);
  for (const [method, horizons] of Object.entries(accuracy.methods)) {
    const tag = method === accuracy.best_method ? `${method}, in use` : method;
    for (const h of horizons) {
      if (h.mape === null || h.mae_points === null) continue;
      rows.push({ name: `forecast backtest MAPE at ${h.days} days out (demo, ${tag}, ${h.nights} nights)`, value: h.mape, unit: "%" });
      rows.push({ name: `forecast backtest mean error at ${h.days} days out (demo, ${tag})`, value: h.mae_points, unit: "pts" });
    }
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
