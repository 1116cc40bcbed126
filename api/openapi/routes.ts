import { ownValue } from "#domain/lookup.ts";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "#api/context.ts";
import { notFound } from "#api/errors.ts";
import { docs } from "./describe.ts";
import { documentOf } from "./document.ts";

/** The document itself: an OpenAPI 3.1 object (its full schema is the OpenAPI specification's). */
const openApiAnswer = z.looseObject({ openapi: z.literal("3.1.0"), info: z.looseObject({ title: z.string(), version: z.string() }), paths: z.record(z.string(), z.looseObject({})) });

const doc = docs("Reference");
const SWAGGER_UI = dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));

/** The reference page's own policy: scripts and styles from here only, no inline script, no network but this origin. */
export const DOCS_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  // Swagger UI sets style attributes.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Tarifa API reference</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
<link rel="icon" type="image/png" href="/api/docs/favicon-32x32.png">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body>
</html>
`;

/** Starts Swagger UI on our document; a file, not an inline script, so the page needs no nonce. */
const INIT = `window.ui = SwaggerUIBundle({
  url: "/api/openapi.json",
  dom_id: "#swagger-ui",
  deepLinking: true,
  validatorUrl: null,
  withCredentials: true,
  presets: [SwaggerUIBundle.presets.apis],
});
`;

/** The files of swagger-ui-dist the page loads, and their types; nothing else is served from the package. */
const ASSETS: Record<string, string> = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
  "favicon-32x32.png": "image/png",
};
const assetCache = new Map<string, Promise<Buffer>>();
const asset = (name: string) => {
  let found = assetCache.get(name);
  if (!found) assetCache.set(name, (found = readFile(join(SWAGGER_UI, name))));
  return found;
};

const pageHeaders = (type: string) => ({
  "content-type": type,
  "content-security-policy": DOCS_CONTENT_SECURITY_POLICY,
  "cache-control": "public, max-age=3600",
});

/** GET /api/openapi.json and the interactive reference at /api/docs (Swagger UI from our own node_modules, no CDN). */
export function openApiRoutes(app: Hono<any, any, any>) {
  return new Hono<ApiEnv>()
    .get("/openapi.json", doc({ summary: "This document (OpenAPI 3.1)", response: openApiAnswer }), async (c) => c.json(await documentOf(app)))
    .get("/docs", doc({ summary: "The interactive reference (HTML)", produces: "text/html" }), (c) => c.body(PAGE, 200, pageHeaders("text/html; charset=utf-8")))
    .get("/docs/init.js", doc({ summary: "The reference page's start-up script", produces: "text/javascript" }), (c) =>
      c.body(INIT, 200, pageHeaders("text/javascript; charset=utf-8")),
    )
    .get("/docs/:file", doc({ summary: "A Swagger UI asset of the reference page", produces: "application/octet-stream" }), async (c) => {
      const name = c.req.param("file");
      const type = ownValue(ASSETS, name);
      if (!type) throw notFound();
      return c.body(new Uint8Array(await asset(name)), 200, pageHeaders(type));
    });
}
