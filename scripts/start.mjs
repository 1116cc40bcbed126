import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

/**
 * `npm start`: plain JavaScript, no TypeScript loader at runtime (ADR 0029). Builds once when
 * there is no build (the React Router app in build/server and build/client, the server in
 * build/node), then runs the compiled server, whose migrations and demo seed run at start.
 */
process.env.NODE_ENV ??= "production";
const built = ["build/server/index.js", "build/node/start.js"].every((file) => existsSync(file));
if (!built) {
  console.log("No build found: building once (npm run build)…");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import(new URL("../build/node/start.js", import.meta.url).href);
