import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chmodSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

/**
 * Helpers of the deployment test: Tarifa started the way deploy/tarifa.service starts it, and
 * nginx running deploy/nginx.conf with the test's ports, upstreams, certificate and cache.
 */

export const root = resolve(import.meta.dirname, "../..");

/** The unit's Environment= lines and ExecStart= command line. */
export function systemdUnit(path = join(root, "deploy/tarifa.service")) {
  const env: Record<string, string> = {};
  let exec: string[] = [];
  const values: Record<string, string> = {};
  for (const raw of readFileSync(path, "utf8").split("\n")) {
    const line = raw.trim();
    if (!line || line.startsWith("#") || line.startsWith("[")) continue;
    const eq = line.indexOf("=");
    const key = line.slice(0, eq);
    const value = line.slice(eq + 1);
    values[key] = value;
    if (key === "Environment") {
      const i = value.indexOf("=");
      env[value.slice(0, i)] = value.slice(i + 1);
    }
    if (key === "ExecStart") exec = value.split(/\s+/);
  }
  return { env, exec, values };
}

/** Every Tarifa the test started and that has not exited: stopped in afterAll, whatever failed. */
export const running = new Set<ChildProcess>();

export interface Tarifa {
  name: string;
  port: number;
  child: ChildProcess;
  /** Every line it wrote on stdout. */
  lines: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts one Tarifa (the unit's ExecStart, its environment plus `env`) and waits until it is ready. */
export async function startTarifa(name: string, port: number, env: Record<string, string>): Promise<Tarifa> {
  const unit = systemdUnit();
  // The unit names absolute paths of a Debian host; here the same programs come from PATH.
  const [program, ...args] = unit.exec;
  const child = spawn(program.split("/").pop()!, args, {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...unit.env, ...env, PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  let partial = "";
  child.stdout!.on("data", (chunk: Buffer) => {
    const parts = (partial + chunk.toString()).split("\n");
    partial = parts.pop()!;
    lines.push(...parts.filter((l) => l.trim()));
  });
  const errors: string[] = [];
  child.stderr!.on("data", (chunk: Buffer) => errors.push(chunk.toString()));
  running.add(child);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once("exit", (code, signal) => {
      running.delete(child);
      done({ code, signal });
    }),
  );
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}):\n${lines.join("\n")}\n${errors.join("")}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health/ready`);
      if (res.status === 200) return { name, port, child, lines, exited };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill("SIGTERM");
  throw new Error(`${name} did not become ready:\n${lines.join("\n")}\n${errors.join("")}`);
}

/**
 * SIGTERM, as systemd stops it; answers whether it stopped cleanly: exit code 0, after Tarifa
 * logged that it stopped (each worker of a cluster logs it).
 */
export async function stopTarifa(t: Tarifa): Promise<boolean> {
  if (t.child.exitCode === null && t.child.signalCode === null) t.child.kill("SIGTERM");
  const { code, signal } = await t.exited;
  const stopped = t.lines.some((l) => l.includes('"msg":"stopped"'));
  return code === 0 && signal === null && stopped;
}

export function ensureNginx(): string {
  const found = spawnSync("sh", ["-c", "command -v nginx || ls /usr/sbin/nginx"], { encoding: "utf8" }).stdout.trim().split("\n")[0];
  if (found) return found;
  // Debian's package (the test runs as root in CI).
  const install = spawnSync("sh", ["-c", "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx"], { stdio: "inherit" });
  if (install.status !== 0) throw new Error("could not install nginx");
  return "/usr/sbin/nginx";
}

/** Stops whatever the test started and is still running (after a failure). */
export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((child) => new Promise((done) => {
    child.once("exit", done);
    child.kill("SIGTERM");
  })));
}

export interface Nginx {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * deploy/nginx.conf with the test's addresses: its upstream servers, HTTPS on `httpsPort`, HTTP
 * on `httpPort`, a self-signed certificate and the asset cache in `dir`; checked with `nginx -t`.
 */
export async function startNginx(dir: string, options: { httpsPort: number; httpPort: number; upstreams: number[] }): Promise<Nginx> {
  const nginx = ensureNginx();
  // nginx's workers run as an unprivileged user: they must reach the cache and temporary directories.
  chmodSync(dir, 0o755);
  const cert = join(dir, "cert.pem");
  const key = join(dir, "key.pem");
  const made = spawnSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost", "-keyout", key, "-out", cert], { encoding: "utf8" });
  if (made.status !== 0) throw new Error(made.stderr);
  let site = readFileSync(join(root, "deploy/nginx.conf"), "utf8");
  const replace = (from: RegExp, to: string) => {
    if (!from.test(site)) throw new Error(`deploy/nginx.conf no longer has ${from}`);
    site = site.replace(from, to);
  };
  replace(/^\s*server 127\.0\.0\.1:3000 max_fails=0;$/m, options.upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=0;`).join("\n"));
  replace(/listen 80;\n\s*listen \[::\]:80;/, `listen 127.0.0.1:${options.httpPort};`);
  replace(/listen 443 ssl http2;\n\s*listen \[::\]:443 ssl http2;/, `listen 127.0.0.1:${options.httpsPort} ssl http2;`);
  replace(/\/etc\/letsencrypt\/live\/tarifa\.example\.com\/fullchain\.pem/, cert);
  replace(/\/etc\/letsencrypt\/live\/tarifa\.example\.com\/privkey\.pem/, key);
  replace(/\/var\/cache\/nginx\/tarifa/, join(dir, "cache"));
  site = site.replaceAll("tarifa.example.com", "localhost");
  writeFileSync(join(dir, "site.conf"), site);
  const main = `
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
worker_processes 1;
daemon off;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/site.conf;
}
`;
  writeFileSync(join(dir, "nginx.conf"), main);
  const check = spawnSync(nginx, ["-t", "-p", dir, "-c", join(dir, "nginx.conf")], { encoding: "utf8" });
  if (check.status !== 0) throw new Error(`nginx -t failed:\n${check.stderr}`);
  const child = spawn(nginx, ["-p", dir, "-c", join(dir, "nginx.conf")], { stdio: "ignore" });
  const url = `https://localhost:${options.httpsPort}`;
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(`${url}/api/health/live`);
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url,
    child,
    async stop() {
      if (child.exitCode !== null) return;
      const gone = new Promise((done) => child.once("exit", done));
      child.kill("SIGQUIT");
      await gone;
    },
  };
}
