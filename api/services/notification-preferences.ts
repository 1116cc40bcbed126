import { eq } from "drizzle-orm";
import type { NotificationPreferences } from "../../domain/schemas/auth.ts";
import type { Database } from "../db/client.ts";
import { notificationPreferences, type NotificationPreferencesRow } from "../db/schema/index.ts";

type Columns = Omit<NotificationPreferencesRow, "userId" | "updatedAt">;

/** Wire name (channel, topic) ↔ column. */
const COLUMNS = {
  email: { bookings: "emailBookings", price_changes: "emailPriceChanges", subscription: "emailSubscription", product_news: "emailProductNews" },
  in_app: { bookings: "inAppBookings", price_changes: "inAppPriceChanges", subscription: "inAppSubscription", product_news: "inAppProductNews" },
} as const satisfies Record<string, Record<string, keyof Columns>>;

/** What a user without a saved choice gets: everything but product news by e-mail. */
export const DEFAULT_PREFERENCES: NotificationPreferences = {
  email: { bookings: true, price_changes: true, subscription: true, product_news: false },
  in_app: { bookings: true, price_changes: true, subscription: true, product_news: true },
};

function toWire(row: Columns | undefined): NotificationPreferences {
  const out = structuredClone(DEFAULT_PREFERENCES);
  if (!row) return out;
  for (const channel of Object.keys(COLUMNS) as (keyof typeof COLUMNS)[]) {
    for (const [topic, column] of Object.entries(COLUMNS[channel])) {
      out[channel][topic as keyof (typeof out)["email"]] = row[column];
    }
  }
  return out;
}

export async function getNotificationPreferences(db: Database, userId: string): Promise<NotificationPreferences> {
  const [row] = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId)).limit(1);
  return toWire(row);
}

/** Applies the given subset over what is saved (or the defaults) and saves the whole set. */
export async function updateNotificationPreferences(
  db: Database,
  userId: string,
  changes: { [C in keyof NotificationPreferences]?: Partial<NotificationPreferences[C]> },
  now: Date,
): Promise<NotificationPreferences> {
  const next = await getNotificationPreferences(db, userId);
  const columns = {} as Columns;
  for (const channel of Object.keys(COLUMNS) as (keyof typeof COLUMNS)[]) {
    Object.assign(next[channel], changes[channel] ?? {});
    for (const [topic, column] of Object.entries(COLUMNS[channel])) {
      columns[column] = next[channel][topic as keyof (typeof next)["email"]];
    }
  }
  await db
    .insert(notificationPreferences)
    .values({ userId, ...columns, updatedAt: now })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: { ...columns, updatedAt: now } });
  return next;
}
