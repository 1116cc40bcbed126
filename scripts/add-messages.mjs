// usage: node write-locales.mjs <ns> <file.json with {key: [pt,en,es,fr,it]}>  (nested keys with dots)
import { readFileSync, writeFileSync, existsSync } from "node:fs";
const [ns, src] = process.argv.slice(2);
const table = JSON.parse(readFileSync(src, "utf8"));
const lngs = ["pt-BR", "en-US", "es-ES", "fr-CA", "it-IT"];
lngs.forEach((lng, i) => {
  const path = `locales/${lng}/${ns}.json`;
  const out = existsSync(path) ? JSON.parse(readFileSync(path, "utf8")) : {};
  for (const [key, vals] of Object.entries(table)) {
    if (!Array.isArray(vals) || vals.length !== 5) throw new Error(`bad ${key}`);
    const parts = key.split(".");
    let o = out;
    for (const p of parts.slice(0, -1)) o = o[p] ??= {};
    o[parts.at(-1)] = vals[i];
  }
  writeFileSync(path, JSON.stringify(out, null, 2) + "\n");
});
