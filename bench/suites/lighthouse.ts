// Lighthouse's mobile preset (simulated slow 4G, 4× CPU slowdown, Moto G-sized screen) on the
// production build, signed in where the page needs it (issue 14: performance ≥ 95 and
// accessibility 100 on each page). Chromium from CHROME_PATH or /usr/bin/chromium. Each page runs
// LIGHTHOUSE_RUNS times (default 3) and prints the median, because this machine is shared and noisy.
// `npm run bench -- --suite=lighthouse` runs only this suite.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import puppeteer, { type Browser } from "puppeteer-core";
import { DEMO_BUSINESS, DEMO_CATEGORY_IDS } from "#api/seed/businesses.ts";
import { demoUsers } from "#api/seed/users.ts";
import { withoutStylesheet } from "#bench/lib/session.ts";
import type { BenchContext, BenchRow, BenchSuite } from "#bench/types.ts";

const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS) || 3);

/** A stay far enough ahead to always be open for booking, for the offers step. */
function offersQuery(): string {
  const arrival = new Date(Date.now() + 30 * 86_400_000);
  const departure = new Date(arrival.getTime() + 2 * 86_400_000);
  const day = (d: Date) => d.toISOString().slice(0, 10);
  return new URLSearchParams({ arrival: day(arrival), departure: day(departure), adults: "2", children: "0" }).toString();
}

/** `brain`: audited after the demo's Standard rooms are switched to the revenue brain's *recommend* mode (issue 27). */
export function pagesToAudit(): { label: string; path: string; as?: keyof typeof demoUsers; brain?: true }[] {
  const slug = DEMO_BUSINESS.slug;
  return [
    { label: "/login", path: "/login" },
    { label: "/calendar", path: "/calendar", as: "owner" },
    { label: "/ (dashboard)", path: "/", as: "owner" },
    { label: "/bookings/home", path: "/bookings/home", as: "owner" },
    { label: "/p/{slug}", path: `/p/${slug}` },
    { label: "/p/{slug} offers step", path: `/p/${slug}?${offersQuery()}` },
    { label: "/recommendations (Standard in recommend)", path: "/recommendations", as: "owner", brain: true },
    { label: "/calendar with recommendations", path: `/calendar?category=${DEMO_CATEGORY_IDS.standard}`, as: "owner", brain: true },
  ];
}

/** The brain's settings as they are, with the Standard rooms in *recommend* (which recomputes the year ahead). */
async function recommendStandard(ctx: Pick<BenchContext, "baseUrl" | "apiToken">): Promise<void> {
  const headers = { authorization: `Bearer ${await ctx.apiToken(demoUsers.owner.email)}`, "content-type": "application/json" };
  const base = `${ctx.baseUrl}/api/v1/businesses/${DEMO_BUSINESS.id}/recommendations`;
  const { settings } = (await (await fetch(base, { headers })).json()) as { settings: Record<string, unknown> };
  const body = JSON.stringify({ ...settings, category_modes: { [DEMO_CATEGORY_IDS.standard]: "recommend" } });
  const saved = await fetch(`${base}/settings`, { method: "PUT", headers, body });
  if (!saved.ok) throw new Error(`brain settings: ${saved.status} ${await saved.text()}`);
}

interface Audit {
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  failedA11y: string[];
}

/**
 * The session travels as a browser cookie set through puppeteer (Lighthouse's own driver), not
 * as an extra header: Chromium drops a Cookie header given through extraHeaders. Lighthouse's
 * storage reset leaves cookies alone.
 */
async function audit(browser: Browser, url: string, cookie?: string): Promise<Audit> {
  // A first visit: Lighthouse empties the cache but keeps cookies, so the one an earlier audit's
  // page set ("this browser holds the stylesheet", ADR 0056) would ask for a stylesheet no longer cached.
  await browser.deleteMatchingCookies({ name: "stylesheet" });
  const page = await browser.newPage();
  if (cookie) {
    await browser.setCookie(
      ...cookie.split("; ").map((pair) => {
        const at = pair.indexOf("=");
        return { name: pair.slice(0, at), value: pair.slice(at + 1), domain: new URL(url).hostname, path: "/" };
      }),
    );
  }
  const result = await lighthouse(url, { output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility"] }, undefined, page);
  await page.close();
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  // LIGHTHOUSE_SAVE=<dir> keeps each report's JSON there, to see where the time goes.
  if (process.env.LIGHTHOUSE_SAVE) {
    mkdirSync(process.env.LIGHTHOUSE_SAVE, { recursive: true });
    writeFileSync(join(process.env.LIGHTHOUSE_SAVE, `${new URL(url).pathname.replace(/\W+/g, "_")}${new URL(url).search ? "_offers" : ""}.json`), JSON.stringify(lhr));
  }
  if (lhr.finalDisplayedUrl !== url) throw new Error(`Lighthouse on ${url} ended on ${lhr.finalDisplayedUrl} (signed out?)`);
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  const num = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const failedA11y = lhr.categories.accessibility.auditRefs
    .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && (lhr.audits[ref.id]?.score ?? 1) < 1)
    .map((ref) => ref.id);
  return {
    performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
    fcp: num("first-contentful-paint"),
    lcp: num("largest-contentful-paint"),
    tbt: num("total-blocking-time"),
    cls: num("cumulative-layout-shift"),
    failedA11y,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

export async function auditPages(ctx: Pick<BenchContext, "baseUrl" | "signIn" | "apiToken">, only?: string): Promise<BenchRow[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const rows: BenchRow[] = [];
  try {
    let brainOn = false;
    for (const page of pagesToAudit().filter((p) => !only || p.label.includes(only))) {
      if (page.brain && !brainOn) {
        await recommendStandard(ctx);
        brainOn = true;
      }
      // A first visit: a cold cache, so the browser does not hold the stylesheet either (ADR 0056).
      const cookie = page.as ? withoutStylesheet(await ctx.signIn(demoUsers[page.as].email)) : undefined;
      const url = ctx.baseUrl + page.path;
      await fetch(url, { headers: cookie ? { cookie } : {} }); // warm the server's caches once
      const runs: Audit[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await audit(browser, url, cookie).catch(() => audit(browser, url, cookie))); // one retry: a trace is sometimes lost on a busy machine
      const m = (key: "performance" | "accessibility" | "fcp" | "lcp" | "tbt" | "cls") => median(runs.map((r) => r[key]));
      const name = `Lighthouse mobile ${page.label}`;
      rows.push({ name: `${name} performance (median of ${RUNS})`, value: m("performance"), unit: "pts", goal: ">= 95" });
      rows.push({ name: `${name} accessibility`, value: m("accessibility"), unit: "pts", goal: "100" });
      rows.push({ name: `${name} first contentful paint`, value: m("fcp"), unit: "ms" });
      rows.push({ name: `${name} largest contentful paint`, value: m("lcp"), unit: "ms" });
      rows.push({ name: `${name} total blocking time`, value: m("tbt"), unit: "ms", goal: page.path === "/calendar" ? "<= 200 ms" : undefined });
      const failed = [...new Set(runs.flatMap((r) => r.failedA11y))];
      if (failed.length) console.log(`${name}: accessibility audits failing: ${failed.join(", ")}`);
      console.log(`${name}: performance ${runs.map((r) => r.performance).join(", ")}; TBT ${runs.map((r) => Math.round(r.tbt)).join(", ")} ms`);
    }
  } finally {
    await browser.disconnect();
    chrome.kill();
  }
  return rows;
}

export const run: BenchSuite = (ctx) => auditPages(ctx, process.env.LIGHTHOUSE_ONLY);
