import { z } from "zod";

/**
 * The Channex form of /manage/businesses/{id}/channex: the property, its API key (blank keeps
 * the stored one) and, per category, Channex's room type and rate plan (both, or neither for a
 * category not sold through Channex).
 */
export const channexFormSchema = z.object({
  property_id: z.uuid("channels:validation.uuid"),
  api_key: z.string().trim().max(200).optional(),
  mapping: z
    .array(
      z
        .object({
          room_category_uuid: z.uuid(),
          room_type_id: z.uuid("channels:validation.uuid").optional(),
          rate_plan_id: z.uuid("channels:validation.uuid").optional(),
        })
        .superRefine((m, ctx) => {
          if (m.room_type_id && !m.rate_plan_id) ctx.addIssue({ code: "custom", path: ["rate_plan_id"], message: "channels:validation.bothIds" });
          if (!m.room_type_id && m.rate_plan_id) ctx.addIssue({ code: "custom", path: ["room_type_id"], message: "channels:validation.bothIds" });
        }),
    )
    .max(100)
    .default([]),
});

export type ChannexConnectionJson =
  | { connected: false }
  | {
      connected: true;
      property_id: string;
      active: boolean;
      mapping: { room_category_uuid: string; room_type_id: string; rate_plan_id: string }[];
      last_sync_at: string | null;
      last_feed_at: string | null;
      last_error: string | null;
      last_error_at: string | null;
      queued_changes: number;
      failed_nights: number;
    };
