import { existsSync } from "node:fs";
import { cruise, type ICruiseResult, type IViolation } from "dependency-cruiser";
import { describe, expect, it } from "vitest";
import { CRUISED, forbidden, options } from "./import-rules.ts";

/** The violations of the rules, as "rule: from → to (cycle)" lines a failure prints whole. */
async function violations(roots: string[], rules = forbidden): Promise<{ errors: string[]; warnings: string[] }> {
  const result = (await cruise(roots, { ...options, ruleSet: { forbidden: rules } })).output as ICruiseResult;
  const line = (v: IViolation) => `${v.rule.name}: ${v.from} → ${v.to}${v.cycle ? ` (${v.cycle.map((step) => step.name).join(" → ")})` : ""}`;
  const of = (severity: string) => result.summary.violations.filter((v) => v.rule.severity === severity).map(line);
  return { errors: of("error"), warnings: of("warn") };
}

describe("import rules (tests/unit/import-rules.ts)", () => {
  it("finds no cycle and no import across a floor in app/, api/, server/, contract/ and domain/", async () => {
    const { errors, warnings } = await violations(CRUISED.filter((root) => existsSync(root)));
    if (warnings.length) console.warn(`${warnings.length} import warnings (rules at severity warn):\n${warnings.join("\n")}`);
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
