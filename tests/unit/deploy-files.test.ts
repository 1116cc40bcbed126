import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseConfig } from "#config";
import { root, systemdUnit } from "#tests/deploy/processes.ts";

// The deployment files of docs/deploy.md: tests/deploy/two-processes.test.ts runs them; these
// checks keep them coherent with the code even where that test cannot look (systemd itself).
describe("deploy/tarifa.service", () => {
  const unit = systemdUnit();

  it("sets only variables Tarifa reads, with values it accepts", () => {
    const known = Object.keys(parseConfig({}));
    for (const key of Object.keys(unit.env)) expect(known, key).toContain(key);
    const config = parseConfig({ ...unit.env, DATABASE_URL: "postgres://tarifa@127.0.0.1:5432/tarifa", DATA_DIR: join(root, "data") });
    expect(config.WEB_CONCURRENCY).toBeGreaterThan(1);
    expect(config.isProduction).toBe(true);
  });

  it("starts the server's own entry point, without npm in between (npm does not wait for it on SIGTERM)", () => {
    const [program, ...args] = unit.exec;
    expect(program).toBe("/usr/bin/node");
    const script = args.find((a) => /\.(ts|m?js)$/.test(a))!;
    expect(existsSync(join(root, script))).toBe(true);
    const start: string = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).scripts.start;
    expect(start).toContain(script);
    // The same node options as npm start, the heap cap of ADR 0029 among them.
    expect(["node", ...args].join(" ")).toBe(start);
    expect(args).toContain("--max-old-space-size=256");
    expect(args).toContain("--max-semi-space-size=4");
  });

  it("gives the graceful shutdown its time before systemd kills", () => {
    expect(unit.values.KillSignal).toBe("SIGTERM");
    expect(unit.values.KillMode).toBe("mixed");
    expect(Number(unit.values.TimeoutStopSec)).toBeGreaterThan(Number(unit.env.SHUTDOWN_TIMEOUT_SECONDS) + 5);
  });
});

describe("deploy/nginx.conf", () => {
  const site = readFileSync(join(root, "deploy/nginx.conf"), "utf8");

  it("forwards the request id and the client's address, and never exposes /metrics", () => {
    expect(site).toMatch(/proxy_set_header X-Request-Id \$request_id;/);
    expect(site).toMatch(/proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;/);
    expect(site).toMatch(/location = \/metrics \{\s*return 404;\s*\}/);
  });

  it("retries a refused or reset connection on the next process (POSTs too, never a timeout or a 502) and keeps no upstream keepalive", () => {
    const retried = /^\s*proxy_next_upstream ([^;]+);/m.exec(site)![1]!.split(/\s+/);
    expect(retried).toEqual(expect.arrayContaining(["error", "non_idempotent"]));
    expect(retried).not.toContain("timeout");
    expect(retried).not.toContain("http_502");
    expect(site).not.toMatch(/^\s*keepalive\s/m);
  });

  it("allows the largest body Tarifa takes (a logo upload), so Tarifa answers the translated 413 itself", async () => {
    const { LOGO_BODY_LIMIT } = await import("#api/services/uploads.ts");
    const limit = /client_max_body_size (\d+)m;/.exec(site)!;
    expect(Number(limit[1]) * 1024 * 1024).toBeGreaterThan(LOGO_BODY_LIMIT);
  });
});
