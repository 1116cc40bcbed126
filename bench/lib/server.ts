import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Starts `npm start`'s production server on a fresh temporary database; resolves once healthy. */
export async function startProductionServer(
  port: number,
  dataDir = mkdtempSync(join(tmpdir(), "tarifa-bench-")),
): Promise<{ baseUrl: string; dataDir: string; coldStartMs: number; stop(): Promise<void> }> {
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "silent", APP_URL: baseUrl },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let i = 0; i < 600; i++) {
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) {
        const coldStartMs = performance.now() - started;
        const stop = () => new Promise<void>((done) => { child.once("exit", () => done()); child.kill("SIGTERM"); });
        return { baseUrl, dataDir, coldStartMs, stop };
      }
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill("SIGTERM");
  throw new Error("the server did not become healthy in 60 s");
}
