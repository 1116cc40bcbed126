import { z } from "zod";
import { cents, day, timestamp, uuid } from "./primitives.ts";

/**
 * The JSON answers of the channel-manager routes (docs/api/channels.md): the Channex connection
 * of a business and each night's push status. doc({ response }), ADR 0022.
 */

/** The Channex connection; `{ connected: false }` when the business has none. */
export const connectionAnswer = z.discriminatedUnion("connected", [
  z.object({ connected: z.literal(false) }).strict(),
  z
    .object({
      connected: z.literal(true),
      property_id: z.string(),
      active: z.boolean(),
      mapping: z.array(z.object({ room_category_uuid: uuid, room_type_id: z.string(), rate_plan_id: z.string() }).strict()),
      last_sync_at: timestamp.nullable(),
      last_feed_at: timestamp.nullable(),
      last_error: z.string().nullable(),
      last_error_at: timestamp.nullable(),
      queued_changes: z.int().min(0),
      failed_nights: z.int().min(0),
    })
    .strict(),
]);
export type ConnectionJson = z.infer<typeof connectionAnswer>;

const night = z
  .object({
    date: day,
    categories: z.array(
      z
        .object({
          room_category_uuid: uuid,
          name: z.string(),
          status: z.enum(["queued", "sent", "failed", "not_sent"]),
          availability: z.int().nullable(),
          rate: cents.nullable(),
          error: z.string().nullable(),
          /** Channex refused the value itself (a warning): not sent again until it changes. */
          rejected: z.boolean(),
          attempts: z.int().min(0),
          retrying: z.boolean(),
          updated_at: timestamp.nullable(),
        })
        .strict(),
    ),
  })
  .strict();

/** GET /channel-push-status: each night's push per mapped category (no nights without a connection). */
export const pushStatusAnswer = z.discriminatedUnion("connected", [
  z.object({ connected: z.literal(false), from: day, to: day, nights: z.array(night).max(0) }).strict(),
  z.object({ connected: z.literal(true), from: day, to: day, last_sync_at: timestamp.nullable(), last_error: z.string().nullable(), nights: z.array(night) }).strict(),
]);
export type PushStatusJson = z.infer<typeof pushStatusAnswer>;

/** A channel booking that could not be placed (GET /channel-bookings-needing-attention): what the channel sent. */
export const attentionAnswer = z
  .object({
    revision_id: z.string(),
    booking_id: z.string(),
    status: z.string(),
    reason: z.enum(["unmapped_room", "unknown_rate_plan", "currency", "invalid"]),
    guest_name: z.string().nullable(),
    ota_name: z.string().nullable(),
    ota_reservation_code: z.string().nullable(),
    arrival: day.nullable(),
    departure: day.nullable(),
    /** Channex's decimal string, in `currency`, as received. */
    amount: z.string().nullable(),
    currency: z.string().nullable(),
    received_at: timestamp,
    /** When the channel cancelled the booking afterwards (then nothing is to be entered, or what was entered by hand is to be cancelled); null while it stands. */
    cancelled_at: timestamp.nullable(),
  })
  .strict();
export type AttentionJson = z.infer<typeof attentionAnswer>;
