import { matchRoutes, type RouteObject } from "react-router";

/** The parts of React Router's browser manifest (window.__reactRouterManifest) read here. */
export interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
}

export interface RouteManifest {
  version: string;
  routes: Record<string, ManifestRoute | undefined>;
}

declare global {
  interface Window {
    __reactRouterManifest?: RouteManifest;
    __reactRouterRouteModules?: Record<string, unknown>;
  }
}

function routeTree(manifest: RouteManifest): RouteObject[] {
  const byParent = new Map<string, ManifestRoute[]>();
  for (const route of Object.values(manifest.routes)) {
    if (!route) continue;
    const key = route.parentId ?? "";
    byParent.set(key, [...(byParent.get(key) ?? []), route]);
  }
  const build = (parent: string): RouteObject[] =>
    (byParent.get(parent) ?? []).map((route) =>
      route.index ? { id: route.id, index: true, path: route.path } : { id: route.id, path: route.path, children: build(route.id) },
    );
  return build("");
}

/**
 * The module URLs a page at `pathname` needs that this page has not loaded yet; null when the
 * manifest does not know the path (a route React Router has not discovered yet).
 */
export function modulesToLoad(pathname: string, manifest: RouteManifest, loaded: Record<string, unknown>): string[] | null {
  const matches = matchRoutes(routeTree(manifest), pathname);
  if (!matches) return null;
  const urls: string[] = [];
  for (const match of matches) {
    const id = match.route.id;
    const route = id ? manifest.routes[id] : undefined;
    if (route && !(route.id in loaded) && !urls.includes(route.module)) urls.push(route.module);
  }
  return urls;
}

const loading = new Map<string, Promise<unknown>>();

/** Imports a route module once; a failure is forgotten so a later attempt tries the network again. */
export function loadModule(url: string): Promise<unknown> {
  let promise = loading.get(url);
  if (!promise) {
    promise = import(/* @vite-ignore */ url);
    promise.catch(() => loading.delete(url));
    loading.set(url, promise);
  }
  return promise;
}

/** Whether this module is loaded or on its way. */
export function isLoading(url: string): boolean {
  return loading.has(url);
}
