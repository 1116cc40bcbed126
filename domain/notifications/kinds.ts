import type { NotificationTopic } from "#domain/schemas/auth.ts";

/**
 * What the product tells an owner about, each under the preference topic that decides how it is
 * delivered (in the app, by e-mail at once, in the daily digest).
 */
export const NOTIFICATION_KIND_TOPICS = {
  "reservation.created": "bookings",
  "reservation.changed": "bookings",
  "reservation.cancelled": "bookings",
  "reservation.needs_attention": "bookings",
  overbooking: "bookings",
  "nights.to_publish": "price_changes",
  "sync.error": "price_changes",
  "trial.ending": "subscription",
  "payment.failed": "subscription",
  "goal.reached": "activity",
  "reward.earned": "activity",
  "collaborator.joined": "activity",
} as const satisfies Record<string, NotificationTopic>;

export type NotificationKind = keyof typeof NOTIFICATION_KIND_TOPICS;
export const NOTIFICATION_KINDS = Object.keys(NOTIFICATION_KIND_TOPICS) as NotificationKind[];

export function isNotificationKind(value: unknown): value is NotificationKind {
  return typeof value === "string" && Object.hasOwn(NOTIFICATION_KIND_TOPICS, value);
}

/** Page size of the notification centre and its API. */
export const NOTIFICATIONS_PER_PAGE = 20;
