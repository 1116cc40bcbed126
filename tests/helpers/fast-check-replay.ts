// Every property test's failure prints the seed and path that replay it, and FC_SEED / FC_PATH
// replay one: `FC_SEED=-143005814 npx vitest run domain/pricing/properties.test.ts`.
import fc from "fast-check";
import { expect } from "vitest";

const seed = process.env.FC_SEED;
const path = process.env.FC_PATH;

fc.configureGlobal({
  ...(seed ? { seed: Number(seed) } : {}),
  ...(path ? { path } : {}),
  reporter(details) {
    if (!details.failed) return;
    const { testPath, currentTestName } = expect.getState();
    const file = testPath?.replace(`${process.cwd()}/`, "") ?? "";
    // FC_PATH belongs to this one property, so the command runs this test alone (-t).
    const name = currentTestName ? ` -t ${JSON.stringify(currentTestName.split(" > ").at(-1))}` : "";
    const replay = `FC_SEED=${details.seed}${details.counterexamplePath ? ` FC_PATH="${details.counterexamplePath}"` : ""} npx vitest run ${file}${name}`;
    throw new Error(`${fc.defaultReportMessage(details)}\n\nReplay with: ${replay}`, { cause: details.errorInstance });
  },
});
