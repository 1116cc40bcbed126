import type { RouterContextProvider, ServerBuild } from "react-router";
import type { Upstream } from "#contract/upstream.ts";

/**
 * The web's way to the API, handed to its loaders and actions through React Router's load context
 * (docs/decisions/0036-contract-floor-and-load-context.md). The context is made by the build's server
 * entry (app/entry.server.tsx exports `loadContextWith`): server.ts and the built app are separate
 * module graphs, so neither a key nor a RouterContextProvider made here would be the app's.
 */
export function upstreamLoadContext(build: ServerBuild, upstream: Upstream): () => RouterContextProvider {
  const make = (build.entry.module as { loadContextWith?: (upstream: Upstream) => RouterContextProvider }).loadContextWith;
  if (!make) throw new Error("The server build does not export loadContextWith (app/entry.server.tsx).");
  return () => make(upstream);
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
