import { readFile } from "node:fs/promises";
import { dirname, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

/**
 * Second half of `npm run build` (after `react-router build`): the server's own code — server.ts,
 * api/, domain/, config.ts and what they import from app/lib — compiled to plain JavaScript in
 * build/node/, so `npm start` runs without a TypeScript loader (ADR 0029). npm packages stay
 * imports (node_modules is there at runtime). Entry points land side by side in build/node/.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const outdir = resolve(root, "build/node");

/**
 * Modules under api/ read files next to them (`new URL("./migrations", import.meta.url)`). In the
 * bundle import.meta.url is the bundle's, so each such module gets its own source location back,
 * relative to build/node/ (entries and chunks all sit there), which keeps the build movable with
 * the checkout.
 */
const sourceLocation = {
  name: "source-import-meta-url",
  setup(b) {
    b.onLoad({ filter: /[\\/](api|domain)[\\/].*\.ts$/ }, async (args) => {
      const text = await readFile(args.path, "utf8");
      if (!text.includes("import.meta.url")) return undefined;
      const fromOut = relative(outdir, args.path).split("\\").join("/");
      return { contents: text.replaceAll("import.meta.url", `new URL(${JSON.stringify(fromOut)}, import.meta.url).href`), loader: "ts" };
    });
  },
};

export async function buildServer() {
  await build({
    absWorkingDir: root,
    entryPoints: {
      server: "server.ts",
      start: "scripts/start.ts",
      "prepare-database": "scripts/prepare-database.ts",
      // The scorecard's backtest runs on a worker thread (api/services/forecast/backtest-thread.ts).
      "forecast-backtest-worker": "api/services/forecast/backtest-worker.ts",
    },
    outdir,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    packages: "external",
    sourcemap: "linked",
    // Smaller code to load and parse at start; names kept for stack traces and `error.name` (issue 29).
    minify: true,
    keepNames: true,
    legalComments: "none",
    logLevel: "warning",
    chunkNames: "chunk-[hash]",
    plugins: [sourceLocation],
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = performance.now();
  await buildServer();
  console.log(`Server compiled to build/node/ in ${Math.round(performance.now() - started)} ms`);
}
