import { z } from "zod";
import { NOTIFICATION_KINDS } from "#domain/notifications/kinds.ts";
import { timestamp, uuid } from "./primitives.ts";

/** The JSON answers of the notification centre (docs/api/notifications.md; doc({ response }), ADR 0022). */

const kindAnswer = z.enum(NOTIFICATION_KINDS as [string, ...string[]]);
/** One notification of the caller's centre. */
export const notificationAnswer = z
  .object({
    uuid,
    kind: kindAnswer,
    title: z.string(),
    params: z.record(z.string(), z.union([z.string(), z.number()])),
    link: z.string().nullable(),
    business_uuid: uuid.nullable(),
    business_name: z.string().nullable(),
    read: z.boolean(),
    read_at: timestamp.nullable(),
    created_at: timestamp,
  })
  .strict();
/** GET /notifications: one page of the caller's notifications. */
export const notificationPageAnswer = z
  .object({
    notifications: z.array(notificationAnswer),
    unread_count: z.number().int().min(0),
    pagination: z.object({ page: z.number().int(), per_page: z.number().int(), total: z.number().int(), pages: z.number().int().min(1) }).strict(),
  })
  .strict();
export type NotificationPageJson = z.infer<typeof notificationPageAnswer>;
