import type { Express, NextFunction, Request, Response } from "express";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { httpDuration, httpRequests, mayReadMetrics, metricsContentType, metricsText, startProcessMetrics } from "#api/observability/metrics.ts";
import { acceptedRequestId, RequestReads, runWithWork } from "#api/observability/request-context.ts";

/**
 * The web process's part of observability (ADR 0028): `/metrics` before anything else (so the
 * raw forwarding headers decide who reads it), then per request an id — the proxy's X-Request-Id
 * or a new one — in the async context of everything the request does, and its count and duration
 * by route pattern and status.
 */
export function observe(app: Express, options: { metricsToken?: string }): { setBuild(build: ServerBuild): void } {
  startProcessMetrics();
  let routeOf: (path: string) => string = () => "web";

  app.get("/metrics", (req, res, next) => {
    if (!mayReadMetrics(req, options.metricsToken)) return next();
    metricsText().then(
      (text) => res.status(200).type(metricsContentType).set("Cache-Control", "no-store").send(text),
      next,
    );
  });

  app.use((req: Request & { routePattern?: string }, res: Response, next: NextFunction) => {
    const requestId = acceptedRequestId(req.headers["x-request-id"] as string | undefined);
    req.headers["x-request-id"] = requestId;
    res.setHeader("X-Request-Id", requestId);
    const end = httpDuration.startTimer();
    // What this request reads once and shares with its in-process API calls (ADR 0032).
    const reads = new RequestReads();
    res.once("close", () => reads.close());
    res.once("finish", () => {
      const route = req.routePattern ?? (req.path.startsWith("/assets/") ? "/assets/*" : routeOf(req.path));
      const labels = { method: req.method, route, status: String(res.statusCode) };
      httpRequests.inc(labels);
      end(labels);
    });
    runWithWork({ requestId, reads }, next);
  });

  return {
    setBuild(build) {
      const tree = routeTree(build);
      // matchRoutes flattens and ranks the whole tree on every call (~1.5 ms, a fifth of a bare
      // page's server time): each path's pattern is remembered, in a bounded map since paths
      // carry ids.
      const patterns = new Map<string, string>();
      routeOf = (path) => {
        let pattern = patterns.get(path);
        if (pattern === undefined) {
          const matches = matchRoutes(tree, path);
          pattern = matches ? `/${matches.map((m) => m.route.path ?? "").filter(Boolean).join("/")}`.replace(/\/+/g, "/") : "(unmatched)";
          if (patterns.size >= ROUTE_PATTERNS_REMEMBERED) patterns.clear();
          patterns.set(path, pattern);
        }
        return pattern;
      };
    },
  };
}

/** How many paths' route patterns are remembered before the map starts again. */
const ROUTE_PATTERNS_REMEMBERED = 2_000;

/** React Router's flat route manifest as the nested tree matchRoutes reads. */
function routeTree(build: ServerBuild): RouteObject[] {
  const children = new Map<string | undefined, RouteObject[]>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const list = children.get(route.parentId) ?? [];
    list.push({ id: route.id, path: route.path, index: route.index, caseSensitive: route.caseSensitive } as RouteObject);
    children.set(route.parentId, list);
  }
  const attach = (nodes: RouteObject[]): RouteObject[] =>
    nodes.map((n) => (n.index ? n : ({ ...n, children: attach(children.get(n.id) ?? []) } as RouteObject)));
  return attach(children.get(undefined) ?? []);
}
