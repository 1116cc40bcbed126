import { format } from "node:util";
import { logger } from "#api/logger.ts";

/**
 * Makes console.log/info/warn/error write JSON log lines through pino, so a serving process writes
 * nothing else on stdout (libraries and React Router's render errors included; ADR 0028).
 */
export function jsonConsole(): void {
  const line = (level: "info" | "warn" | "error") => (...args: unknown[]) => {
    const error = args.find((a): a is Error => a instanceof Error);
    const text = format(...args);
    if (error) logger[level]({ msg: text, err: error });
    else logger[level](text);
  };
  console.log = line("info");
  console.info = line("info");
  console.warn = line("warn");
  console.error = line("error");
  console.debug = (...args: unknown[]) => logger.debug(format(...args));
}
