import type { EventEmitter } from "node:events";
import type { RequestHandler } from "express";

type Listener = (...args: unknown[]) => void;

/**
 * Placed right after `compression()`. That middleware forwards `res.on("drain")` to its zlib
 * stream but leaves `res.once`, `res.off` and `res.removeListener` on the response
 * (expressjs/compression#135, #152). React Router writes a streamed page with
 * `res.once("drain", …)` then `res.off("drain", …)` each time a write meets back-pressure, so each
 * wait left one listener on the Gzip stream for the rest of the answer: a large page sent to a
 * slow reader gathered dozens ("MaxListenersExceededWarning … [Gzip]") and kept every closure.
 * Here `once` and `off` for "drain" reach the stream the listener was really added to.
 */
export const drainListenersFollowCompression: RequestHandler = (_req, res, next) => {
  const on = res.on;
  const once = res.once;
  const removeListener = res.removeListener;
  const added = new Map<Listener, { target: EventEmitter; wrapper: Listener }[]>();
  const forget = (listener: Listener) => {
    const entries = added.get(listener);
    const entry = entries?.shift();
    if (entries?.length === 0) added.delete(listener);
    return entry;
  };

  res.once = function (this: typeof res, event: string | symbol, listener: Listener) {
    if (event !== "drain") return once.call(this, event, listener);
    const wrapper: Listener = (...args) => {
      forget(listener)?.target.removeListener("drain", wrapper);
      listener.apply(this, args);
    };
    // compression's `on` answers its zlib stream once there is one (EventEmitter#on returns its target).
    const target = on.call(this, "drain", wrapper) as EventEmitter;
    added.set(listener, [...(added.get(listener) ?? []), { target, wrapper }]);
    return this;
  } as typeof res.once;

  const off = function (this: typeof res, event: string | symbol, listener: Listener) {
    const entry = event === "drain" ? forget(listener) : undefined;
    if (!entry) return removeListener.call(this, event, listener);
    entry.target.removeListener("drain", entry.wrapper);
    return this;
  } as typeof res.removeListener;
  res.removeListener = off;
  res.off = off;
  next();
};
