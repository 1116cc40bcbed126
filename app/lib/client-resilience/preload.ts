import { MAX_CONCURRENT_PRELOADS } from "./constants";
import { createLimiter } from "./limiter";
import { isLoading, loadModule, modulesToLoad } from "./route-modules";

/** Every route preload goes through this: at most MAX_CONCURRENT_PRELOADS at once (spec section 9). */
export const preloadLimiter = createLimiter(MAX_CONCURRENT_PRELOADS);

/** The same-origin address a link leads to inside the app, or null for links a preload cannot help. */
export function appLinkTarget(anchor: HTMLAnchorElement, origin: string): URL | null {
  if (anchor.hasAttribute("download") || anchor.hasAttribute("data-no-preload")) return null;
  if (anchor.target && anchor.target !== "_self") return null;
  // reloadDocument links and plain anchors to files (exports, logos) are full page loads.
  if (!anchor.hasAttribute("data-discover")) return null;
  const url = new URL(anchor.href, origin);
  if (url.origin !== origin || url.pathname.startsWith("/api/")) return null;
  return url;
}

/** Loads the route modules of `pathname` ahead of a click, through the limiter; errors are left to the navigation. */
export function preloadRoute(pathname: string): void {
  const manifest = window.__reactRouterManifest;
  if (!manifest) return;
  const urls = modulesToLoad(pathname, manifest, window.__reactRouterRouteModules ?? {})?.filter((url) => !isLoading(url));
  if (!urls?.length) return;
  void preloadLimiter.run(() => Promise.all(urls.map(loadModule))).catch(() => undefined);
}

/** Preloads on intent: the pointer entering a link, a link getting focus, a finger touching it. */
export function installIntentPreloading(doc: Document): () => void {
  const onIntent = (event: Event) => {
    const anchor = (event.target as Element | null)?.closest?.("a[href]");
    if (!(anchor instanceof HTMLAnchorElement)) return;
    const url = appLinkTarget(anchor, doc.location.origin);
    if (url) preloadRoute(url.pathname);
  };
  const types = ["pointerover", "focusin", "touchstart"] as const;
  for (const type of types) doc.addEventListener(type, onIntent, { capture: true, passive: true });
  return () => {
    for (const type of types) doc.removeEventListener(type, onIntent, { capture: true });
  };
}
