/**
 * Path helpers shared by the navigation rules. Routes compare by pathname only, so a query string,
 * a fragment or a trailing slash must not change a decision ("/subscribe/?plan=pro" is /subscribe).
 */

/** The pathname alone: query and fragment dropped, trailing slashes removed, "/" kept. */
export function normalizePath(path: string): string {
  let pathname = path.split(/[?#]/, 1)[0] ?? "";
  if (!pathname.startsWith("/")) pathname = `/${pathname}`;
  pathname = pathname.replace(/\/+$/, "");
  return pathname === "" ? "/" : pathname;
}

/** `path` is `base` itself or lies under it: "/onboarding" and "/onboarding/x", not "/onboardingx". */
export function isWithin(path: string, base: string): boolean {
  const normalized = normalizePath(path);
  return normalized === base || normalized.startsWith(`${base}/`);
}
