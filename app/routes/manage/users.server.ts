import type { AdminUserJson, PermissionHolderJson, PermissionJson } from "#contract/admin";
import { isUuid } from "#domain/text/sanitize";
import type { ApiClient, Query } from "#app/lib/api.server";
import { orNotFound } from "#app/lib/not-found.server";

/** The admin area's calls to the API (/api/v1/admin/*), for the /manage screens. */

export type { AdminUserJson, PermissionHolderJson, PermissionJson };

export interface UserPage {
  data: AdminUserJson[];
  meta: { page: number; per_page: number; total: number; last_page: number };
}

export function listUsers(api: ApiClient, query: Query): Promise<UserPage> {
  return api.get<UserPage>("/api/v1/admin/users", { query });
}

/** A route parameter that must be a UUID: anything else is the spec's 404 'Page Not Found'. */
export function uuidParam(value: string | undefined): string {
  if (!isUuid(value)) throw new Response("Page Not Found", { status: 404, statusText: "Page Not Found" });
  return value.toLowerCase();
}

export async function getUser(api: ApiClient, id: string): Promise<AdminUserJson> {
  return (await orNotFound(api.get<{ data: AdminUserJson }>(`/api/v1/admin/users/${id}`))).data;
}

export async function listPermissions(api: ApiClient): Promise<PermissionJson[]> {
  return (await api.get<{ data: PermissionJson[] }>("/api/v1/admin/permissions")).data;
}

export async function getPermission(api: ApiClient, id: string): Promise<PermissionJson> {
  return (await orNotFound(api.get<{ data: PermissionJson }>(`/api/v1/admin/permissions/${id}`))).data;
}

export async function permissionHolders(api: ApiClient, id: string): Promise<PermissionHolderJson[]> {
  return (await api.get<{ data: PermissionHolderJson[] }>(`/api/v1/admin/permissions/${id}/users`)).data;
}

/** The account with exactly this e-mail, found through the user search. */
export async function userWithEmail(api: ApiClient, email: string): Promise<AdminUserJson | null> {
  const page = await listUsers(api, { search: email, per_page: 100 });
  return page.data.find((u) => u.email.toLowerCase() === email.toLowerCase()) ?? null;
}
