import { randomBytes, timingSafeEqual } from "node:crypto";
import { createServer, type Server } from "node:http";
import { rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { DatabaseHandle } from "#api/db/client.ts";
import { buildBackupArchive } from "./archive.ts";

/**
 * PGlite is single-process: while the server runs, it alone may open DATA_DIR/pglite. So the
 * server answers backups itself (ADR 0023), on a listener of its own bound to 127.0.0.1 on a
 * free port — never the public port, never behind a proxy — that wants a random token made at
 * each start. Port and token are written to DATA_DIR/backup-endpoint.json (owner-only), which
 * `npm run db:backup` reads: whoever can read that file can read the database files anyway.
 */
export const ENDPOINT_FILE = "backup-endpoint.json";

export interface BackupEndpointInfo {
  pid: number;
  url: string;
  token: string;
}

export const endpointFile = (dataDir: string) => join(dataDir, ENDPOINT_FILE);

function sameToken(given: string | undefined, token: string): boolean {
  const a = Buffer.from(given ?? "");
  const b = Buffer.from(`Bearer ${token}`);
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function startBackupEndpoint(database: DatabaseHandle, dataDir: string): Promise<{ close(): Promise<void> }> {
  const dump = database.dumpDataDir;
  if (!dump) throw new Error("backups through the server are for the embedded database (PGlite) only");
  const token = randomBytes(32).toString("hex");
  let running: Promise<Uint8Array> | undefined;
  const server: Server = createServer((req, res) => {
    if (req.method !== "POST" || req.url !== "/backup") {
      res.writeHead(404).end();
      return;
    }
    if (!sameToken(req.headers.authorization, token)) {
      res.writeHead(401).end();
      return;
    }
    // One at a time: a second caller waits for, and gets, the backup already being made.
    running ??= buildBackupArchive(dump, dataDir).finally(() => {
      running = undefined;
    });
    running.then(
      (archive) => {
        res.writeHead(200, { "content-type": "application/zip", "content-length": archive.byteLength });
        res.end(archive);
      },
      (error: unknown) => {
        console.error("Backup failed:", error);
        res.writeHead(500, { "content-type": "text/plain" }).end("The backup failed; see the server's log.");
      },
    );
  });
  await new Promise<void>((done, fail) => {
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => done());
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const info: BackupEndpointInfo = { pid: process.pid, url: `http://127.0.0.1:${port}/backup`, token };
  await writeFile(endpointFile(dataDir), JSON.stringify(info), { mode: 0o600 });
  return {
    async close() {
      await rm(endpointFile(dataDir), { force: true });
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}
