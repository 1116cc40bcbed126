import type { UIMatch } from "react-router";

/**
 * A route whose page works fully as HTML forms and links says so with `handle: { hydrate: false }`
 * (or spreads `noHydration` into its handle). When every route a document matches (the root
 * aside) says so, the server sends that document without React Router's scripts, modulepreload
 * links and scroll-restoration script: nothing is downloaded, parsed or hydrated (issue 14,
 * ADR 0033). The page then behaves exactly as it does with JavaScript switched off — the server
 * validates every form, a flash toast stays on the page — and its links and forms load whole
 * documents, so the next page decides afresh.
 *
 * A page that is already running (a client navigation from a scripted page) keeps its scripts:
 * only the server's render of a document can leave them out.
 */
export const noHydration = { hydrate: false } as const;

interface HydrationHandle {
  hydrate?: boolean;
}

/** True when some matched route (other than the root) needs the page hydrated. */
export function needsHydration(matches: readonly Pick<UIMatch, "id" | "handle">[]): boolean {
  const routes = matches.filter((match) => match.id !== "root");
  if (routes.length === 0) return true;
  return routes.some((match) => (match.handle as HydrationHandle | undefined)?.hydrate !== false);
}
