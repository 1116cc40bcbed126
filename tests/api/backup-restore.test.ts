import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import JSZip from "jszip";
import { afterAll, describe, expect, it } from "vitest";
import { BackupError, restoreBackupArchive } from "#api/db/backup/archive.ts";
import { createBackup } from "#api/db/backup/create.ts";
import { endpointFile } from "#api/db/backup/endpoint.ts";
import { openDatabase, pgliteDataDir } from "#api/db/client.ts";
import { seedUsers } from "#api/seed/users.ts";
import { startApiProcess } from "#tests/helpers/api-process.ts";
import { createTestApi } from "#tests/helpers/api.ts";
import { createPgliteTestDatabase, moveToDataDir } from "#tests/helpers/db.ts";
import { bookingsFixture, stay } from "./bookings-fixture.ts";

/**
 * Backups of the embedded database (ADR 0023): `npm run db:backup` while the server runs (the
 * server makes it), and without a server (the script opens the directory); `npm run db:restore`
 * into an empty DATA_DIR gives back the same rows and the same uploaded files.
 */
const dirs: string[] = [];
const tempDir = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), `tarifa-${name}-`));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Every table's rows, as one checksum per table: equal databases give equal maps. */
async function tableChecksums(dataDir: string): Promise<Record<string, string>> {
  const handle = await openDatabase({ kind: "pglite", dataDir: pgliteDataDir(dataDir) });
  try {
    const { rows: tables } = await handle.sql.executeSql(
      "select table_schema || '.' || table_name as name from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema') and table_type = 'BASE TABLE' order by 1",
    );
    const sums: Record<string, string> = {};
    for (const { name } of tables as { name: string }[]) {
      const quoted = name.split(".").map((part) => `"${part}"`).join(".");
      const { rows } = await handle.sql.executeSql(`select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as sum from ${quoted} t`, []);
      sums[name] = `${rows[0].n}:${rows[0].sum}`;
    }
    return sums;
  } finally {
    await handle.close();
  }
}

function filesOf(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (current: string, prefix: string) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(current, entry.name), `${prefix}${entry.name}/`);
      else out[`${prefix}${entry.name}`] = readFileSync(join(current, entry.name)).toString("base64");
    }
  };
  walk(dir, "");
  return out;
}

const runScript = (script: string, args: string[], env: Record<string, string>) =>
  spawnSync(process.execPath, ["--import", "tsx", `scripts/${script}.ts`, ...args], { env: { ...process.env, DATABASE_URL: "", ...env }, encoding: "utf8" });

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 1, 7, 7, 7]);

describe("npm run db:backup and db:restore (embedded database)", () => {
  it("round-trips the data and the uploads of a running server, and of a stopped one", { timeout: 300_000 }, async () => {
    const t = await createTestApi({ handle: await createPgliteTestDatabase(), seed: false });
    await seedUsers(t.db, t.clock.now);
    const f = await bookingsFixture(t);
    const dataDir = tempDir("backup-src");
    await moveToDataDir(t.handle, dataDir);
    mkdirSync(join(dataDir, "uploads", "learning"), { recursive: true });
    writeFileSync(join(dataDir, "uploads", "learning", "lesson.png"), PNG);

    const server = await startApiProcess({ DATA_DIR: dataDir });
    try {
      const call = (method: string, path: string, body?: BodyInit, json = true) =>
        fetch(`${server.url}${path}`, {
          method,
          headers: { authorization: `Bearer ${f.token}`, ...(json ? { "content-type": "application/json" } : {}) },
          body,
        });
      expect((await call("POST", `${f.base}/reservations`, JSON.stringify(stay(f)))).status).toBe(201);
      const logo = new FormData();
      logo.set("logo", new File([PNG], "logo.png", { type: "image/png" }));
      expect((await call("POST", `/api/v1/businesses/${f.business.id}/upload-logo`, logo, false)).status).toBe(200);

      // The endpoint wants the token the server wrote for the script.
      const { url } = JSON.parse(readFileSync(endpointFile(dataDir), "utf8")) as { url: string };
      expect((await fetch(url, { method: "POST" })).status).toBe(401);
      expect((await fetch(url, { method: "POST", headers: { authorization: "Bearer wrong" } })).status).toBe(401);

      // While the server runs (and holds the directory), the script asks it.
      const out = tempDir("backups");
      const backup = runScript("backup", [out], { DATA_DIR: dataDir });
      expect(backup.stderr).toBe("");
      expect(backup.stdout).toMatch(/Backup written: .*tarifa-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.zip .*made by the running server/);
      const [file] = readdirSync(out);
      expect(file).toMatch(/^tarifa-backup-.*\.zip$/);
    } finally {
      expect(await server.stop()).toBe("exit 0");
    }
    const [file] = readdirSync(dirs[dirs.length - 1]);
    const backupFile = join(dirs[dirs.length - 1], file);

    const restored = tempDir("restored");
    rmSync(restored, { recursive: true });
    const restore = runScript("restore", [backupFile], { DATA_DIR: restored });
    expect(restore.stderr).toBe("");
    expect(restore.stdout).toMatch(/Restored the backup of .* \(2 uploaded files\)/);

    const original = await tableChecksums(dataDir);
    expect(original["public.reservations"]).toMatch(/^1:/);
    expect(await tableChecksums(restored)).toEqual(original);
    expect(filesOf(join(restored, "uploads"))).toEqual(filesOf(join(dataDir, "uploads")));
    expect(Object.keys(filesOf(join(restored, "uploads")))).toHaveLength(2);
    // The generated credentials key comes back (stored PMS credentials stay readable); SESSION_SECRET was set, so no file.
    expect(readFileSync(join(restored, "secrets-key"), "utf8")).toBe(readFileSync(join(dataDir, "secrets-key"), "utf8"));

    // No server (a crash left its endpoint file behind, naming a process that is gone): the directory is opened here.
    writeFileSync(endpointFile(dataDir), JSON.stringify({ pid: 2 ** 22 + 17, url: "http://127.0.0.1:9/backup", token: "x" }));
    const offline = await createBackup(dataDir);
    expect(offline.via).toBe("directory");
    const again = tempDir("restored-offline");
    await restoreBackupArchive(offline.archive, again);
    expect(await tableChecksums(again)).toEqual(original);
    expect(filesOf(join(again, "uploads"))).toEqual(filesOf(join(dataDir, "uploads")));

    // A restore never overwrites: a non-empty DATA_DIR is refused, and left as it was.
    const refused = runScript("restore", [backupFile], { DATA_DIR: again });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/is not empty: restore into an empty DATA_DIR/);
    expect(await tableChecksums(again)).toEqual(original);
  });

  it("refuses files that are not its backups, and files outside its layout, before writing anything", async () => {
    await expect(restoreBackupArchive(new TextEncoder().encode("not a zip"), tempDir("bad"))).rejects.toThrow(BackupError);
    const noManifest = new JSZip();
    noManifest.file("hello.txt", "hi");
    await expect(restoreBackupArchive(await noManifest.generateAsync({ type: "uint8array" }), tempDir("bad"))).rejects.toThrow(/not a Tarifa backup/);
    const future = new JSZip();
    future.file("manifest.json", JSON.stringify({ format: "tarifa-backup", version: 99 }));
    await expect(restoreBackupArchive(await future.generateAsync({ type: "uint8array" }), tempDir("bad"))).rejects.toThrow(/format version 99/);
    const escape = new JSZip();
    escape.file("manifest.json", JSON.stringify({ format: "tarifa-backup", version: 1 }));
    escape.file("database/pglite.tar.gz", "x");
    escape.file("uploads/../../outside.txt", "x");
    const target = tempDir("bad");
    await expect(restoreBackupArchive(await escape.generateAsync({ type: "uint8array" }), target)).rejects.toThrow(BackupError);
    expect(readdirSync(target)).toEqual([]);
    expect(runScript("restore", [], {}).status).toBe(1);
    const nothing = tempDir("no-database");
    await expect(createBackup(nothing)).rejects.toThrow(/no embedded database/);
  });
});
