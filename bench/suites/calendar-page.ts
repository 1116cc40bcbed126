// What the calendar page (/calendar) makes a phone download for its data (issue 14: ≤ 60 KiB for
// 3 categories): the month's grid without explanations, and with a day chosen, that day's
// explanation on top. Measured as React Router sends it on a client navigation (the page's
// `.data` answer) and as the whole HTML document on a first visit, gzipped as served.
// Runs before pricing-calendar.ts (which adds categories), so the demo's 3 categories count.
import { gzipSync } from "node:zlib";
import { demoUsers } from "#api/seed/users.ts";
import { withoutStylesheet } from "#bench/lib/session.ts";
import type { BenchRow, BenchSuite } from "#bench/types.ts";

export const run: BenchSuite = async (ctx) => {
  const cookie = await ctx.signIn(demoUsers.owner.email);
  const get = async (path: string, as = cookie) => {
    const res = await fetch(ctx.baseUrl + path, { headers: { cookie: as }, redirect: "manual" });
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
    return Buffer.from(await res.arrayBuffer());
  };
  const month = new Date().toISOString().slice(0, 7);
  const day = `${month}-15`;
  // A first visit: the document carries its styles (ADR 0056: a browser holding the stylesheet gets a link).
  const html = await get(`/calendar?month=${month}`, withoutStylesheet(cookie));
  const categories = (html.toString().match(/aria-labelledby="cat-/g) ?? []).length;
  const label = `web /calendar month x ${categories} categories`;
  const data = await get(`/calendar.data?month=${month}`);
  const withDay = await get(`/calendar.data?month=${month}&day=${day}`);
  const rows: BenchRow[] = [
    { name: `${label} page data (.data)`, value: data.length / 1024, unit: "KiB", goal: "<= 60 KiB" },
    { name: `${label} page data with a day chosen (.data)`, value: withDay.length / 1024, unit: "KiB", goal: "<= 60 KiB" },
    { name: `${label} HTML document`, value: html.length / 1024, unit: "KiB" },
    { name: `${label} HTML document (gzip)`, value: gzipSync(html).length / 1024, unit: "KiB" },
  ];
  return rows;
};
