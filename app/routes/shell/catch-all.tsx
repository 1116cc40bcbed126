import { data } from "react-router";

/**
 * Unmatched paths answer 404 'Page not found' through the root error page. A real route
 * (rather than none) keeps the root middleware, and so the locale, on 404 pages.
 */
export function loader() {
  throw data({ message: "Page not found" }, { status: 404, statusText: "Page not found" });
}

export default function CatchAll() {
  return null;
}
