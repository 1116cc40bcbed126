import { createContext, useContext } from "react";

/**
 * The document's styles (ADR 0048, 0056): inline, the part of the stylesheet the document uses;
 * or, once the browser holds the whole stylesheet (a cached, hashed file), a link to it.
 */
export type PageStyles = { css: string } | { href: string };

/**
 * The stylesheet travels inside each document's <head> (the part the document uses, ADR 0048) instead of
 * as a render-blocking <link>: on a phone over mobile data the first paint then waits for one
 * response, not two, and the stylesheet never queues behind the page's scripts (ADR 0027). A browser
 * that already holds the stylesheet gets the link instead: no second response, and a lighter
 * document (ADR 0056). The server fills the context (entry.server.tsx); while hydrating, the
 * browser keeps the element the server sent, so both sides render the same one.
 */
export const InlineStylesContext = createContext<PageStyles | null>(null);

const ID = "app-styles";

export function InlineStyles() {
  const styles = useContext(InlineStylesContext) ?? sentByServer();
  if ("href" in styles) return <link id={ID} rel="stylesheet" href={styles.href} />;
  return <style id={ID} dangerouslySetInnerHTML={{ __html: styles.css }} />;
}

function sentByServer(): PageStyles {
  const sent = typeof document === "undefined" ? null : document.getElementById(ID);
  if (sent?.tagName === "LINK") return { href: sent.getAttribute("href") ?? "" };
  return { css: sent?.innerHTML ?? "" };
}
