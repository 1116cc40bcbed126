import { VERSION_POLL_INTERVAL_MS } from "./constants";

/**
 * Whether the server runs a newer build than this page. React Router's manifest endpoint answers
 * 204 with X-Remix-Reload-Document when the version asked for is not the one it serves; any other
 * answer (or none) means nothing new is known.
 */
export async function isNewVersionDeployed(currentVersion: string, fetchImpl: typeof fetch, manifestPath = "/__manifest"): Promise<boolean> {
  const query = new URLSearchParams({ paths: "/", version: currentVersion });
  try {
    // no-store: the manifest's answers are cached as immutable, and a cached answer never changes.
    const response = await fetchImpl(`${manifestPath}?${query}`, { cache: "no-store", headers: { Accept: "application/json" } });
    return response.status === 204 && response.headers.has("X-Remix-Reload-Document");
  } catch {
    return false;
  }
}

export interface VersionPollingDeps {
  check: () => Promise<boolean>;
  onNewVersion: () => void;
  doc: Pick<Document, "visibilityState" | "addEventListener" | "removeEventListener">;
  setInterval: (fn: () => void, ms: number) => unknown;
  clearInterval: (id: unknown) => void;
  now: () => number;
  intervalMs?: number;
}

/**
 * Polls every `intervalMs` while the tab is visible; a hidden tab does not poll, and a tab shown
 * again checks at once when its last check is older than the interval. Stops after the first
 * new version (the banner stays until the page reloads). Returns the stop function.
 */
export function startVersionPolling(deps: VersionPollingDeps): () => void {
  const interval = deps.intervalMs ?? VERSION_POLL_INTERVAL_MS;
  let timer: unknown;
  let lastCheck = deps.now();
  let stopped = false;

  async function tick() {
    if (stopped || deps.doc.visibilityState === "hidden") return;
    lastCheck = deps.now();
    if (await deps.check()) {
      if (stopped) return;
      stop();
      deps.onNewVersion();
    }
  }

  function start() {
    if (timer === undefined) timer = deps.setInterval(tick, interval);
  }

  function pause() {
    if (timer !== undefined) deps.clearInterval(timer);
    timer = undefined;
  }

  function onVisibility() {
    if (deps.doc.visibilityState === "hidden") return pause();
    if (deps.now() - lastCheck >= interval) void tick();
    start();
  }

  function stop() {
    stopped = true;
    pause();
    deps.doc.removeEventListener("visibilitychange", onVisibility);
  }

  deps.doc.addEventListener("visibilitychange", onVisibility);
  if (deps.doc.visibilityState !== "hidden") start();
  return stop;
}
