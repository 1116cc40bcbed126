import type { z } from "zod";
import type { FolioJson, ItemJson, PointOfSaleJson } from "#contract/ledger";
import type { extraSchema, paymentSchema } from "#domain/schemas/ledger";
import type { ApiVerbs } from "#app/lib/api/verbs.ts";

/** A reservation's folio (docs/api/ledger.md): its extras, payments and balance, and the items and points of sale its forms offer (the accounts are the ledger's `accountsWhere`). */
export function folioApi(http: ApiVerbs) {
  const business = (businessUuid: string) => `/api/v1/businesses/${businessUuid}`;
  const reservation = (businessUuid: string, reservationId: string) => `${business(businessUuid)}/reservations/${reservationId}`;
  const active = async <T>(path: string) => (await http.get<{ data: T[] }>(path, { query: { active: "1" } })).data;
  return {
    /** GET …/reservations/{reservation}/folio. */
    get: async (businessUuid: string, reservationId: string): Promise<FolioJson> =>
      (await http.get<{ data: FolioJson }>(`${reservation(businessUuid, reservationId)}/folio`)).data,
    /** GET /businesses/{id}/items?active=1. */
    activeItems: (businessUuid: string) => active<ItemJson>(`${business(businessUuid)}/items`),
    /** GET /businesses/{id}/points-of-sale?active=1. */
    activePointsOfSale: (businessUuid: string) => active<PointOfSaleJson>(`${business(businessUuid)}/points-of-sale`),
    /** POST …/reservations/{reservation}/extras (201). */
    addExtra: async (businessUuid: string, reservationId: string, body: z.input<typeof extraSchema>): Promise<void> => {
      await http.post(`${reservation(businessUuid, reservationId)}/extras`, body);
    },
    /** POST …/reservations/{reservation}/payments (201). */
    addPayment: async (businessUuid: string, reservationId: string, body: z.input<typeof paymentSchema>): Promise<void> => {
      await http.post(`${reservation(businessUuid, reservationId)}/payments`, body);
    },
    /** DELETE …/reservations/{reservation}/extras/{extra} or …/payments/{payment}. */
    remove: async (businessUuid: string, reservationId: string, kind: "extras" | "payments", id: string): Promise<void> => {
      await http.delete(`${reservation(businessUuid, reservationId)}/${kind}/${id}`);
    },
  };
}
