import { RouterContextProvider, type RouterContext, type ServerBuild } from "react-router";
import type { Upstream } from "#contract/upstream.ts";

/**
 * The web's way to the API, handed to its loaders and actions through React Router's load context
 * (docs/decisions/0036-contract-floor-and-load-context.md). The context key comes from the build's server entry
 * (app/entry.server.tsx exports it): server.ts and the built app are separate module graphs, so
 * a key made here would not be the one the app reads.
 */
export function upstreamLoadContext(build: ServerBuild, upstream: Upstream): () => RouterContextProvider {
  const key = (build.entry.module as { upstreamContext?: RouterContext<Upstream> }).upstreamContext;
  if (!key) throw new Error("The server build does not export upstreamContext (app/entry.server.tsx).");
  return () => new RouterContextProvider(new Map([[key, upstream]]));
}

/** An upstream over HTTP: requests keep their path and query, and go to `baseUrl` instead. */
export function httpUpstream(baseUrl: string): Upstream {
  const base = new URL(baseUrl);
  return (request) => {
    const url = new URL(request.url);
    const target = new URL(url.pathname + url.search, base);
    return fetch(new Request(target, request));
  };
}
