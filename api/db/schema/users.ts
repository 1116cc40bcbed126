import { sql } from "drizzle-orm";
import { pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

export const users = pgTable(
  "users",
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    surname: text().notNull().default(""),
    email: text().notNull(),
    passwordHash: text().notNull(),
    company: text(),
    phone: text(),
    address: text(),
    state: text(),
    zipCode: text(),
    country: text(),
    preferredLanguage: text().notNull().default("pt-BR"),
    profileImgFilename: text(),
    emailVerifiedAt: timestamp({ withTimezone: true }),
    /** administrator | owner | collaborator (see docs/decisions/0005-roles-and-permissions.md). */
    roles: text().array().notNull().default(sql`'{}'::text[]`),
    /** Feature flags an administrator turns on for the user, e.g. `competitors`. */
    features: text().array().notNull().default(sql`'{}'::text[]`),
    disabledAt: timestamp({ withTimezone: true }),
    /** When the user turned on two-factor sign-in (TOTP, table two_factor_credentials); null while off. */
    twoFactorEnabledAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("users_email_lower_idx").on(sql`lower(${t.email})`)],
);

export type UserRow = typeof users.$inferSelect;
