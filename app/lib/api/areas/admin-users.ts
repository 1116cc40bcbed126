import type { z } from "zod";
import type { AdminUserJson, AdminUserListJson } from "#contract/admin";
import type { adminUpdateUserSchema, createUserSchema, listUsersQuerySchema, userFeaturesSchema } from "#domain/schemas/admin";
import type { ApiVerbs } from "#app/lib/api/verbs.ts";

/** The administrator's account calls (/api/v1/admin/users). */
export function adminUsersApi(http: ApiVerbs) {
  const users = "/api/v1/admin/users";
  const one = async (path: string, body?: unknown): Promise<AdminUserJson> => (await http.post<{ data: AdminUserJson }>(path, body)).data;
  return {
    /** GET /admin/users: one page of accounts, filtered (what is left out takes the API's default). */
    list: (query: Partial<z.output<typeof listUsersQuerySchema>>) => http.get<AdminUserListJson>(users, { query }),
    /** GET /admin/users/{id}. */
    get: async (userUuid: string): Promise<AdminUserJson> => (await http.get<{ data: AdminUserJson }>(`${users}/${userUuid}`)).data,
    /** POST /admin/users (201): the account opened, its owner e-mailed. */
    create: (body: z.input<typeof createUserSchema>) => one(users, body),
    /** PUT /admin/users/{id}: the fields given. */
    update: async (userUuid: string, body: z.input<typeof adminUpdateUserSchema>): Promise<AdminUserJson> =>
      (await http.put<{ data: AdminUserJson }>(`${users}/${userUuid}`, body)).data,
    /** POST /admin/users/{id}/disable or …/enable. */
    setDisabled: (userUuid: string, disabled: boolean) => one(`${users}/${userUuid}/${disabled ? "disable" : "enable"}`),
    /** POST /admin/users/{id}/reset-two-factor. */
    resetTwoFactor: (userUuid: string) => one(`${users}/${userUuid}/reset-two-factor`),
    /** PUT /admin/users/{id}/features: the whole list. */
    setFeatures: async (userUuid: string, body: z.input<typeof userFeaturesSchema>): Promise<AdminUserJson> =>
      (await http.put<{ data: AdminUserJson }>(`${users}/${userUuid}/features`, body)).data,
  };
}
