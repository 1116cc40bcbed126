import { z } from "zod";
import { channexConnectSchema } from "#domain/schemas/channels";

const mappingRow = channexConnectSchema.shape.mapping.element;

/**
 * The Channex form of /manage/businesses/{id}/channex: the API's schema (domain/schemas/channels),
 * except that a category row may leave both ids blank (a category not sold through Channex), so
 * the form asks for both or neither and sends only the rows it fills.
 */
export const channexFormSchema = channexConnectSchema.extend({
  mapping: z
    .array(
      mappingRow.partial({ room_type_id: true, rate_plan_id: true }).superRefine((m, ctx) => {
        if (m.room_type_id && !m.rate_plan_id) ctx.addIssue({ code: "custom", path: ["rate_plan_id"], message: "channels:validation.bothIds" });
        if (!m.room_type_id && m.rate_plan_id) ctx.addIssue({ code: "custom", path: ["room_type_id"], message: "channels:validation.bothIds" });
      }),
    )
    .max(100)
    .default([]),
});
