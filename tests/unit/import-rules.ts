import type { ICruiseOptions, IForbiddenRuleType } from "dependency-cruiser";

/**
 * The floors of the code base as dependency-cruiser rules (docs/architecture.md), checked by
 * tests/unit/import-rules.test.ts on every `npm test`. Type-only imports count: a cycle of types
 * ties the modules together as much as a cycle of values.
 */

/** The folders the rules look at (those that exist). */
export const CRUISED = ["app", "api", "server", "server.ts", "contract", "domain"];

/** Every floor: a cycle anywhere is an error. */
const FLOORS_WITHOUT_CYCLES = "^(app|api|server|contract|domain)/";

export const forbidden: IForbiddenRuleType[] = [
  {
    name: "no-file-cycle",
    comment: "A file cycle: modules that cannot be read, tested or loaded one without the other.",
    severity: "error",
    from: { path: FLOORS_WITHOUT_CYCLES },
    to: { circular: true },
  },
  {
    name: "no-folder-cycle",
    comment: "Two folders that import each other (through any path): neither is a layer.",
    severity: "error",
    scope: "folder",
    from: { path: FLOORS_WITHOUT_CYCLES },
    to: { circular: true },
  },
  {
    name: "domain-is-the-ground-floor",
    comment: "domain/ is pure rules: it imports nothing of the web, the API or the server.",
    severity: "error",
    from: { path: "^domain/" },
    to: { path: "^(app|api|server|contract)/|^server\\.ts$" },
  },
  {
    name: "contract-stands-on-domain-only",
    comment: "contract/ is the answers both sides agree on: it imports domain/ and libraries, nothing of the web, the API or the server.",
    severity: "error",
    from: { path: "^contract/" },
    to: { path: "^(app|api|server)/|^server\\.ts$" },
  },
  {
    name: "api-does-not-import-the-web",
    comment: "The API answers any client: it never imports the web app.",
    severity: "error",
    from: { path: "^api/" },
    to: { path: "^app/" },
  },
  {
    name: "web-does-not-import-the-api",
    comment: "The web app talks to the API over HTTP and shares only contract/ and domain/ with it.",
    severity: "error",
    from: { path: "^app/" },
    to: { path: "^api/" },
  },
];

export const options: ICruiseOptions = {
  validate: true,
  ruleSet: { forbidden },
  // Types tie modules together too (and `import type` is erased before the other resolutions run).
  tsPreCompilationDeps: true,
  // The aliases (#app/…) resolve through tsconfig.json's paths, as tsc resolves them.
  tsConfig: { fileName: "tsconfig.json" },
  doNotFollow: { path: "node_modules" },
  // Tests may import across floors (a domain test reads the locales); generated route types are not ours.
  exclude: { path: "node_modules|\\.react-router/|^build/|\\.test\\.tsx?$" },
};
