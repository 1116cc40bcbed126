import type { AdminUserJson } from "#contract/admin";
import { isUuid } from "#domain/text/sanitize";
import type { ApiClient } from "#app/lib/api.server";

/** Helpers of the /manage account and permission screens; the calls themselves are `api.admin.*`. */

/** A route parameter that must be a UUID: anything else is the spec's 404 'Page Not Found'. */
export function uuidParam(value: string | undefined): string {
  if (!isUuid(value)) throw new Response("Page Not Found", { status: 404, statusText: "Page Not Found" });
  return value.toLowerCase();
}

/** The account with exactly this e-mail, found through the user search. */
export async function userWithEmail(api: ApiClient, email: string): Promise<AdminUserJson | null> {
  const page = await api.admin.users.list({ search: email, per_page: 100 });
  return page.data.find((u) => u.email.toLowerCase() === email.toLowerCase()) ?? null;
}
