import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";

// Playwright cannot download browsers on these machines: use Debian's Chromium when present, its
// headless shell first (the browser Playwright itself runs headless tests in: the same Blink and V8
// without the full browser's processes, less than half the browser's CPU on the e2e suite, ADR 0060).
const debianChromium = ["/usr/lib/chromium/chromium-headless-shell", "/usr/bin/chromium"].find((path) => existsSync(path));
const executablePath = process.env.PLAYWRIGHT_CHROMIUM_PATH ?? debianChromium;
/** Each project has its own server (own port, own seeded embedded database): the two run side by side. */
const port = Number(process.env.E2E_PORT ?? 3900);
const ports = { js: port, "no-js": port + 1 } as const;
const urlOf = (p: number) => `http://localhost:${p}`;
/** Where a server's fake Channex listens (the server pushes there); see tests/e2e/support/channex.ts. */
export const FAKE_CHANNEX_OFFSET = 2000;

/**
 * The embedded database both servers start from: migrated and seeded once (by the first server's
 * command), then copied into each server's own data directory, so the demo is seeded once a run.
 */
const seededTemplate = mkdtempSync(join(tmpdir(), "tarifa-e2e-seeded-"));

/** The production build on a fresh copy of the seeded embedded database, on port `p`. */
function server(p: number, first: boolean) {
  const dataDir = mkdtempSync(join(tmpdir(), "tarifa-e2e-"));
  const copy = `cp -R ${seededTemplate}/. ${dataDir}/ && node scripts/start.mjs`;
  return {
    // The first compiles the server afresh (a second or two), so a `react-router build` alone never
    // runs a stale one, and prepares the seeded database; Playwright starts the servers one after
    // the other, so the second finds both ready.
    command: first ? `node scripts/build-server.mjs && DATA_DIR=${seededTemplate} node build/node/prepare-database.js && ${copy}` : copy,
    url: `${urlOf(p)}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
    env: {
      NODE_ENV: "production",
      PORT: String(p),
      APP_URL: urlOf(p),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      E2E: "true",
      CHANNEX_API_URL: `http://127.0.0.1:${p + FAKE_CHANNEX_OFFSET}`,
      // The specs sign up many accounts, all from 127.0.0.1.
      REGISTRATIONS_PER_ADDRESS_PER_HOUR: "1000",
    },
  };
}

export default defineConfig({
  testDir: "tests/e2e",
  // Two projects run side by side on two cores, so a test has about half the machine.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // One worker per project: the specs of a project share its server's seeded demo hotel and change
  // its settings, so they run one at a time; the two projects (two servers) run side by side.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // One retry everywhere (CI's environment may not say CI): a test that passes only on its retry is
  // still listed as "flaky" in the summary line, to be fixed, not hidden.
  retries: 1,
  reporter: [["list"]],
  use: {
    // An action or a navigation that can never happen fails on its own within 30 s, naming itself,
    // while the test's `finally` still has time to restore the demo hotel it changed: a test cut
    // off by its own timeout skips that restore, and the next specs on the same server inherit
    // the change (one such hang on 2026-11-30 failed two later specs that were fine).
    actionTimeout: 30_000,
    navigationTimeout: 30_000,
    locale: "pt-BR",
    trace: "on-first-retry",
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
    { name: "js", workers: 1, use: { ...devices["Desktop Chrome"], javaScriptEnabled: true, baseURL: urlOf(ports.js) } },
    { name: "no-js", workers: 1, use: { ...devices["Desktop Chrome"], javaScriptEnabled: false, baseURL: urlOf(ports["no-js"]) } },
  ],
  webServer: [server(ports.js, true), server(ports["no-js"], false)],
});
