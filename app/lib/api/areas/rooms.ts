import type { z } from "zod";
import type { RoomBlockJson, roomBlockWritten, RoomJson } from "#contract/bookings";
import type { deletedAnswer } from "#contract/primitives";
import type { roomBlockRangeQuerySchema, roomBlockSchema } from "#domain/schemas/bookings";
import type { ApiVerbs } from "#app/lib/api/verbs.ts";

/** The rooms and room-block calls (docs/api/rooms.md). */
export function roomsApi(http: ApiVerbs) {
  const base = (businessUuid: string) => `/api/v1/businesses/${businessUuid}`;
  const blocks = (businessUuid: string) => `${base(businessUuid)}/room-blocks`;
  return {
    /** GET /businesses/{id}/rooms. */
    list: async (businessUuid: string): Promise<RoomJson[]> => (await http.get<{ data: RoomJson[] }>(`${base(businessUuid)}/rooms`)).data,
    /** GET /businesses/{id}/room-blocks: the blocks touching the range. */
    blocks: async (businessUuid: string, query: z.input<typeof roomBlockRangeQuerySchema>): Promise<RoomBlockJson[]> =>
      (await http.get<{ data: RoomBlockJson[] }>(blocks(businessUuid), { query })).data,
    /** POST …/room-blocks (201). */
    createBlock: (businessUuid: string, body: z.input<typeof roomBlockSchema>) => http.post<z.infer<typeof roomBlockWritten>>(blocks(businessUuid), body),
    /** PUT …/room-blocks/{block}. */
    updateBlock: (businessUuid: string, blockId: string, body: z.input<typeof roomBlockSchema>) =>
      http.put<z.infer<typeof roomBlockWritten>>(`${blocks(businessUuid)}/${blockId}`, body),
    /** DELETE …/room-blocks/{block}. */
    deleteBlock: (businessUuid: string, blockId: string) => http.delete<z.infer<typeof deletedAnswer>>(`${blocks(businessUuid)}/${blockId}`),
  };
}
