import { RELOAD_GUARD_MS } from "./constants";

/** Where the time of the last automatic reload is kept: it must outlive the reload itself. */
export const RELOAD_GUARD_KEY = "tarifa:auto-reload-at";

export interface ReloadGuardDeps {
  storage: Pick<Storage, "getItem" | "setItem"> | null;
  now: () => number;
  reload: () => void;
}

/**
 * Reloads the page unless the page already reloaded itself within RELOAD_GUARD_MS (spec section 9):
 * a chunk that keeps failing must not turn into a reload loop. Returns whether it reloaded. Without
 * session storage (private modes that refuse it) it never reloads: a loop is worse than a stale page.
 */
export function guardedReload({ storage, now, reload }: ReloadGuardDeps): boolean {
  if (!storage) return false;
  let last = Number.NaN;
  try {
    last = Number(storage.getItem(RELOAD_GUARD_KEY));
  } catch {
    return false;
  }
  const at = now();
  if (Number.isFinite(last) && last > 0 && at - last >= 0 && at - last < RELOAD_GUARD_MS) return false;
  try {
    storage.setItem(RELOAD_GUARD_KEY, String(at));
  } catch {
    return false;
  }
  reload();
  return true;
}

function sessionStorageOrNull(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The browser's guarded reload. */
export function reloadOnce(): boolean {
  return guardedReload({ storage: sessionStorageOrNull(), now: () => Date.now(), reload: () => window.location.reload() });
}
