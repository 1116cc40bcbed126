import { createContext, RouterContextProvider } from "react-router";
import type { Upstream } from "#contract/upstream.ts";

/**
 * The API's fetch for this request, put in the load context by the server (server/upstream.ts)
 * or a test's harness; app/entry.server.tsx exports this key so the server can fill it.
 */
export const upstreamContext = createContext<Upstream>();

/**
 * A request's load context holding the upstream. Made here, beside the app's own copy of React
 * Router, because the request handler checks `instanceof RouterContextProvider` against that
 * copy: under Vite's dev server or a test runner, server.ts may load another one.
 */
export function loadContextWith(upstream: Upstream): RouterContextProvider {
  return new RouterContextProvider(new Map([[upstreamContext, upstream]]));
}
