import { pino } from "pino";
import { getConfig } from "../config.ts";

/** Structured JSON logs, one line per event, on stdout. */
export const logger = pino({
  level: process.env.VITEST ? "silent" : getConfig().LOG_LEVEL,
  base: undefined,
  redact: ["req.headers.authorization", "req.headers.cookie", "password", "token"],
});
