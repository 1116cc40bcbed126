import { ApiError, translateFailure } from "./errors.server.ts";
import { targetUrl, type Query } from "./request.server.ts";
import { send, type Sending } from "./send.server.ts";

/**
 * JSON calls of one page request: identical concurrent calls shared into one, a successful GET
 * kept for the rest of the request, and each caller handed its own copy of the answer.
 */
export function jsonCalls(sending: Sending) {
  const inFlight = new Map<string, Promise<unknown>>();

  async function read<T>(method: string, path: string, query: Query | undefined, body: unknown): Promise<T> {
    const { response, done, within } = await send(sending, method, path, query, body);
    try {
      const text = await within(response.text());
      return (text ? JSON.parse(text) : undefined) as T;
    } catch (error) {
      // A success we cannot read is the upstream's fault, as a gateway would say.
      if (error instanceof SyntaxError) throw new ApiError(502, sending.t("client.other", { ns: "errors" }));
      throw translateFailure(error, sending.t);
    } finally {
      done();
    }
  }

  return async function json<T>(method: string, path: string, query: Query | undefined, body: unknown): Promise<T> {
    // A FormData body has no cheap identity; uploads are never shared.
    if (body instanceof FormData) return read<T>(method, path, query, body);
    const key = JSON.stringify([method, targetUrl(path, query), body ?? null, sending.token ?? null, sending.locale]);
    // Any change may alter what a GET answers: a write forgets the GETs this page already read.
    if (method !== "GET") for (const k of [...inFlight.keys()]) if (k.startsWith('["GET"')) inFlight.delete(k);
    let shared = inFlight.get(key);
    if (!shared) {
      // A successful GET is kept for the rest of this page request (the layout, the guard and the
      // page often read the same thing); other answers are shared only while in flight.
      shared = read<unknown>(method, path, query, body);
      inFlight.set(key, shared);
      const forget = () => inFlight.delete(key);
      if (method === "GET") shared.catch(forget);
      else shared.then(forget, forget);
    }
    const data = await shared;
    return (data === undefined ? undefined : structuredClone(data)) as T;
  };
}
