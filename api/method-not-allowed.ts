import type { Hono } from "hono";

/**
 * The methods a path has, read from the app's own routes (middleware registered for every method
 * is not a route). An unmatched request whose path has other methods answers 405 with `Allow`
 * (RFC 9110 §15.5.6) instead of 404; a path no route has stays 404.
 */
export function allowedMethodsOf(app: Hono<any, any, any>): (path: string) => string[] {
  let patterns: { method: string; pattern: RegExp }[] | undefined;
  return (path) => {
    patterns ??= app.routes
      .filter((route) => route.method !== "ALL" && !route.path.includes("*"))
      .map((route) => ({ method: route.method, pattern: patternOf(route.path) }));
    const methods = new Set(patterns.filter(({ pattern }) => pattern.test(path)).map(({ method }) => method));
    if (methods.size === 0) return [];
    if (methods.has("GET")) methods.add("HEAD");
    return [...methods].sort();
  };
}

/** `/api/v1/businesses/:id/rooms` → a regular expression matching one segment per parameter. */
function patternOf(path: string): RegExp {
  const source = path
    .split("/")
    .map((part) => (part.startsWith(":") ? "[^/]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("/");
  return new RegExp(`^${source}/?$`);
}
