import { resolve } from "node:path";
import { BackupError, writeBackupFile } from "#api/db/backup/archive.ts";
import { createBackup } from "#api/db/backup/create.ts";

/**
 * `npm run db:backup [DIR]`: a timestamped backup of the embedded database and DATA_DIR's
 * uploads, written to DIR (default ./backups), while the server runs or not (ADR 0023).
 * Read without config.ts on purpose: parsing the configuration writes secrets into DATA_DIR.
 */
const dataDir = resolve(process.env.DATA_DIR || "./data");
const outDir = resolve(process.argv[2] ?? "backups");
if (process.env.DATABASE_URL) {
  console.error("DATABASE_URL is set: back up the PostgreSQL database with pg_dump, and DATA_DIR/uploads with any file backup (README, Backups).");
  process.exit(1);
}
try {
  const started = performance.now();
  const { archive, via } = await createBackup(dataDir);
  const file = await writeBackupFile(archive, outDir);
  const how = via === "server" ? "made by the running server" : "read from the data directory (no server running)";
  console.log(`Backup written: ${file} (${(archive.byteLength / 1e6).toFixed(1)} MB, ${how}, ${Math.round(performance.now() - started)} ms)`);
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(error.message);
  process.exit(1);
}
