/** Small rules the admin screens share (safe in the browser). */

/** Whether a permission can be given to an account here: not the system user.* ones, which each business's owner grants. */
export function assignable(permission: { system: boolean; guard: string }): boolean {
  return !(permission.system && permission.guard === "user");
}

export function fullName(user: { name: string; surname: string }): string {
  return `${user.name} ${user.surname}`.trim();
}

/** The list page's address with some query parameters changed (blank ones dropped). */
export function withQuery(path: string, current: URLSearchParams, changes: Record<string, string | number | null>): string {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === "") next.delete(key);
    else next.set(key, String(value));
  }
  for (const [key, value] of [...next]) if (value === "") next.delete(key);
  const query = next.toString();
  return query ? `${path}?${query}` : path;
}
