import { isbot } from "isbot";
import type { StaticHandlerContext } from "react-router";

/** The agents spec section 2 names, matched anywhere in the user agent, case-insensitively. */
const NAMED_AGENTS = /bot|lighthouse|facebookexternalhit|google/i;

/**
 * Command-line HTTP clients a person runs by hand to look at a page. `isbot` counts them as
 * bots (any "name/1.0" agent), but they index nothing and preview nothing, so they get the
 * real page like a browser.
 */
const HAND_HELD_CLIENTS = /^(curl|wget|httpie)\//i;

/**
 * Crawlers and link-preview agents, which get a minimal body instead of the error page
 * (spec section 2): anything `isbot` recognises, plus the named agents, minus hand-held clients.
 */
export function isCrawler(userAgent: string | null | undefined): boolean {
  if (!userAgent) return false;
  if (NAMED_AGENTS.test(userAgent)) return true;
  return isbot(userAgent) && !HAND_HELD_CLIENTS.test(userAgent.trim());
}

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

/** The whole body a crawler gets for an error status: the status line, no scripts, not indexable. */
export function crawlerErrorBody(status: number, reason?: string): string {
  const line = escapeHtml(reason ? `${status} ${reason}` : String(status));
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>${line}</title></head><body><h1>${line}</h1></body></html>\n`;
}

/**
 * Whether this answer goes to a crawler as the minimal body instead of the page. Only error pages
 * do (spec section 2): a route that threw (its error boundary renders) or a page that is itself an
 * error page (`/unauthorized`, a GET answered 4xx). An action's 4xx reply — a declined card on
 * /subscribe, a form with field errors — is the form again with its message, for bots too.
 */
export function answersCrawlerWithErrorBody(
  status: number,
  userAgent: string | null | undefined,
  context: Pick<StaticHandlerContext, "errors" | "actionData">,
): boolean {
  if (status < 400 || !isCrawler(userAgent)) return false;
  const formReply = context.actionData != null && !context.errors;
  return !formReply;
}
