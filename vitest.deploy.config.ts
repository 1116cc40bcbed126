import { defineConfig } from "vitest/config";

/**
 * The deployment test (tests/deploy): two `npm start` processes on the PostgreSQL server behind
 * nginx. Run by .ci/run after the production build: `npx vitest run -c vitest.deploy.config.ts`.
 */
export default defineConfig({
  test: {
    name: "deploy",
    include: ["tests/deploy/**/*.test.ts"],
    environment: "node",
    // nginx serves the test's self-signed certificate.
    env: { NODE_TLS_REJECT_UNAUTHORIZED: "0" },
    testTimeout: 60_000,
    hookTimeout: 240_000,
    fileParallelism: false,
  },
});
