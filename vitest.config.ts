import { configDefaults, defineConfig } from "vitest/config";

// Kept apart from vite.config.ts so the React Router plugin does not load under Vitest.
// Property tests print a seed that replays a failure (FC_SEED / FC_PATH).
const setupFiles = ["tests/helpers/fast-check-replay.ts"];

/** What every project on a database shares: the run's migrated and seeded copy, and time for it on two busy cores. */
const databaseProject = {
  environment: "node" as const,
  setupFiles,
  globalSetup: ["tests/helpers/global-setup.ts"],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

/**
 * The API test files run again on a real PostgreSQL server by .ci/run (`--project postgres`): the
 * ones where the database can answer differently from the embedded one. PGlite is the same
 * PostgreSQL, so what differs is what goes around it: several connections at once (locks, races,
 * SKIP LOCKED queues, two processes, a crash), the driver's typing of parameters and
 * results (every field, hostile input, array and numeric round trips), and long SQL. The whole API
 * suite still runs on PostgreSQL with `TEST_DATABASE_URL=… npx vitest run --project api`.
 */
const differsByDatabase = [
  // several connections or processes at once
  "bookings-concurrency", "billing-subscribe", "booking-engine", "daily-commands", "ical", "jobs-queue",
  "jobs-request-id", "channels-workers", "channels-push", "crash-restart", "data-version", "stay-rules-suggestion",
  // the driver's parameters and results: every field, hostile input
  "openapi-fuzz", "openapi-valid-requests", "input-edge", "input-edge-every-field", "edges-from-outside", "app-state",
  // long SQL: arrays, aggregates, dates
  "imports", "reports", "reports-exports", "books-as-of", "metrics-blocks", "tracking", "forecast-scorecard", "activity-log",
].map((name) => `tests/api/${name}.test.ts`);

/**
 * API test files that replace a module with `vi.mock`: a replacement applies only where the module is
 * loaded afresh, so these run isolated (project api-mocks). The rest of the API suite shares each
 * worker's loaded modules between files (`isolate: false`): every file still gets a database and an
 * API of its own (tests/helpers/api.ts), and loading the whole API once per worker instead of once per
 * file saves about 2 s of CPU a file. A file that mocks a module and is not listed here fails (its
 * mock never applies), which is how it is noticed.
 */
const MOCKING_FILES = ["accounts-session", "reservation-codes"].map((name) => `tests/api/${name}.test.ts`);

/** The route tests that start the real server (tests/helpers/real-server.ts), in development mode. */
const REAL_SERVER_FILES = "tests/routes/**/*-server.test.ts";

/** Only with a server to run on: otherwise these files would run twice on the embedded database. */
const postgresProject = {
  test: {
    name: "postgres",
    include: differsByDatabase,
    isolate: false,
    ...databaseProject,
  },
};

export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: one worker on a 2-core CI machine, so the
    // suites ran one file at a time (12.7 min). Each test file has a database of its own, so all
    // cores take files.
    maxWorkers: "100%",
    projects: [
      // Property tests draw hundreds of cases: 5 s (the default) is not enough on two busy cores.
      { test: { name: "unit", include: ["domain/**/*.test.ts", "tests/unit/**/*.test.ts"], environment: "node", setupFiles, testTimeout: 30_000 } },
      {
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          exclude: [...configDefaults.exclude, ...MOCKING_FILES],
          isolate: false,
          ...databaseProject,
        },
      },
      {
        test: {
          name: "api-mocks",
          include: MOCKING_FILES,
          ...databaseProject,
        },
      },
      ...(process.env.TEST_DATABASE_URL ? [postgresProject] : []),
      {
        test: {
          name: "routes",
          include: ["tests/routes/**/*.test.ts"],
          exclude: [...configDefaults.exclude, REAL_SERVER_FILES],
          // As the API's: modules loaded once per worker (no route test file mocks a module).
          isolate: false,
          ...databaseProject,
        },
      },
      {
        // One file at a time: each starts the real server in development mode, whose Vite dev server
        // (React Router's plugin) regenerates .react-router/types and opens the HMR port; two at once
        // raced on that directory (ENOTEMPTY, an unhandled error that failed a CI run) and the port.
        test: {
          name: "routes-server",
          include: [REAL_SERVER_FILES],
          fileParallelism: false,
          ...databaseProject,
        },
      },
    ],
  },
});
