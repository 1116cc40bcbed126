import { existsSync } from "node:fs";
import { cruise, type ICruiseResult, type IViolation } from "dependency-cruiser";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";
import { describe, expect, it } from "vitest";
import { CRUISED, forbidden, options } from "./import-rules.ts";

/** tsconfig.json flattened, for the cruiser's own TypeScript pass. */
const tsConfig = extractTSConfig("tsconfig.json");

/** The violations of the rules, as "rule: from → to (cycle)" lines a failure prints whole. */
async function violations(roots: string[], rules = forbidden): Promise<{ errors: string[]; warnings: string[]; unresolved: string[] }> {
  const result = (await cruise(roots, { ...options, ruleSet: { forbidden: rules } }, undefined, { tsConfig })).output as ICruiseResult;
  const line = (v: IViolation) => `${v.rule.name}: ${v.from} → ${v.to}${v.cycle ? ` (${v.cycle.map((step) => step.name).join(" → ")})` : ""}`;
  const of = (severity: string) => result.summary.violations.filter((v) => v.rule.severity === severity).map(line);
  // An alias the cruiser cannot follow would hide its edges from every rule: none may be left.
  const unresolved = result.modules.flatMap((m) =>
    m.dependencies.filter((d) => d.couldNotResolve && d.module.startsWith("#")).map((d) => `${m.source} → ${d.module}`),
  );
  return { errors: of("error"), warnings: of("warn"), unresolved };
}

describe("import rules (tests/unit/import-rules.ts)", () => {
  it("finds no cycle and no import across a floor in app/, api/, server/, contract/ and domain/", async () => {
    const { errors, warnings, unresolved } = await violations(CRUISED.filter((root) => existsSync(root)));
    if (warnings.length) console.warn(`${warnings.length} import warnings (rules at severity warn):\n${warnings.join("\n")}`);
    expect(unresolved).toEqual([]);
    expect(errors).toEqual([]);
  }, 60_000);

  it("catches a file cycle and the folder that imports itself through it", async () => {
    const rules = forbidden.map((rule) => ({ ...rule, from: { ...rule.from, path: "^tests/unit/fixtures/" } }));
    const { errors } = await violations(["tests/unit/fixtures/import-cycle"], rules);
    expect(errors).toContain(
      "no-file-cycle: tests/unit/fixtures/import-cycle/a.ts → tests/unit/fixtures/import-cycle/b.ts (tests/unit/fixtures/import-cycle/b.ts → tests/unit/fixtures/import-cycle/a.ts)",
    );
  });
});
