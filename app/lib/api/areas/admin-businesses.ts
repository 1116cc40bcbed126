import type { z } from "zod";
import type { businessEnvelope, BusinessJson } from "#contract/business";
import type { ConnectionJson } from "#contract/channels";
import type { PageMeta } from "#contract/primitives";
import type { adminAssignSchema, adminCreateBusinessSchema, adminListQuerySchema, adminStatusSchema, adminUpdateBusinessSchema } from "#domain/schemas/business";
import type { channexConnectSchema } from "#domain/schemas/channels";
import type { ApiVerbs } from "#app/lib/api/verbs.ts";

type Written = z.infer<typeof businessEnvelope>;

/** The administrator's business calls (/api/v1/admin/businesses): every business, its owners and helpers, its Channex connection. */
export function adminBusinessesApi(http: ApiVerbs) {
  const businesses = "/api/v1/admin/businesses";
  const ofUser = (userUuid: string) => `/api/v1/admin/users/${userUuid}/businesses`;
  const channex = (businessUuid: string) => `${businesses}/${businessUuid}/channex`;
  return {
    /** GET /admin/businesses: one page, searched by name. */
    list: (query: Partial<z.output<typeof adminListQuerySchema>>) => http.get<{ data: BusinessJson[]; meta: PageMeta }>(businesses, { query }),
    /** POST /admin/businesses (201): a business for the account named by `owner_uuid`. */
    create: (body: z.input<typeof adminCreateBusinessSchema>) => http.post<Written>(businesses, body),
    /** PUT /admin/businesses/{id}: the details and the administrator's flags. */
    update: (businessUuid: string, body: z.input<typeof adminUpdateBusinessSchema>) => http.put<Written>(`${businesses}/${businessUuid}`, body),
    /** PUT /admin/businesses/{id}/status: forced (to repair a stuck setup). */
    setStatus: (businessUuid: string, body: z.input<typeof adminStatusSchema>) => http.put<Written>(`${businesses}/${businessUuid}/status`, body),
    /** GET /admin/users/{id}/businesses: those the account owns or helps in. */
    ofUser: async (userUuid: string): Promise<BusinessJson[]> => (await http.get<{ data: BusinessJson[] }>(ofUser(userUuid))).data,
    /** POST /admin/users/{id}/businesses (201): the account made a collaborator, with permissions. */
    assign: (userUuid: string, body: z.input<typeof adminAssignSchema>) => http.post<Written>(ofUser(userUuid), body),
    /** DELETE /admin/users/{id}/businesses/{business}: the account's businesses left. */
    unassign: async (userUuid: string, businessUuid: string): Promise<BusinessJson[]> =>
      (await http.delete<{ data: BusinessJson[] }>(`${ofUser(userUuid)}/${businessUuid}`)).data,
    /** GET /admin/businesses/{id}/channex. */
    channex: async (businessUuid: string): Promise<ConnectionJson> => (await http.get<{ data: ConnectionJson }>(channex(businessUuid))).data,
    /** PUT /admin/businesses/{id}/channex: connected (a blank key keeps the stored one). */
    connectChannex: async (businessUuid: string, body: z.input<typeof channexConnectSchema>): Promise<ConnectionJson> =>
      (await http.put<{ data: ConnectionJson }>(channex(businessUuid), body)).data,
    /** POST /admin/businesses/{id}/channex/resync (202): a full re-sync queued. */
    resyncChannex: async (businessUuid: string): Promise<ConnectionJson> => (await http.post<{ data: ConnectionJson }>(`${channex(businessUuid)}/resync`, {})).data,
    /** DELETE /admin/businesses/{id}/channex (204). */
    disconnectChannex: async (businessUuid: string): Promise<void> => {
      await http.delete(channex(businessUuid));
    },
  };
}
