import type { ApiClient } from "../../lib/api.server";

/** PUT …/room-categories/batch: patches naming their category by uuid (spec section 7). */
export async function saveCategoryBatch(api: ApiClient, businessUuid: string, categories: ({ uuid: string } & Record<string, unknown>)[]) {
  await api.put(`/api/v1/businesses/${businessUuid}/room-categories/batch`, { room_setup: { categories } });
}
