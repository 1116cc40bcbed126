// The built stylesheet as a string (Tailwind's Vite plugin compiles app.css for `?inline` too).
import css from "#app/app.css?inline";
import stylesheetUrl from "#app/app.css?url";
import { createCookie } from "react-router";
import type { PageStyles } from "#app/components/layout/inline-styles";
import { perConfig } from "#config";
import { criticalCss, parseStylesheet } from "./critical-css.server.ts";

/** What the document's <style> holds while it is rendered; replaced by the styles it uses. */
export const STYLES_PLACEHOLDER = "/*page-styles*/";

const parsed = parseStylesheet(css);

/**
 * Set by a document that links the whole stylesheet (root.tsx, at the end of the body; as a print
 * style on pages without scripts): this browser fetches that file (hashed, cached for a year), so
 * its next documents link it in their <head> instead of carrying their styles inline (ADR 0056).
 * Its value is the stylesheet's address, so a new build's stylesheet is inlined again until the
 * browser has fetched it.
 */
const heldStylesheet = perConfig((config) =>
  createCookie("stylesheet", {
    path: "/",
    httpOnly: true,
    secure: config.cookieSecure,
    sameSite: "lax",
    // A week: a browser cache may drop the file while the cookie lives on, and then the next document
    // waits for the stylesheet; a file used within the week is very unlikely to have been dropped.
    maxAge: 7 * 24 * 60 * 60,
  }),
);

/** How this request's document gets its styles: linked when the browser holds the stylesheet, else inline. */
export async function pageStylesFor(request: Request): Promise<PageStyles> {
  const held = (await heldStylesheet().parse(request.headers.get("cookie"))) === stylesheetUrl;
  return held ? { href: stylesheetUrl } : { css: STYLES_PLACEHOLDER };
}

/**
 * The rendered document with, in its <head>, the part of the stylesheet its markup uses (issue 29);
 * when the document links the whole stylesheet, the cookie that says the browser will hold it.
 */
export async function withPageStyles(html: string, styles: PageStyles, headers: Headers): Promise<string> {
  if ("href" in styles) return html;
  if (html.includes(`<link rel="stylesheet" href="${stylesheetUrl}"`)) headers.append("Set-Cookie", await heldStylesheet().serialize(stylesheetUrl));
  const at = html.indexOf(STYLES_PLACEHOLDER);
  if (at < 0) return html;
  return html.slice(0, at) + criticalCss(parsed, html) + html.slice(at + STYLES_PLACEHOLDER.length);
}
