import { useEffect, useState } from "react";

/**
 * A module imported once the page is interactive instead of with it: `undefined` until it has
 * arrived (and if it never does, e.g. offline). For code a page works without, such as
 * client-side form validation, whose schema library is the heaviest script of a form page:
 * until it is here, a submit simply goes to the action, which validates the same schema.
 */
export function useDeferredModule<T>(load: () => Promise<T>): T | undefined {
  const [module, setModule] = useState<T>();
  useEffect(() => {
    let live = true;
    load().then(
      (loaded) => live && setModule(() => loaded),
      () => undefined,
    );
    return () => {
      live = false;
    };
    // Loaded once per mount; a new `load` function on each render means nothing.
  }, []);
  return module;
}
