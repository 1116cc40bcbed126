import { useEffect, useState } from "react";

/** What a reader does before a form can need its validation: move into a field, press, type. */
const FIRST_USE = ["focusin", "pointerdown", "keydown"] as const;

/**
 * A module imported once the reader starts using the page instead of with it: `undefined` until
 * it has arrived (and if it never does, e.g. offline). For code a page works without, such as
 * client-side form validation, whose schema library is the heaviest script of a form page: until
 * it is here, a submit simply goes to the action, which validates the same schema. Waiting for
 * the first focus, press or key keeps its download and evaluation (about 100 ms of a slow phone's
 * main thread) out of the page's load, where it delayed the page answering its first tap
 * (issue 27: the recommendations page on a phone).
 */
export function useDeferredModule<T>(load: () => Promise<T>): T | undefined {
  const [module, setModule] = useState<T>();
  useEffect(() => {
    let live = true;
    const start = () => {
      stop();
      load().then(
        (loaded) => live && setModule(() => loaded),
        () => undefined,
      );
    };
    const stop = () => FIRST_USE.forEach((type) => document.removeEventListener(type, start, true));
    // A field focused before hydration (autofocus) already holds the focus: no focusin will come.
    if (document.activeElement instanceof HTMLInputElement || document.activeElement instanceof HTMLTextAreaElement) start();
    else FIRST_USE.forEach((type) => document.addEventListener(type, start, true));
    return () => {
      live = false;
      stop();
    };
    // Loaded once per mount; a new `load` function on each render means nothing.
  }, []);
  return module;
}
