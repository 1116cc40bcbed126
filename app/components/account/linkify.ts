/** A piece of an e-mail's text: plain text, or a link to follow. */
export type TextPiece = { text: string } | { text: string; href: string };

const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;

/**
 * Splits plain text into text and links, so the development mailbox can show an e-mail's links
 * as links. A link to the app's own origin becomes a path, so it works whatever host or port the
 * mailbox is opened on.
 */
export function linkify(text: string, appOrigin?: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    // Sentence punctuation right after a link is not part of it.
    const url = match[0].replace(/[.,;:!?)\]]+$/, "");
    const start = match.index ?? 0;
    if (start > last) pieces.push({ text: text.slice(last, start) });
    pieces.push({ text: url, href: localHref(url, appOrigin) });
    last = start + url.length;
  }
  if (last < text.length) pieces.push({ text: text.slice(last) });
  return pieces;
}

function localHref(url: string, appOrigin?: string): string {
  if (!appOrigin) return url;
  try {
    const parsed = new URL(url);
    return parsed.origin === new URL(appOrigin).origin ? parsed.pathname + parsed.search + parsed.hash : url;
  } catch {
    return url;
  }
}
