import { data } from "react-router";

/** /404: the root error page for 404 'Page not found', with that status. */
export function loader() {
  throw data({ message: "Page not found" }, { status: 404, statusText: "Page not found" });
}

export default function NotFound() {
  return null;
}
