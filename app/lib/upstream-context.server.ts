import { createContext } from "react-router";
import type { Upstream } from "#contract/upstream.ts";

/**
 * The API's fetch for this request, put in the load context by the server (server/upstream.ts)
 * or a test's harness; app/entry.server.tsx exports this key so the server can fill it.
 */
export const upstreamContext = createContext<Upstream>();
