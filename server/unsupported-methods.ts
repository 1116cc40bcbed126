import type { RequestHandler } from "express";

/** What the pages answer: reads, and forms posted to their action. */
const PAGE_METHODS = ["GET", "HEAD", "POST"];
/** Methods a standard `Request` can carry; TRACE, CONNECT, TRACK and the rest never reach the app. */
const HANDLED = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/**
 * A method neither the API nor the pages have (TRACE, CONNECT, PROPFIND…) answers 405 with the
 * path's `Allow` (RFC 9110 §15.5.6), before anything tries to build a web `Request` from it.
 * `apiMethods` names the methods of an API path (none: the path does not exist, 404).
 */
export function refuseUnsupportedMethods(apiMethods?: (path: string) => string[]): RequestHandler {
  return (req, res, next) => {
    if (HANDLED.has(req.method)) return next();
    const isApi = apiMethods && (req.path === "/api" || req.path.startsWith("/api/"));
    const allow = isApi ? apiMethods(req.path) : PAGE_METHODS;
    if (allow.length === 0) return void res.status(404).type("text/plain").send("Not Found");
    res.status(405).set("Allow", allow.join(", ")).type("text/plain").send("Method Not Allowed");
  };
}
