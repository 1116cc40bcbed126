/**
 * How the web reaches the API: a fetch function. Server glue picks it (the Hono app's own `fetch`
 * when the API is embedded, HTTP to API_BASE_URL otherwise) and hands it to the web's loaders and
 * actions through React Router's load context (server/upstream.ts, docs/decisions/0036-contract-floor-and-load-context.md).
 */
export type Upstream = (request: Request) => Promise<Response>;
