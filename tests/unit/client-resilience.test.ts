import { describe, expect, it, vi } from "vitest";
import { LOADING_BAR } from "#app/components/layout/loading-bar.tsx";
import { createConnectionHealth, isOutage } from "#app/lib/client-resilience/connection-health.ts";
import {
  HEALTH_MAX_RECORDS,
  HEALTH_STALE_MS,
  MAX_CONCURRENT_PRELOADS,
  RELOAD_GUARD_MS,
  VERSION_POLL_INTERVAL_MS,
} from "#app/lib/client-resilience/constants.ts";
import { createLimiter } from "#app/lib/client-resilience/limiter.ts";
import { preloadLimiter } from "#app/lib/client-resilience/preload.ts";
import { guardedReload, RELOAD_GUARD_KEY } from "#app/lib/client-resilience/reload-guard.ts";
import { modulesToLoad, type RouteManifest } from "#app/lib/client-resilience/route-modules.ts";
import { isNewVersionDeployed, startVersionPolling } from "#app/lib/client-resilience/version-poll.ts";
import { DEFAULT_TRIAL_DAYS, trialDays } from "#domain/subscription/state.ts";

/** Spec section 9, as the code holds it. */
describe("client constants of spec section 9", () => {
  it("connection health: at most 10 records, stale after 60000 ms", () => {
    expect(HEALTH_MAX_RECORDS).toBe(10);
    expect(HEALTH_STALE_MS).toBe(60_000);
  });

  it("page reload guard 10 s; route preloading at most 4 at once", () => {
    expect(RELOAD_GUARD_MS).toBe(10_000);
    expect(MAX_CONCURRENT_PRELOADS).toBe(4);
    expect(preloadLimiter.active).toBe(0);
  });

  it("the version poll is sensible: at least a minute, at most ten", () => {
    expect(VERSION_POLL_INTERVAL_MS).toBeGreaterThanOrEqual(60_000);
    expect(VERSION_POLL_INTERVAL_MS).toBeLessThanOrEqual(600_000);
  });

  it("loading indicator: throttle 200, duration 2000, hide delay 500, reset delay 400, height 3", () => {
    expect(LOADING_BAR).toMatchObject({ throttleMs: 200, durationMs: 2000, hideDelayMs: 500, resetDelayMs: 400, heightPx: 3 });
  });

  it("trial days 14 by default, the first plan's trial_days when numeric", () => {
    expect(DEFAULT_TRIAL_DAYS).toBe(14);
    expect(trialDays([])).toBe(14);
    expect(trialDays([{ plan_identifier: "pro", trial_days: 7 }, { plan_identifier: "max", trial_days: 30 }])).toBe(7);
    expect(trialDays([{ plan_identifier: "pro", trial_days: null }, { plan_identifier: "max", trial_days: 30 }])).toBe(14);
  });
});

describe("the preload limiter", () => {
  it("runs at most its limit at once, the rest in arrival order", async () => {
    const limiter = createLimiter(MAX_CONCURRENT_PRELOADS);
    const releases: (() => void)[] = [];
    const started: number[] = [];
    let most = 0;
    const tasks = Array.from({ length: 10 }, (_, i) =>
      limiter.run(
        () =>
          new Promise<number>((resolve) => {
            started.push(i);
            most = Math.max(most, limiter.active);
            releases.push(() => resolve(i));
          }),
      ),
    );
    await Promise.resolve();
    expect(limiter.active).toBe(4);
    expect(limiter.pending).toBe(6);
    while (releases.length) {
      releases.shift()!();
      await new Promise((r) => setTimeout(r, 0));
    }
    expect(await Promise.all(tasks)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(most).toBe(4);
    expect(limiter.active).toBe(0);
  });

  it("frees the slot of a task that fails, and refuses a limit below one", async () => {
    const limiter = createLimiter(1);
    await expect(limiter.run(() => Promise.reject(new Error("chunk")))).rejects.toThrow("chunk");
    await expect(limiter.run(async () => "next")).resolves.toBe("next");
    expect(() => createLimiter(0)).toThrow(RangeError);
  });
});

describe("the page reload guard", () => {
  function memory() {
    const map = new Map<string, string>();
    return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), map };
  }

  it("reloads once, refuses again within 10 s, allows it after", () => {
    const storage = memory();
    const reload = vi.fn();
    let now = 1_000_000;
    const deps = { storage, now: () => now, reload };
    expect(guardedReload(deps)).toBe(true);
    expect(storage.map.get(RELOAD_GUARD_KEY)).toBe("1000000");
    now += RELOAD_GUARD_MS - 1;
    expect(guardedReload(deps)).toBe(false);
    now += 1;
    expect(guardedReload(deps)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it("never reloads without session storage, or when it throws", () => {
    const reload = vi.fn();
    expect(guardedReload({ storage: null, now: () => 1, reload })).toBe(false);
    const broken = { getItem: () => { throw new Error("denied"); }, setItem: () => undefined };
    expect(guardedReload({ storage: broken, now: () => 1, reload })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});

describe("the connection health record", () => {
  function health(start = 0) {
    let now = start;
    const timers: { fn: () => void; at: number }[] = [];
    const h = createConnectionHealth({
      now: () => now,
      setTimeout: (fn, ms) => timers.push({ fn, at: now + ms }),
      clearTimeout: () => undefined,
    });
    const advance = (ms: number) => {
      now += ms;
      for (const t of timers.splice(0)) if (t.at <= now) t.fn();
        else timers.push(t);
    };
    return { h, advance };
  }

  it("keeps at most 10 records", () => {
    const { h } = health();
    for (let i = 0; i < 15; i++) h.record(i % 2 === 0);
    expect(h.records()).toHaveLength(HEALTH_MAX_RECORDS);
  });

  it("fails while the newest fresh record failed; a failure goes stale after 60000 ms", () => {
    const { h, advance } = health();
    h.record(true);
    expect(h.status.get()).toBe("ok");
    h.record(false);
    expect(h.status.get()).toBe("failing");
    advance(HEALTH_STALE_MS - 1);
    expect(h.status.get()).toBe("failing");
    advance(1);
    expect(h.status.get()).toBe("ok");
    expect(h.records()).toHaveLength(0);
    h.record(false);
    h.record(true);
    expect(h.status.get()).toBe("ok");
  });

  it("is offline while the browser is, and forgets a held submit when back", () => {
    const { h } = health();
    h.setOnline(false);
    h.holdSubmit();
    expect(h.status.get()).toBe("offline");
    expect(h.heldSubmit.get()).toBe(true);
    h.setOnline(true);
    expect(h.status.get()).toBe("ok");
    expect(h.heldSubmit.get()).toBe(false);
  });

  it("counts only gateway answers as outages", () => {
    expect([502, 503, 504].every(isOutage)).toBe(true);
    expect([200, 400, 404, 422, 500].some(isOutage)).toBe(false);
  });
});

describe("build-version polling", () => {
  it("reads a 204 with X-Remix-Reload-Document as a new version, anything else as none", async () => {
    const answer = (status: number, headers: Record<string, string> = {}) => vi.fn(async () => new Response(status === 204 ? null : "{}", { status, headers }));
    const asked = answer(204, { "X-Remix-Reload-Document": "true" });
    expect(await isNewVersionDeployed("abc", asked as unknown as typeof fetch)).toBe(true);
    expect(String((asked.mock.calls[0] as unknown[])[0])).toBe("/__manifest?paths=%2F&version=abc");
    expect(await isNewVersionDeployed("abc", answer(200) as unknown as typeof fetch)).toBe(false);
    expect(await isNewVersionDeployed("abc", answer(204) as unknown as typeof fetch)).toBe(false);
    const offline = vi.fn(async () => {
      throw new TypeError("Failed to fetch");
    });
    expect(await isNewVersionDeployed("abc", offline as unknown as typeof fetch)).toBe(false);
  });

  it("polls every interval while visible, pauses while hidden, checks at once when shown after a long time", async () => {
    let visibility: DocumentVisibilityState = "visible";
    let onVisibility: (() => void) | undefined;
    const doc = {
      get visibilityState() {
        return visibility;
      },
      addEventListener: (_: string, fn: () => void) => void (onVisibility = fn),
      removeEventListener: () => void (onVisibility = undefined),
    } as unknown as Document;
    let now = 0;
    let tick: (() => void) | undefined;
    let answer = false;
    const check = vi.fn(async () => answer);
    const onNewVersion = vi.fn();
    startVersionPolling({
      check,
      onNewVersion,
      doc,
      now: () => now,
      setInterval: (fn, ms) => {
        expect(ms).toBe(VERSION_POLL_INTERVAL_MS);
        tick = fn;
        return 1;
      },
      clearInterval: () => void (tick = undefined),
    });
    expect(tick).toBeDefined();
    now += VERSION_POLL_INTERVAL_MS;
    tick!();
    expect(check).toHaveBeenCalledTimes(1);
    visibility = "hidden";
    onVisibility!();
    expect(tick).toBeUndefined();
    now += VERSION_POLL_INTERVAL_MS * 2;
    visibility = "visible";
    answer = true;
    onVisibility!();
    await Promise.resolve();
    await Promise.resolve();
    expect(check).toHaveBeenCalledTimes(2);
    expect(onNewVersion).toHaveBeenCalledTimes(1);
    // After a new version it stops: the banner stays until the reader reloads.
    expect(tick).toBeUndefined();
    expect(onVisibility).toBeUndefined();
  });
});

describe("the route modules a link needs", () => {
  const manifest: RouteManifest = {
    version: "v1",
    routes: {
      root: { id: "root", path: "", module: "/assets/root.js" },
      "routes/app-layout": { id: "routes/app-layout", parentId: "root", module: "/assets/app-layout.js" },
      "routes/calendar": { id: "routes/calendar", parentId: "routes/app-layout", path: "calendar", module: "/assets/calendar.js" },
      "routes/bookings": { id: "routes/bookings", parentId: "routes/app-layout", path: "bookings", module: "/assets/bookings.js" },
      "routes/bookings.detail": { id: "routes/bookings.detail", parentId: "routes/bookings", path: ":id", module: "/assets/bookings-detail.js" },
    },
  };

  it("lists the modules of the matched routes that are not loaded yet", () => {
    const loaded = { root: {}, "routes/app-layout": {} };
    expect(modulesToLoad("/calendar", manifest, loaded)).toEqual(["/assets/calendar.js"]);
    expect(modulesToLoad("/bookings/abc", manifest, loaded)).toEqual(["/assets/bookings.js", "/assets/bookings-detail.js"]);
    expect(modulesToLoad("/calendar", manifest, { ...loaded, "routes/calendar": {} })).toEqual([]);
  });

  it("knows nothing of a path the manifest has not discovered", () => {
    expect(modulesToLoad("/reports", manifest, {})).toBeNull();
  });
});
