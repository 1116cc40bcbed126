import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

/**
 * `npm start`: plain JavaScript, no TypeScript loader at runtime (ADR 0029). Builds once when
 * there is no build (`npm run build`: the React Router app in build/server and build/client, then
 * the server in build/node), then runs the compiled server; migrations and the demo seed run at start.
 */
process.env.NODE_ENV ??= "production";
function run(command, args) {
  const result = spawnSync(command, args, { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
if (!existsSync("build/server/index.js")) {
  console.log("No build found: building once (npm run build)…");
  run("npm", ["run", "build"]);
} else if (!existsSync("build/node/start.js")) {
  console.log("No compiled server found: compiling it (scripts/build-server.mjs)…");
  run(process.execPath, ["scripts/build-server.mjs"]);
}
await import(new URL("../build/node/start.js", import.meta.url).href);
