import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

// The house rule for imports (ADR 0037): a module reaches another folder through its floor's alias
// (#app/…, #api/…, #contract/…, #domain/…, #server/…, #tests/…), never by climbing with "../";
// "./x" stays for a neighbour in the same folder. The rule is a test so `npm test` enforces it.
const root = join(import.meta.dirname, "..", "..");
const floors = ["app", "api", "contract", "domain", "server", "tests", "bench", "scripts", "locales"];
const specifier = /(?:from|import|vi\.mock|vi\.importActual|require)\s*\(?\s*["']([^"']+)["']/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "node_modules" ? [] : sourceFiles(path);
    return /\.(ts|tsx|mts|mjs)$/.test(name) ? [path] : [];
  });
}

function offending(text: string): string[] {
  return [...text.matchAll(specifier)].map((m) => m[1]).filter((s) => s.startsWith("../") || s.startsWith("~/"));
}

describe("import style", () => {
  it("finds a climbing import when there is one (the rule can fail)", () => {
    expect(offending(`import { a } from "${"..".concat("/lib/a")}";\nimport b from "./b";\nconst c = await import("${"~".concat("/c")}");`)).toEqual(["../lib/a", "~/c"]);
  });

  it("no module climbs out of its folder: other folders are reached through the aliases", () => {
    const found = floors
      .flatMap((floor) => sourceFiles(join(root, floor)))
      .filter((file) => file !== import.meta.filename)
      .flatMap((file) => offending(readFileSync(file, "utf8")).map((s) => `${relative(root, file)}: ${s}`));
    expect(found).toEqual([]);
  });
});
