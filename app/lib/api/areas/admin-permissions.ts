import type { z } from "zod";
import type { PermissionHolderJson, PermissionJson } from "#contract/admin";
import type { successAnswer } from "#contract/primitives";
import type { assignPermissionSchema, createPermissionSchema, updatePermissionSchema } from "#domain/schemas/admin";
import type { ApiVerbs } from "#app/lib/api/verbs.ts";

type Success = z.infer<typeof successAnswer>;

/** The administrator's permission calls (/api/v1/admin/permissions): the permissions and who holds them. */
export function adminPermissionsApi(http: ApiVerbs) {
  const permissions = "/api/v1/admin/permissions";
  return {
    /** GET /admin/permissions. */
    list: async (): Promise<PermissionJson[]> => (await http.get<{ data: PermissionJson[] }>(permissions)).data,
    /** GET /admin/permissions/{id}. */
    get: async (permissionUuid: string): Promise<PermissionJson> => (await http.get<{ data: PermissionJson }>(`${permissions}/${permissionUuid}`)).data,
    /** POST /admin/permissions (201). */
    create: async (body: z.input<typeof createPermissionSchema>): Promise<PermissionJson> => (await http.post<{ data: PermissionJson }>(permissions, body)).data,
    /** PUT /admin/permissions/{id}. */
    update: async (permissionUuid: string, body: z.input<typeof updatePermissionSchema>): Promise<PermissionJson> =>
      (await http.put<{ data: PermissionJson }>(`${permissions}/${permissionUuid}`, body)).data,
    /** DELETE /admin/permissions/{id} (custom permissions only). */
    remove: (permissionUuid: string) => http.delete<Success>(`${permissions}/${permissionUuid}`),
    /** GET /admin/permissions/{id}/users: the accounts holding it. */
    holders: async (permissionUuid: string): Promise<PermissionHolderJson[]> =>
      (await http.get<{ data: PermissionHolderJson[] }>(`${permissions}/${permissionUuid}/users`)).data,
    /** POST /admin/permissions/{id}/users (201): given to one account. */
    assign: async (permissionUuid: string, body: z.input<typeof assignPermissionSchema>): Promise<PermissionHolderJson> =>
      (await http.post<{ data: PermissionHolderJson }>(`${permissions}/${permissionUuid}/users`, body)).data,
    /** DELETE /admin/permissions/{id}/users/{user}: taken from one account. */
    unassign: (permissionUuid: string, userUuid: string) => http.delete<Success>(`${permissions}/${permissionUuid}/users/${userUuid}`),
  };
}
