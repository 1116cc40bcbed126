import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { BackupError, restoreBackupArchive } from "#api/db/backup/archive.ts";

/**
 * `npm run db:restore FILE`: restores a backup made by `npm run db:backup` into DATA_DIR, which
 * must be empty or missing — a restore never overwrites data (ADR 0023).
 */
const file = process.argv[2];
if (!file) {
  console.error("Usage: npm run db:restore -- FILE   (restores into DATA_DIR, which must be empty)");
  process.exit(1);
}
const dataDir = resolve(process.env.DATA_DIR || "./data");
if (process.env.DATABASE_URL) {
  console.error("DATABASE_URL is set: this restores the embedded database only; restore PostgreSQL with pg_restore (README, Backups).");
  process.exit(1);
}
try {
  const archive = await readFile(resolve(file)).catch((error: NodeJS.ErrnoException) => {
    throw new BackupError(`Cannot read ${file}: ${error.code === "ENOENT" ? "no such file" : error.message}`);
  });
  const manifest = await restoreBackupArchive(archive, dataDir);
  console.log(`Restored the backup of ${manifest.createdAt} (${manifest.uploads} uploaded files) into ${dataDir}.`);
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(error.message);
  process.exit(1);
}
