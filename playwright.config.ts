import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";

// Playwright cannot download browsers on these machines: use Debian's Chromium when present.
const executablePath =
  process.env.PLAYWRIGHT_CHROMIUM_PATH ?? (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);
const port = Number(process.env.E2E_PORT ?? 3900);
const baseURL = `http://localhost:${port}`;
/** Where tests/e2e/channels.spec.ts runs its fake Channex (the server pushes there). */
export const fakeChannexPort = port + 2000;

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // One worker: the specs share one seeded demo hotel, and parallel runs of the JS and no-JS
  // projects would change its settings under each other.
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL,
    locale: "pt-BR",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "js", use: { ...devices["Desktop Chrome"], javaScriptEnabled: true } },
    { name: "no-js", use: { ...devices["Desktop Chrome"], javaScriptEnabled: false } },
  ],
  // The production build on a fresh, seeded, temporary embedded database.
  webServer: {
    // The server compiled afresh (a second or two), so a `react-router build` alone never runs a stale one.
    command: "node scripts/build-server.mjs && node scripts/start.mjs",
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(port),
      APP_URL: baseURL,
      DATA_DIR: mkdtempSync(join(tmpdir(), "tarifa-e2e-")),
      LOG_LEVEL: "warn",
      E2E: "true",
      CHANNEX_API_URL: `http://127.0.0.1:${fakeChannexPort}`,
      // The specs sign up many accounts, all from 127.0.0.1.
      REGISTRATIONS_PER_ADDRESS_PER_HOUR: "1000",
    },
  },
});
