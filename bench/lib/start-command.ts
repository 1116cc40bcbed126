import { readFileSync } from "node:fs";

/**
 * `npm start`'s node options and script, read from package.json (e.g. the heap cap of ADR 0029),
 * so what is measured or tested is started exactly as `npm start` starts it, without npm between.
 */
export function npmStartArgs(): string[] {
  const { scripts } = JSON.parse(readFileSync("package.json", "utf8")) as { scripts: { start: string } };
  const [program, ...args] = scripts.start.trim().split(/\s+/);
  if (program !== "node") throw new Error(`npm start runs ${program}, not node`);
  return args;
}
