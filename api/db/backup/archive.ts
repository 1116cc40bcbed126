import { randomBytes } from "node:crypto";
import { chmod, mkdir, readdir, readFile, rename, stat, writeFile } from "node:fs/promises";
import { dirname, join, relative, resolve, sep } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import JSZip from "jszip";
import { pgliteDataDir } from "#api/db/client.ts";

/**
 * A backup of the embedded database (ADR 0023): one zip file holding
 *   manifest.json          what this is and when it was taken
 *   database/pglite.tar.gz PGlite's own dump of its data directory (dumpDataDir), taken first
 *   uploads/…              DATA_DIR/uploads (logos, lesson images, profile pictures)
 *   secrets/…              DATA_DIR's generated session secret and credentials key, when present
 * It is as sensitive as DATA_DIR itself: written readable by its owner only.
 */
export const BACKUP_FORMAT = "tarifa-backup";
export const BACKUP_VERSION = 1;
const DATABASE_ENTRY = "database/pglite.tar.gz";
/** Files DATA_DIR keeps beside the database (config.ts makes them when the variables are unset). */
const SECRET_FILES = ["session-secret", "secrets-key"] as const;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  database: "pglite";
  uploads: number;
}

export class BackupError extends Error {}

/** Every file under `dir`, as paths relative to it with "/" separators; half-written `.part` files are left out. */
async function filesUnder(dir: string): Promise<string[]> {
  const found: string[] = [];
  async function walk(current: string) {
    let entries;
    try {
      entries = await readdir(current, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      throw error;
    }
    for (const entry of entries) {
      const path = join(current, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (entry.isFile() && !entry.name.endsWith(".part")) found.push(relative(dir, path).split(sep).join("/"));
    }
  }
  await walk(dir);
  return found.sort();
}

/**
 * Builds the archive from a database dump and DATA_DIR's files. The database is dumped before
 * the uploads are read: a file the dump names is already on disk (uploads get new names and
 * are written before the row that names them).
 */
export async function buildBackupArchive(dumpDatabase: () => Promise<Uint8Array>, dataDir: string, now = new Date()): Promise<Uint8Array> {
  const database = await dumpDatabase();
  const zip = new JSZip();
  zip.file(DATABASE_ENTRY, database, { binary: true });
  const uploadsDir = join(dataDir, "uploads");
  const uploads = await filesUnder(uploadsDir);
  for (const file of uploads) {
    try {
      zip.file(`uploads/${file}`, await readFile(join(uploadsDir, file)), { binary: true });
    } catch (error) {
      // Replaced (and deleted) after the listing: the dump no longer needs it either.
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
  for (const name of SECRET_FILES) {
    try {
      zip.file(`secrets/${name}`, await readFile(join(dataDir, name)));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
  const manifest: BackupManifest = { format: BACKUP_FORMAT, version: BACKUP_VERSION, createdAt: now.toISOString(), database: "pglite", uploads: uploads.length };
  zip.file("manifest.json", JSON.stringify(manifest, null, 2));
  // The database tarball is gzipped already; the rest is mostly images.
  return zip.generateAsync({ type: "uint8array", compression: "STORE" });
}

/** `tarifa-backup-2026-11-24T23-05-09Z.zip`: sorts by time, valid on every file system. */
export function backupFileName(now = new Date()): string {
  return `tarifa-backup-${now.toISOString().replace(/\.\d+Z$/, "Z").replace(/:/g, "-")}.zip`;
}

/** Writes the archive into `dir` (made when missing), readable by its owner only; answers the file's path. */
export async function writeBackupFile(archive: Uint8Array, dir: string, now = new Date()): Promise<string> {
  await mkdir(dir, { recursive: true });
  const path = resolve(dir, backupFileName(now));
  const part = `${path}.${randomBytes(4).toString("hex")}.part`;
  await writeFile(part, archive, { mode: 0o600, flag: "wx" });
  await rename(part, path);
  return path;
}

/** True when `dir` does not exist or holds nothing. */
export async function isEmptyDirectory(dir: string): Promise<boolean> {
  try {
    if (!(await stat(dir)).isDirectory()) return false;
    return (await readdir(dir)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return true;
    throw error;
  }
}

/** A path from the archive, kept inside `root` (no absolute paths, no "..", no empty names). */
function inside(root: string, path: string): string {
  const target = resolve(root, path);
  if (!path || path.includes("\0") || target === root || !target.startsWith(root + sep)) throw new BackupError(`The backup holds an unsafe path: ${path}`);
  return target;
}

/**
 * Restores an archive into `dataDir`, which must be empty or missing (nothing is ever
 * overwritten). The database is loaded by PGlite from its own tarball, then closed cleanly.
 */
export async function restoreBackupArchive(archive: Uint8Array, dataDir: string): Promise<BackupManifest> {
  const root = resolve(dataDir);
  if (!(await isEmptyDirectory(root))) throw new BackupError(`${root} is not empty: restore into an empty DATA_DIR (nothing is overwritten).`);
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(archive);
  } catch {
    throw new BackupError("This file is not a Tarifa backup (not a zip archive).");
  }
  const manifestText = await zip.file("manifest.json")?.async("string");
  let manifest: BackupManifest | undefined;
  try {
    manifest = manifestText ? (JSON.parse(manifestText) as BackupManifest) : undefined;
  } catch {
    manifest = undefined;
  }
  if (manifest?.format !== BACKUP_FORMAT) throw new BackupError("This file is not a Tarifa backup (no manifest).");
  if (manifest.version !== BACKUP_VERSION) throw new BackupError(`This backup has format version ${manifest.version}; this Tarifa reads version ${BACKUP_VERSION}.`);
  const database = await zip.file(DATABASE_ENTRY)?.async("arraybuffer");
  if (!database) throw new BackupError("The backup has no database.");

  // Every path is checked before anything is written.
  const files: { target: string; entry: JSZip.JSZipObject; mode: number }[] = [];
  for (const entry of Object.values(zip.files)) {
    if (entry.dir) continue;
    if (entry.name.startsWith("uploads/")) {
      files.push({ target: inside(join(root, "uploads"), entry.name.slice("uploads/".length)), entry, mode: 0o640 });
    } else if (entry.name.startsWith("secrets/")) {
      const name = entry.name.slice("secrets/".length);
      if (!(SECRET_FILES as readonly string[]).includes(name)) throw new BackupError(`The backup holds an unknown secret: ${name}`);
      files.push({ target: join(root, name), entry, mode: 0o600 });
    } else if (entry.name !== "manifest.json" && entry.name !== DATABASE_ENTRY) {
      throw new BackupError(`The backup holds an unexpected file: ${entry.name}`);
    }
  }

  await mkdir(root, { recursive: true, mode: 0o700 });
  const client = await PGlite.create({ dataDir: pgliteDataDir(root), loadDataDir: new Blob([database]) });
  await client.query("select 1");
  await client.close();
  for (const { target, entry, mode } of files) {
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, await entry.async("uint8array"), { mode });
    await chmod(target, mode);
  }
  return manifest;
}
