import { serve } from "@hono/node-server";
import { createApi } from "#api/app.ts";
import { startBackupEndpoint } from "#api/db/backup/endpoint.ts";
import { configuredDatabase, openDatabase } from "#api/db/client.ts";
import { encryptStoredCredentials } from "#api/services/business-pms.ts";
import { getConfig } from "#config";

/**
 * The API alone in a process of its own, on the database the environment names (DATABASE_URL,
 * or PGlite in DATA_DIR), started the way server.ts starts it but without the web app, so tests
 * that kill and restart a server need no `react-router build`. Prints `{"url": …}` once listening.
 */
const config = getConfig();
const database = await openDatabase(configuredDatabase(config));
await database.migrate();
await encryptStoredCredentials(database.db);
const api = createApi({ db: database.db, config, now: () => new Date() });
const backups = database.dumpDataDir ? await startBackupEndpoint(database, config.DATA_DIR) : undefined;
const server = serve({ fetch: api.fetch, port: 0, hostname: "127.0.0.1" }, (info) => {
  console.log(JSON.stringify({ url: `http://127.0.0.1:${info.port}` }));
});
process.once("SIGTERM", () => {
  server.close(() => void backups?.close().then(() => database.close()).then(() => process.exit(0)));
  (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
});
