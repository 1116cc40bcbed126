import type { z } from "zod";
import type { businessEnvelope, BusinessJson, BusinessTypeJson, PmsJson } from "#contract/business";
import type { categoryPatchSchema } from "#domain/schemas/business";
import type { ApiVerbs } from "#app/lib/api/verbs.ts";

/** The business calls (spec section 7, "Businesses"). */
export function businessApi(http: ApiVerbs) {
  return {
    /** GET /businesses/{id}. */
    get: async (businessUuid: string): Promise<BusinessJson> => (await http.get<{ data: BusinessJson }>(`/api/v1/businesses/${businessUuid}`)).data,
    /** PUT /businesses/{id}/room-categories/{category}: the fields given; the business answered in full. */
    updateCategory: (businessUuid: string, categoryId: string, body: z.input<typeof categoryPatchSchema>) =>
      http.put<z.infer<typeof businessEnvelope>>(`/api/v1/businesses/${businessUuid}/room-categories/${categoryId}`, body),
    /** GET /business-types. */
    types: async (): Promise<BusinessTypeJson[]> => (await http.get<{ data: BusinessTypeJson[] }>("/api/v1/business-types")).data ?? [],
    /** GET /pms: every PMS, active or not. */
    pms: async (): Promise<PmsJson[]> => (await http.get<{ data: PmsJson[] }>("/api/v1/pms")).data ?? [],
  };
}
