import { useState } from "react";

/**
 * A value chosen while rendering on the server and kept by the browser: during hydration the
 * server's HTML is still in the document, so the first client render reads the value back from
 * an attribute of the element that shows it, and the two renders agree (no hydration mismatch).
 * When the element is not there (the page was reached by a client navigation) `create` runs.
 */
export function useServerValue<T>(
  elementId: string,
  attribute: string,
  parse: (raw: string) => T | undefined,
  create: () => T,
): T {
  const [value] = useState<T>(() => {
    if (typeof document !== "undefined") {
      const raw = document.getElementById(elementId)?.getAttribute(attribute);
      const parsed = raw == null ? undefined : parse(raw);
      if (parsed !== undefined) return parsed;
    }
    return create();
  });
  return value;
}
