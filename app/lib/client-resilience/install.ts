import { connectionHealth } from "./client-state";
import { isOutage } from "./connection-health";
import { installIntentPreloading } from "./preload";

function sameOrigin(input: RequestInfo | URL): boolean {
  try {
    const href = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    return new URL(href, window.location.href).origin === window.location.origin;
  } catch {
    return false;
  }
}

/** Records each same-origin request's outcome in the connection health record. */
function recordRequests(win: Window) {
  const original = win.fetch.bind(win);
  win.fetch = async (input, init) => {
    const tracked = sameOrigin(input);
    try {
      const response = await original(input, init);
      if (tracked) connectionHealth.record(!isOutage(response.status));
      return response;
    } catch (error) {
      const aborted = error instanceof DOMException && error.name === "AbortError";
      if (tracked && !aborted) connectionHealth.record(false);
      throw error;
    }
  };
}

/**
 * While offline a submitted form stays as it is: the submit is stopped before React Router (or the
 * browser) sends it, so nothing typed is lost, and the banner says why.
 */
function holdSubmitsWhileOffline(win: Window) {
  win.addEventListener(
    "submit",
    (event) => {
      if (win.navigator.onLine) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      connectionHealth.holdSubmit();
    },
    { capture: true },
  );
}

let installed = false;

/** Spec section 9's client rules that live outside React: call once, before hydration. */
export function installClientResilience(win: Window = window): void {
  if (installed) return;
  installed = true;
  recordRequests(win);
  holdSubmitsWhileOffline(win);
  connectionHealth.setOnline(win.navigator.onLine);
  win.addEventListener("online", () => connectionHealth.setOnline(true));
  win.addEventListener("offline", () => connectionHealth.setOnline(false));
  installIntentPreloading(win.document);
}
