import { defineConfig } from "vitest/config";

// Kept apart from vite.config.ts so the React Router plugin does not load under Vitest.
// Property tests print a seed that replays a failure (FC_SEED / FC_PATH).
const setupFiles = ["tests/helpers/fast-check-replay.ts"];

export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: one worker on a 2-core CI machine, so the
    // suites ran one file at a time (12.7 min). Test files are isolated (a database each), so all
    // cores take files.
    maxWorkers: "100%",
    projects: [
      { test: { name: "unit", include: ["domain/**/*.test.ts", "tests/unit/**/*.test.ts"], environment: "node", setupFiles } },
      {
              test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          environment: "node",
          setupFiles,
          globalSetup: ["tests/helpers/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
              test: {
          name: "routes",
          include: ["tests/routes/**/*.test.ts"],
          environment: "node",
          setupFiles,
          globalSetup: ["tests/helpers/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
