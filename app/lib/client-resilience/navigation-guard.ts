import type { ClientInstrumentation } from "react-router";
import { chunkFailureStore } from "./client-state";
import { reloadOnce } from "./reload-guard";
import { loadModule, modulesToLoad } from "./route-modules";
import { pageHasUnsavedInput } from "./unsaved-input";

/** A promise that never settles: the navigation it stands for is abandoned. */
const never = () => new Promise<void>(() => undefined);

/**
 * Loads the code of the page a navigation goes to before React Router starts it. React Router,
 * when a route's code fails to load (a deploy removed the old files, the connection dropped),
 * reloads the page every time; here a failure reloads the page at most once within
 * RELOAD_GUARD_MS (reload-guard.ts), never while a form is being sent or holds unsaved input, and
 * otherwise leaves the page as it is with a banner that offers the address as a full page load.
 */
export const navigationGuard: ClientInstrumentation = {
  router({ instrument }) {
    instrument({
      async navigate(_navigate, info) {
        if (typeof info.to !== "string") return;
        const url = new URL(info.to, window.location.href);
        const manifest = window.__reactRouterManifest;
        if (url.origin !== window.location.origin || !manifest) return;
        const urls = modulesToLoad(url.pathname, manifest, window.__reactRouterRouteModules ?? {});
        if (!urls?.length) return;
        try {
          await Promise.all(urls.map(loadModule));
          chunkFailureStore.set(null);
        } catch {
          const sending = info.formMethod !== undefined && info.formMethod.toUpperCase() !== "GET";
          if (!sending && !pageHasUnsavedInput(document) && reloadOnce()) return never();
          chunkFailureStore.set(url.pathname + url.search);
          return never();
        }
      },
    });
  },
};
