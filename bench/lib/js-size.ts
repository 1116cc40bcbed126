import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

/**
 * The JavaScript a page makes the browser download: the module scripts and modulepreload
 * links in its HTML, each gzipped as the server's compression would send it.
 */
export function pageJsGzipBytes(html: string, clientDir = "build/client"): { files: number; bytes: number } {
  const urls = new Set<string>();
  for (const m of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) urls.add(m[1]);
  for (const m of html.matchAll(/import\("([^"]+\.js)"\)|from "([^"]+\.js)"/g)) urls.add(m[1] ?? m[2]);
  for (const m of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) urls.add(m[1]);
  let bytes = 0;
  for (const url of urls) {
    if (!url.startsWith("/")) continue;
    bytes += gzipSync(readFileSync(join(clientDir, url))).length;
  }
  return { files: urls.size, bytes };
}
