/**
 * How the web reaches the upstream API: the Hono app's own `fetch` when the API is
 * embedded (no socket, same bytes), or HTTP to API_BASE_URL. server.ts and the tests set it;
 * a global symbol is used because server.ts and the built app are separate module graphs.
 */
export type Upstream = (request: Request) => Promise<Response>;

const KEY = Symbol.for("tarifa.upstream");
type Holder = { [KEY]?: Upstream };

export function setUpstream(upstream: Upstream): void {
  (globalThis as Holder)[KEY] = upstream;
}

export function getUpstream(): Upstream {
  const upstream = (globalThis as Holder)[KEY];
  if (!upstream) throw new Error("The upstream API is not configured (setUpstream was not called).");
  return upstream;
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
