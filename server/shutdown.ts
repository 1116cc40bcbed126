import type { Server } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { logger } from "#api/logger.ts";
import { markDraining } from "#api/observability/lifecycle.ts";

/**
 * Graceful shutdown of one process (docs/deploy.md, ADR 0028): on SIGTERM it stops accepting
 * connections, answers the requests in flight (each with `Connection: close`, so the proxy opens
 * its next connection to another process), waits for them up to a deadline, then lets the
 * caller stop the job queue and close the database.
 */
export interface Drain {
  /** Express middleware counting the requests in flight; mount it first. */
  track(req: Request, res: Response, next: NextFunction): void;
  /** Stops accepting and waits for the requests in flight (at most `deadlineMs`, then cuts them). */
  drain(deadlineMs: number): Promise<{ cut: number }>;
}

export function drainable(server: () => Server | undefined): Drain {
  const inFlight = new Set<Response>();
  let draining = false;
  let idle: (() => void) | undefined;
  return {
    track(req, res, next) {
      inFlight.add(res);
      if (draining) res.setHeader("Connection", "close");
      res.once("close", () => {
        inFlight.delete(res);
        if (draining) server()?.closeIdleConnections?.();
        if (inFlight.size === 0) idle?.();
      });
      next();
    },
    async drain(deadlineMs) {
      draining = true;
      markDraining();
      // Answers still to come close their connection: the proxy's next request opens a new one elsewhere.
      for (const res of inFlight) if (!res.headersSent) res.setHeader("Connection", "close");
      const s = server();
      if (!s) return { cut: 0 };
      const closed = new Promise<void>((done) => s.close(() => done()));
      s.closeIdleConnections?.();
      const finished = inFlight.size === 0 ? Promise.resolve() : new Promise<void>((done) => (idle = done));
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<"late">((done) => (timer = setTimeout(() => done("late"), deadlineMs)));
      const outcome = await Promise.race([finished.then(() => "done" as const), late]);
      clearTimeout(timer);
      const cut = outcome === "late" ? inFlight.size : 0;
      if (cut) logger.warn({ msg: "shutdown deadline reached: cutting requests in flight", requests: cut });
      s.closeAllConnections?.();
      await closed;
      return { cut };
    },
  };
}

/** Runs `stop` once on the first SIGTERM or SIGINT, then exits (1 when stopping failed). */
export function onTerminate(stop: () => Promise<void>): void {
  let stopping = false;
  const handler = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ msg: "shutting down", signal, pid: process.pid });
    stop().then(
      () => {
        logger.info({ msg: "stopped", pid: process.pid });
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ msg: "shutdown failed", err: error });
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", handler);
  process.on("SIGINT", handler);
}
