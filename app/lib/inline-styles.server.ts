// The built stylesheet as a string (Tailwind's Vite plugin compiles app.css for `?inline` too).
import css from "#app/app.css?inline";
import { criticalCss, parseStylesheet } from "./critical-css.server.ts";

/** What the document's <style> holds while it is rendered; replaced by the styles it uses. */
export const STYLES_PLACEHOLDER = "/*page-styles*/";

const parsed = parseStylesheet(css);

/** The rendered document with, in its <head>, the part of the stylesheet its markup uses (issue 29). */
export function withPageStyles(html: string): string {
  const at = html.indexOf(STYLES_PLACEHOLDER);
  if (at < 0) return html;
  return html.slice(0, at) + criticalCss(parsed, html) + html.slice(at + STYLES_PLACEHOLDER.length);
}
