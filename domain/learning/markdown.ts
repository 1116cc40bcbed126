import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";

/**
 * Lesson bodies are markdown written by editors; they are rendered on the server and sanitised
 * with an allow-list, so no script, inline event handler or javascript: link reaches a reader.
 */
const marked = new Marked({ gfm: true, breaks: false, async: false });

const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: [
    "h1", "h2", "h3", "h4", "h5", "h6", "p", "br", "hr", "blockquote", "pre", "code", "em", "strong", "del",
    "ul", "ol", "li", "a", "img", "table", "thead", "tbody", "tr", "th", "td",
  ],
  allowedAttributes: { a: ["href", "title"], img: ["src", "alt", "title"], th: ["align"], td: ["align"], ol: ["start"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
  transformTags: { a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer" }) },
  allowedSchemesAppliedToAttributes: ["href", "src"],
};
ALLOWED.allowedAttributes = { ...(ALLOWED.allowedAttributes as Record<string, string[]>), a: ["href", "title", "rel"] };

export function renderMarkdown(markdown: string): string {
  return sanitizeHtml(marked.parse(markdown) as string, ALLOWED);
}

/** The PostgreSQL text-search configuration for each interface locale. */
export const SEARCH_DICTIONARY = {
  "pt-BR": "portuguese",
  "en-US": "english",
  "es-ES": "spanish",
  "fr-CA": "french",
  "it-IT": "italian",
} as const;
