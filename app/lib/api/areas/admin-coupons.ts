import type { z } from "zod";
import type { AdminCouponJson, adminCouponWritten } from "#contract/coupons";
import type { createCouponSchema, updateCouponSchema } from "#domain/schemas/billing";
import type { ApiVerbs, Posted } from "#app/lib/api/verbs.ts";

type Written = z.infer<typeof adminCouponWritten>;

/** The administrator's coupon calls (/api/v1/admin/coupons); a write answers the coupon and a translated confirmation. */
export function adminCouponsApi(http: ApiVerbs) {
  const coupons = "/api/v1/admin/coupons";
  const one = (code: string) => `${coupons}/${encodeURIComponent(code)}`;
  return {
    /** GET /admin/coupons. */
    list: async (): Promise<AdminCouponJson[]> => (await http.get<{ data: AdminCouponJson[] }>(coupons)).data,
    /** GET /admin/coupons/{code}. */
    get: async (code: string): Promise<AdminCouponJson> => (await http.get<{ data: AdminCouponJson }>(one(code))).data,
    /** POST /admin/coupons (201): the form's values as read, for the API to check. */
    create: (body: Posted<z.input<typeof createCouponSchema>>) => http.post<Written>(coupons, body),
    /** PUT /admin/coupons/{code}: what affects the next redemptions. */
    update: (code: string, body: Posted<z.input<typeof updateCouponSchema>>) => http.put<Written>(one(code), body),
    /** DELETE /admin/coupons/{code}: deactivated. */
    deactivate: (code: string) => http.delete<Written>(one(code)),
  };
}
