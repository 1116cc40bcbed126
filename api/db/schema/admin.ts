import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/**
 * Permissions as records (docs/decisions/0005-roles-and-permissions.md, "Permissions as records").
 * The system rows are the spec's names (domain/access/permissions.ts PERMISSIONS), inserted by the
 * migration that creates this table, so every database has them. Administrators may add their own
 * (`system = false`): those can be assigned and shown, but only system names gate routes.
 */
export const permissions = pgTable("permissions", {
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull().unique(),
  /** One text per interface locale, e.g. `{ "pt-BR": "…", "en-US": "…" }`. */
  description: jsonb().$type<Record<string, string>>().notNull().default({}),
  /** `user` permissions apply to one business (granted by its owner); `admin` ones to the product. */
  guard: text({ enum: ["user", "admin"] }).notNull(),
  /** Seeded from the spec; cannot be renamed or deleted. */
  system: boolean().notNull().default(false),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Permissions given to one user account directly (not per business), e.g. an editor who holds
 * only `admin.learning`. Administrators hold every admin.* through their role already.
 */
export const userPermissions = pgTable(
  "user_permissions",
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    permissionId: uuid()
      .notNull()
      .references(() => permissions.id, { onDelete: "cascade" }),
    grantedBy: uuid().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.permissionId] }), index("user_permissions_permission_idx").on(t.permissionId)],
);

export type PermissionRow = typeof permissions.$inferSelect;
