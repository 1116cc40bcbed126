import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const SCRIPT = fileURLToPath(new URL("./api-only-server.ts", import.meta.url));
const ROOT = fileURLToPath(new URL("../../", import.meta.url));

export interface ApiProcess {
  url: string;
  pid: number;
  /** Resolves with the signal or exit code once the process is gone. */
  exited: Promise<string>;
  /** SIGKILL: no cleanup at all, as a power cut or the OOM killer would leave it. */
  kill(): Promise<string>;
  /** SIGTERM: closes the listener and the database, then exits. */
  stop(): Promise<string>;
}

/**
 * Starts the API in a child process (tests/helpers/api-only-server.ts) on the database named by
 * `env` (DATA_DIR for PGlite, DATABASE_URL for PostgreSQL); resolves once it listens.
 */
export async function startApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  const { DATABASE_URL: _inherited, ...parentEnv } = process.env;
  const child = spawn(process.execPath, ["--import", "tsx", SCRIPT], {
    cwd: ROOT,
    env: {
      ...parentEnv,
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      JOBS: "false",
      SESSION_SECRET: "test-secret-test-secret-test-secret!",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<string>((done) => child.once("exit", (code, signal) => done(signal ?? `exit ${code}`)));
  const url = await new Promise<string>((done, fail) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      fail(new Error(`the API process did not start in 60 s:\n${stderr}`));
    }, 60_000);
    const lines = createInterface({ input: child.stdout });
    lines.on("line", (line) => {
      try {
        const parsed = JSON.parse(line) as { url?: string };
        if (parsed.url) {
          clearTimeout(timer);
          done(parsed.url);
        }
      } catch {
        // not the ready line
      }
    });
    void exited.then((how) => {
      clearTimeout(timer);
      fail(new Error(`the API process ended (${how}) before listening:\n${stderr}`));
    });
  });
  return {
    url,
    pid: child.pid!,
    exited,
    kill() {
      child.kill("SIGKILL");
      return exited;
    },
    stop() {
      child.kill("SIGTERM");
      return exited;
    },
  };
}
