/**
 * `npm test`: the type check, Vitest, the production build, then Playwright against that build.
 *
 * The type check and the build each keep about one core busy and Vitest both, so the two run beside
 * Vitest (their output held back, and printed after it when they fail) instead of before it with a
 * core idle (ADR 0065). The outcome is the same as running them one after another: any failure
 * fails the run, and Playwright runs only when all three passed. Each step prints how long it took.
 */
import { spawn } from "node:child_process";

const windows = process.platform === "win32";

/** Runs `npx …args` (or `npm …` when `args[0]` is "npm"); with `quiet`, its output is kept and handed back instead of shown as it comes. */
function run(name, args, { quiet = false } = {}) {
  const started = Date.now();
  const [command, rest] = args[0] === "npm" ? [windows ? "npm.cmd" : "npm", args.slice(1)] : [windows ? "npx.cmd" : "npx", args];
  const child = spawn(command, rest, { stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit", env: process.env });
  let output = "";
  if (quiet) {
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
  }
  return new Promise((resolve) => {
    child.on("error", (error) => resolve({ name, code: 1, output: `${output}${error.message}\n`, seconds: 0 }));
    child.on("close", (code, signal) => resolve({ name, code: code ?? (signal ? 1 : 0), output, seconds: Math.round((Date.now() - started) / 1000) }));
  });
}

/** Prints a step's time, and its held-back output when it failed; true when it passed. */
function report(step) {
  if (step.code !== 0 && step.output) process.stdout.write(step.output.endsWith("\n") ? step.output : `${step.output}\n`);
  console.log(`== ${step.name}: ${step.code === 0 ? "passed" : `failed (exit ${step.code})`} in ${step.seconds} s`);
  return step.code === 0;
}

const typegen = await run("route types", ["react-router", "typegen"], { quiet: true });
if (!report(typegen)) process.exit(1);

console.log("== type check and production build beside Vitest (their output, if they fail, follows Vitest's)");
const typecheck = run("type check (tsc --noEmit)", ["tsc", "--noEmit"], { quiet: true });
const build = run("production build (npm run build)", ["npm", "run", "build"], { quiet: true });
const vitest = report(await run("Vitest", ["vitest", "run"]));
const checked = report(await typecheck);
const built = report(await build);
if (!(vitest && checked && built)) process.exit(1);

const e2e = report(await run("Playwright e2e", ["playwright", "test"]));
process.exit(e2e ? 0 : 1);
