import { eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { NotificationPreferences } from "#domain/schemas/auth.ts";
import type { Database } from "#api/db/client.ts";
import { notificationPreferences, type NotificationPreferencesRow } from "#api/db/schema/index.ts";

type Columns = Omit<NotificationPreferencesRow, "userId" | "updatedAt" | "mutedBusinessIds">;

/** Wire name (channel, topic) ↔ column. */
const COLUMNS = {
  email: { bookings: "emailBookings", price_changes: "emailPriceChanges", subscription: "emailSubscription", activity: "emailActivity", product_news: "emailProductNews" },
  in_app: { bookings: "inAppBookings", price_changes: "inAppPriceChanges", subscription: "inAppSubscription", activity: "inAppActivity", product_news: "inAppProductNews" },
  digest: { bookings: "digestBookings", price_changes: "digestPriceChanges", subscription: "digestSubscription", activity: "digestActivity", product_news: "digestProductNews" },
} as const satisfies Record<string, Record<string, keyof Columns>>;

const topicsAnswer = z
  .object({ bookings: z.boolean(), price_changes: z.boolean(), subscription: z.boolean(), activity: z.boolean(), product_news: z.boolean() })
  .strict();
/** GET/PUT /users/{uuid}/notification-preferences (doc({ response }), ADR 0022). */
export const notificationPreferencesAnswer = z
  .object({
    preferences: z.object({ email: topicsAnswer, in_app: topicsAnswer, digest: topicsAnswer }).strict(),
    muted_business_uuids: z.array(z.uuid()),
  })
  .strict();

/** The settings as the API answers them. */
export const preferencesJson = (s: UserNotificationSettings): z.infer<typeof notificationPreferencesAnswer> => ({
  preferences: s.preferences,
  muted_business_uuids: s.mutedBusinessIds,
});

/** What a user without a saved choice gets: everything in the app and by e-mail but product news by e-mail; no digest. */
export const DEFAULT_PREFERENCES: NotificationPreferences = {
  email: { bookings: true, price_changes: true, subscription: true, activity: true, product_news: false },
  in_app: { bookings: true, price_changes: true, subscription: true, activity: true, product_news: true },
  digest: { bookings: false, price_changes: false, subscription: false, activity: false, product_news: false },
};

export interface UserNotificationSettings {
  preferences: NotificationPreferences;
  /** Businesses the user wants nothing from. */
  mutedBusinessIds: string[];
}

function toWire(row: NotificationPreferencesRow | undefined): UserNotificationSettings {
  const out = structuredClone(DEFAULT_PREFERENCES);
  if (!row) return { preferences: out, mutedBusinessIds: [] };
  for (const channel of Object.keys(COLUMNS) as (keyof typeof COLUMNS)[]) {
    for (const [topic, column] of Object.entries(COLUMNS[channel])) {
      out[channel][topic as keyof (typeof out)["email"]] = row[column];
    }
  }
  return { preferences: out, mutedBusinessIds: row.mutedBusinessIds };
}

export async function getNotificationSettings(db: Database, userId: string): Promise<UserNotificationSettings> {
  const [row] = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId)).limit(1);
  return toWire(row);
}

/** The settings of many users in one query (the fan-out of `notify`). */
export async function notificationSettingsOf(db: Database, userIds: string[]): Promise<Map<string, UserNotificationSettings>> {
  const rows = userIds.length ? await db.select().from(notificationPreferences).where(inArray(notificationPreferences.userId, userIds)) : [];
  const byUser = new Map(rows.map((row) => [row.userId, row]));
  return new Map(userIds.map((id) => [id, toWire(byUser.get(id))]));
}

/** Applies the given subset over what is saved (or the defaults) and saves the whole set. */
export async function updateNotificationPreferences(
  db: Database,
  userId: string,
  changes: { [C in keyof NotificationPreferences]?: Partial<NotificationPreferences[C]> },
  now: Date,
  mutedBusinessIds?: string[],
): Promise<UserNotificationSettings> {
  const next = await getNotificationSettings(db, userId);
  const columns = {} as Columns;
  for (const channel of Object.keys(COLUMNS) as (keyof typeof COLUMNS)[]) {
    Object.assign(next.preferences[channel], changes[channel] ?? {});
    for (const [topic, column] of Object.entries(COLUMNS[channel])) {
      columns[column] = next.preferences[channel][topic as keyof NotificationPreferences["email"]];
    }
  }
  if (mutedBusinessIds) next.mutedBusinessIds = [...new Set(mutedBusinessIds)];
  const values = { ...columns, mutedBusinessIds: next.mutedBusinessIds, updatedAt: now };
  await db
    .insert(notificationPreferences)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: values });
  return next;
}
