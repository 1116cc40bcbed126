import { z } from "zod";
import { isIsoDate } from "#domain/pricing/dates.ts";

const channexId = z.uuid("channels:validation.uuid");

/** PUT /admin/businesses/{id}/channex: the property, its key (blank keeps the stored one) and the category mapping. */
export const channexConnectSchema = z.object({
  property_id: channexId,
  api_key: z.string().trim().max(200).nullish(),
  mapping: z
    .array(z.object({ room_category_uuid: z.uuid(), room_type_id: channexId, rate_plan_id: channexId }))
    .min(1, "channels:validation.mappingRequired")
    .max(100),
});
export type ChannexConnectInput = z.output<typeof channexConnectSchema>;

const isoDate = z.string().refine(isIsoDate, "channels:validation.date");

/** GET /businesses/{id}/channel-push-status?from&to (at most 92 nights). */
export const pushStatusQuerySchema = z.object({ from: isoDate.optional(), to: isoDate.optional() });
