import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";

/** How long a refused upload may keep sending before its connection is cut. */
export const LINGER_MS = 5_000;

const BODYLESS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * An answer written before its request's body was read to the end (a 413, 403 or 415 refusal)
 * closes the connection, or the unread rest would be taken for the next request on it.
 * Closing at once would make the kernel reset the connection while the client is still
 * sending, and the client could lose the answer; so the server stops writing (FIN after the
 * answer), throws away whatever still arrives, and closes when the client stops or after
 * LINGER_MS — memory does not grow with what is thrown away.
 */
export function closeIfBodyUnread(req: IncomingMessage, res: ServerResponse): void {
  if (BODYLESS.has(req.method ?? "GET") || req.complete) return;
  res.setHeader("Connection", "close");
  const socket = req.socket as Socket & { destroySoon?: () => void };
  // Node calls destroySoon() once a `Connection: close` answer is written.
  socket.destroySoon = () => {
    socket.end();
    const close = () => {
      clearTimeout(timer);
      socket.destroy();
    };
    const timer = setTimeout(close, LINGER_MS);
    timer.unref();
    socket.once("end", close);
    socket.once("error", close);
    // The readers of the refused body are gone: drop their listeners and let the rest flow away.
    req.removeAllListeners("data");
    req.on("error", () => undefined);
    req.resume();
  };
}
