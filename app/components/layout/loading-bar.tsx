import { useContext, useEffect, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { UNSAFE_DataRouterStateContext, useNavigation } from "react-router";

/** Spec section 9. */
export const LOADING_BAR = {
  /** The bar appears only when a navigation lasts longer than this. */
  throttleMs: 200,
  /** Time scale of the estimated progress (about 70 % after this long). */
  durationMs: 2000,
  /** After finishing at 100 %, how long the full bar stays. */
  hideDelayMs: 500,
  /** After hiding, when progress and colour go back to the start. */
  resetDelayMs: 400,
  heightPx: 3,
  /** How often the estimate moves while loading. */
  tickMs: 100,
} as const;

export interface LoadingBarState {
  visible: boolean;
  /** 0 to 100. */
  progress: number;
  error: boolean;
}

const IDLE: LoadingBarState = { visible: false, progress: 0, error: false };

/**
 * Progress while the real end is unknown: rises quickly, then slower, never reaching 100
 * (the curve of Nuxt's loading indicator, which the spec's timings come from).
 */
export function estimatedProgress(elapsedMs: number, durationMs: number = LOADING_BAR.durationMs): number {
  const value = (2 / Math.PI) * 100 * Math.atan(((elapsedMs / durationMs) * 100) / 50);
  return Math.min(99, Math.max(0, value));
}

interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(id: unknown): void;
  now(): number;
}

const browserTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
  setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
  clearInterval: (id) => globalThis.clearInterval(id as ReturnType<typeof setInterval>),
  now: () => Date.now(),
};

/**
 * The bar's state machine, outside React: when a navigation ends in the root error boundary,
 * React Router remounts the whole document (Layout included), and the bar must survive that
 * to finish in red.
 */
export function createLoadingBarStore(timing: typeof LOADING_BAR = LOADING_BAR, timers: Timers = browserTimers) {
  let state = IDLE;
  const listeners = new Set<() => void>();
  let throttle: unknown;
  let tick: unknown;
  let hide: unknown;
  let reset: unknown;
  let loading = false;

  function set(next: LoadingBarState) {
    state = next;
    for (const listener of listeners) listener();
  }

  function clearAll() {
    timers.clearTimeout(throttle);
    timers.clearInterval(tick);
    timers.clearTimeout(hide);
    timers.clearTimeout(reset);
    throttle = tick = hide = reset = undefined;
  }

  return {
    getSnapshot: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** A navigation began: show the bar if it is still going after the throttle. */
    start() {
      if (loading) return;
      loading = true;
      clearAll();
      throttle = timers.setTimeout(() => {
        const started = timers.now();
        set({ visible: true, progress: 0, error: false });
        tick = timers.setInterval(() => {
          set({ ...state, progress: estimatedProgress(timers.now() - started, timing.durationMs) });
        }, timing.tickMs);
      }, timing.throttleMs);
    },
    /** The navigation ended (in an error boundary when `error`): fill, hold, hide, reset. */
    finish(error = false) {
      if (!loading) return;
      loading = false;
      const shown = state.visible;
      clearAll();
      if (!shown) return;
      set({ visible: true, progress: 100, error });
      hide = timers.setTimeout(() => {
        set({ ...state, visible: false });
        reset = timers.setTimeout(() => set(IDLE), timing.resetDelayMs);
      }, timing.hideDelayMs);
    },
  };
}

const store = createLoadingBarStore();
const serverSnapshot = () => IDLE;

/**
 * The thin bar at the top during client navigations (spec section 4, "Loading indicator").
 * Fed by useNavigation() only; a navigation that ends with a route error turns it red.
 */
export function LoadingBar() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  // Route errors of the router state, whichever boundary shows them (no public hook gives this).
  const routerState = useContext(UNSAFE_DataRouterStateContext);
  const busy = navigation.state !== "idle";
  const failed = Boolean(routerState?.errors);
  const bar = useSyncExternalStore(store.subscribe, store.getSnapshot, serverSnapshot);

  useEffect(() => {
    if (busy) store.start();
    else store.finish(failed);
    // `failed` is read when the navigation ends; it changing alone means nothing.
  }, [busy]);

  if (!bar.visible && bar.progress === 0) return null;
  const progress = Math.round(bar.progress);
  return (
    <div
      role="progressbar"
      aria-label={t("loading")}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={progress}
      aria-hidden={bar.visible ? undefined : true}
      className="pointer-events-none fixed inset-x-0 top-0 transition-opacity duration-300"
      style={{ height: LOADING_BAR.heightPx, zIndex: 10001, opacity: bar.visible ? 1 : 0 }}
    >
      <div
        className={`h-full transition-[width] duration-200 ease-out ${bar.error ? "bg-red-600" : "bg-brand-500"}`}
        style={{ width: `${progress}%` }}
      />
    </div>
  );
}
