import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface Hit {
  method: string;
  path: string;
  search: string;
  headers: IncomingMessage["headers"];
  body: Buffer;
}

export type Handler = (req: IncomingMessage, res: ServerResponse, hit: Hit, count: number) => void;

/**
 * A throwaway HTTP server on 127.0.0.1 with a random port. Each path gets a handler; every
 * request is recorded (method, path, headers, body) and counted per path.
 */
export async function startStatusServer(routes: Record<string, Handler>) {
  const hits: Hit[] = [];
  const counts = new Map<string, number>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const hit: Hit = { method: req.method ?? "", path: url.pathname, search: url.search, headers: req.headers, body: Buffer.concat(chunks) };
      hits.push(hit);
      const count = (counts.get(url.pathname) ?? 0) + 1;
      counts.set(url.pathname, count);
      const handler = routes[url.pathname];
      if (handler) handler(req, res, hit, count);
      else json(res, 404, { message: "no route" });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    hits,
    /** How many requests reached `path`. */
    count: (path: string) => counts.get(path) ?? 0,
    reset() {
      hits.length = 0;
      counts.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "Content-Type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}
