import type { ICruiseOptions, IForbiddenRuleType } from "dependency-cruiser";

/**
 * The floors of the code base as dependency-cruiser rules (docs/architecture.md), checked by
 * tests/unit/import-rules.test.ts on every `npm test`. Type-only imports count: a cycle of types
 * ties the modules together as much as a cycle of values.
 */

/** The folders the rules look at (those that exist). */
export const CRUISED = ["app", "api", "server", "server.ts", "contract", "domain"];

/** Where a cycle is an error; app/ has one left that its owner breaks (see the warn rules). */
const FLOORS_WITHOUT_CYCLES = "^(api|server|contract|domain)/";

export const forbidden: IForbiddenRuleType[] = [
  {
    name: "no-file-cycle",
    comment: "A file cycle in api/, server/, contract/ or domain/: modules that cannot be read, tested or loaded one without the other.",
    severity: "error",
    from: { path: FLOORS_WITHOUT_CYCLES },
    to: { circular: true },
  },
  {
    name: "no-folder-cycle",
    comment: "Two folders of api/, server/, contract/ or domain/ that import each other (through any path): neither is a layer.",
    severity: "error",
    scope: "folder",
    from: { path: FLOORS_WITHOUT_CYCLES },
    to: { circular: true },
  },
  {
    // lead: make this error after merging i23-contract (app/lib/guard.server ↔ request-context.server is broken there).
    name: "no-file-cycle-in-app",
    severity: "warn",
    from: { path: "^app/" },
    to: { circular: true },
  },
  {
    // lead: make this error after merging i23-contract.
    name: "no-folder-cycle-in-app",
    severity: "warn",
    scope: "folder",
    from: { path: "^app/" },
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
    name: "api-does-not-import-the-web",
    comment: "The API answers any client: it never imports the web app.",
    severity: "error",
    from: { path: "^api/" },
    to: { path: "^app/" },
  },
  {
    // lead: make this error after merging i23-contract (app/ then reaches the API's answers through contract/).
    name: "web-does-not-import-the-api",
    comment: "The web app talks to the API over HTTP and shares only contract/ and domain/ with it.",
    severity: "warn",
    from: { path: "^app/" },
    to: { path: "^api/" },
  },
];

export const options: ICruiseOptions = {
  validate: true,
  ruleSet: { forbidden },
  // Types tie modules together too (and `import type` is erased before the other resolutions run).
  tsPreCompilationDeps: true,
  doNotFollow: { path: "node_modules" },
  // Tests may import across floors (a domain test reads the locales); generated route types are not ours.
  exclude: { path: "node_modules|\\.react-router/|^build/|\\.test\\.tsx?$" },
};
