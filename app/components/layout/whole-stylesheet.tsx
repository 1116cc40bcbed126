import { useEffect, useState } from "react";

/**
 * The whole stylesheet at the end of the body, for what the page shows later (client navigations,
 * menus and messages drawn by scripts); the document's <head> carries only what its markup uses.
 * It arrives as a print style, so it neither holds up the first paint nor makes the browser work
 * out every element's style a second time while the page loads, and applies once the page has
 * hydrated and the browser is idle (the same rules as the inline ones for what is already there,
 * so nothing on screen moves). Without scripts it stays a print style: the browser still fetches
 * and caches it, so the next documents link it instead of carrying it (ADR 0056, ADR 0061).
 */
export function WholeStylesheet({ href, scripted }: { href: string; scripted: boolean }) {
  const [applied, setApplied] = useState(false);
  useEffect(() => {
    if (!scripted) return;
    if (typeof requestIdleCallback !== "function") {
      const timer = setTimeout(() => setApplied(true), 0);
      return () => clearTimeout(timer);
    }
    const idle = requestIdleCallback(() => setApplied(true), { timeout: 2_000 });
    return () => cancelIdleCallback(idle);
  }, [scripted]);
  return <link rel="stylesheet" href={href} media={applied ? "all" : "print"} />;
}
