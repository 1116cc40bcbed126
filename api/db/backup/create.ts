import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { openDatabase, pgliteDataDir } from "#api/db/client.ts";
import { BackupError, buildBackupArchive } from "./archive.ts";
import { endpointFile, type BackupEndpointInfo } from "./endpoint.ts";

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The running server's backup endpoint, or null when no server holds DATA_DIR (a crash leaves a stale file). */
async function runningServer(dataDir: string): Promise<BackupEndpointInfo | null> {
  let info: BackupEndpointInfo;
  try {
    info = JSON.parse(await readFile(endpointFile(dataDir), "utf8")) as BackupEndpointInfo;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw new BackupError(`${endpointFile(dataDir)} is unreadable: ${(error as Error).message}`);
  }
  return isAlive(info.pid) ? info : null;
}

/**
 * A backup archive of DATA_DIR's embedded database and files (ADR 0023): asked of the running
 * server when there is one (it alone may open the database), otherwise made by opening the
 * data directory here.
 */
export async function createBackup(dataDir: string): Promise<{ archive: Uint8Array; via: "server" | "directory" }> {
  const server = await runningServer(dataDir);
  if (server) {
    let res: Response;
    try {
      res = await fetch(server.url, { method: "POST", headers: { authorization: `Bearer ${server.token}` } });
    } catch (error) {
      throw new BackupError(
        `The server (pid ${server.pid}) holds ${dataDir} but its backup endpoint does not answer (${(error as Error).message}). Try again once it has started, or stop it.`,
      );
    }
    if (!res.ok) throw new BackupError(`The server refused the backup (HTTP ${res.status}): ${await res.text()}`);
    return { archive: new Uint8Array(await res.arrayBuffer()), via: "server" };
  }
  if (!existsSync(join(pgliteDataDir(dataDir), "PG_VERSION"))) throw new BackupError(`There is no embedded database in ${dataDir}.`);
  const handle = await openDatabase({ kind: "pglite", dataDir: pgliteDataDir(dataDir) });
  try {
    return { archive: await buildBackupArchive(handle.dumpDataDir!, dataDir), via: "directory" };
  } finally {
    await handle.close();
  }
}
