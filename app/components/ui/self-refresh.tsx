import { useEffect } from "react";
import { useRevalidator } from "react-router";

/**
 * Keeps a waiting page current: without JavaScript a refresh <meta> inside <noscript> reloads it
 * (so a page whose scripts run is not also reloaded); with JavaScript the loader is revalidated on
 * the same beat while the tab is visible, and the page changes in place.
 */
export function SelfRefresh({ seconds }: { seconds: number }) {
  const revalidator = useRevalidator();
  useEffect(() => {
    const timer = window.setInterval(() => {
      if (document.visibilityState === "visible") void revalidator.revalidate();
    }, seconds * 1000);
    return () => window.clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [seconds]);
  return <noscript dangerouslySetInnerHTML={{ __html: `<meta http-equiv="refresh" content="${seconds}">` }} />;
}
