import type { z } from "zod";
import type { businessEnvelope, BusinessJson, BusinessTypeJson, PmsJson } from "#contract/business";
import type {
  businessDetailsSchema,
  businessTypeSchema,
  categoryBatchSchema,
  categoryPatchSchema,
  createBusinessSchema,
  newCategorySchema,
  roomsSchema,
} from "#domain/schemas/business";
import type { ApiVerbs, Posted } from "#app/lib/api/verbs.ts";

type Written = z.infer<typeof businessEnvelope>;

/** The business calls (spec section 7, "Businesses"): each write answers the business in full. */
export function businessApi(http: ApiVerbs) {
  const base = (businessUuid: string) => `/api/v1/businesses/${businessUuid}`;
  const categories = (businessUuid: string) => `${base(businessUuid)}/room-categories`;
  return {
    /** GET /businesses/{id}. */
    get: async (businessUuid: string): Promise<BusinessJson> => (await http.get<{ data: BusinessJson }>(base(businessUuid))).data,
    /** POST /businesses (201): a new business of the caller's. */
    create: (body: z.input<typeof createBusinessSchema>) => http.post<Written>("/api/v1/businesses", body),
    /** PUT /businesses/{id}/details: the fields given. */
    saveDetails: (businessUuid: string, body: z.input<typeof businessDetailsSchema>) => http.put<Written>(`${base(businessUuid)}/details`, body),
    /** PUT /businesses/{id}/type. */
    saveType: (businessUuid: string, body: z.input<typeof businessTypeSchema>) => http.put<Written>(`${base(businessUuid)}/type`, body),
    /** PUT /businesses/{id}/rooms: the whole set of categories. */
    saveRooms: (businessUuid: string, body: z.input<typeof roomsSchema>) => http.put<Written>(`${base(businessUuid)}/rooms`, body),
    /** POST /businesses/{id}/room-categories (201): one category more. */
    addCategory: (businessUuid: string, body: z.input<typeof newCategorySchema>) => http.post<Written>(categories(businessUuid), body),
    /** PUT /businesses/{id}/room-categories/{category}: the fields given. */
    updateCategory: (businessUuid: string, categoryId: string, body: z.input<typeof categoryPatchSchema>) =>
      http.put<Written>(`${categories(businessUuid)}/${categoryId}`, body),
    /** PUT /businesses/{id}/room-categories/batch: patches naming their category by uuid (a form's, as posted). */
    updateCategories: (businessUuid: string, body: Posted<z.input<typeof categoryBatchSchema>>) => http.put<Written>(`${categories(businessUuid)}/batch`, body),
    /** DELETE /businesses/{id}/room-categories/{category}. */
    deleteCategory: (businessUuid: string, categoryId: string) => http.delete<Written>(`${categories(businessUuid)}/${categoryId}`),
    /** POST /businesses/{id}/upload-logo (multipart, field `logo`). */
    uploadLogo: (businessUuid: string, upload: FormData) => http.post<Written>(`${base(businessUuid)}/upload-logo`, upload),
    /** DELETE /businesses/{id}/remove-logo. */
    removeLogo: (businessUuid: string) => http.delete<Written>(`${base(businessUuid)}/remove-logo`),
    /** GET /business-types. */
    types: async (): Promise<BusinessTypeJson[]> => (await http.get<{ data: BusinessTypeJson[] }>("/api/v1/business-types")).data ?? [],
    /** GET /pms: every PMS, active or not. */
    pms: async (): Promise<PmsJson[]> => (await http.get<{ data: PmsJson[] }>("/api/v1/pms")).data ?? [],
  };
}
