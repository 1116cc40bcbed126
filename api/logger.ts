import { pino } from "pino";
import { getConfig } from "#config";
import { currentWork } from "./observability/request-context.ts";

/**
 * Structured JSON logs, one line per event, on stdout; each line of a request's or a job's work
 * carries its request_id (and job, job_id) from the async context (api/observability/request-context.ts).
 */
export const logger = pino({
  level: process.env.VITEST ? "silent" : getConfig().LOG_LEVEL,
  base: undefined,
  timestamp: pino.stdTimeFunctions.isoTime,
  redact: ["req.headers.authorization", "req.headers.cookie", "password", "token"],
  mixin() {
    const work = currentWork();
    if (!work) return {};
    return work.jobId ? { request_id: work.requestId, job: work.job, job_id: work.jobId } : { request_id: work.requestId };
  },
});
