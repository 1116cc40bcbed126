import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { npmStartArgs } from "./start-command.ts";

/**
 * Starts `npm start`'s production server (compiled JavaScript, scripts/start.mjs) on a fresh
 * temporary database — or on `env.DATABASE_URL` when given; resolves once healthy. `pid` is the
 * server's own process (for its memory).
 */
export async function startProductionServer(
  port: number,
  dataDir = mkdtempSync(join(tmpdir(), "tarifa-bench-")),
  env: Record<string, string> = {},
): Promise<{ baseUrl: string; dataDir: string; pid: number; coldStartMs: number; stop(): Promise<void> }> {
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, npmStartArgs(), {
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "silent", APP_URL: baseUrl, ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let i = 0; i < 1800; i++) {
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) {
        const coldStartMs = performance.now() - started;
        const stop = () => new Promise<void>((done) => { child.once("exit", () => done()); child.kill("SIGTERM"); });
        return { baseUrl, dataDir, pid: child.pid!, coldStartMs, stop };
      }
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill("SIGTERM");
  throw new Error("the server did not become healthy in 180 s");
}
