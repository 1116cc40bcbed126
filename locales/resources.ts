import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

import { defaultLocale, locales } from "./list.ts";

export { defaultLocale, locales };

export type Messages = Record<string, unknown>;
export type Resources = Record<string, Record<string, Messages>>;

const root = join(process.cwd(), "locales");
let cache: Resources | undefined;

/** Every namespace of every locale, read from `locales/<lng>/<ns>.json` (server only). */
export function loadResources(): Resources {
  if (cache) return cache;
  const resources: Resources = {};
  for (const lng of locales) {
    resources[lng] = {};
    for (const file of readdirSync(join(root, lng))) {
      if (!file.endsWith(".json")) continue;
      resources[lng][file.slice(0, -5)] = JSON.parse(readFileSync(join(root, lng, file), "utf8"));
    }
  }
  cache = resources;
  return resources;
}

export function namespaces(): string[] {
  return Object.keys(loadResources()[defaultLocale]);
}

let version: string | undefined;

/** Changes whenever any message changes, so browsers refetch the cached messages after a deploy. */
export function messagesVersion(): string {
  version ??= createHash("sha256").update(JSON.stringify(loadResources())).digest("hex").slice(0, 10);
  return version;
}
