import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/** Translatable text kept per locale, e.g. `{ "pt-BR": "Pousada", "en-US": "Inn" }`. */
export type Translated = Record<string, string>;

export const businessTypes = pgTable("business_types", {
  id: uuid().primaryKey().defaultRandom(),
  slug: text().notNull().unique(),
  title: jsonb().$type<Translated>().notNull(),
  description: jsonb().$type<Translated>().notNull(),
  icon: text().notNull(),
  isBnb: boolean().notNull().default(false),
  position: integer().notNull().default(0),
});

/** A property-management system Tarifa can read bookings from; the built-in one is the default. */
export const pmsSystems = pgTable("pms_systems", {
  id: serial().primaryKey(),
  name: text().notNull(),
  /**
   * `{ auth_url, fields: [{ name, label, type, required }] }` — the credential form is built from
   * it; `kind: "file"` marks "Import from a file" (a PMS without a connector sends a file),
   * `kind: "mews"` the Mews connector (api/services/pms/).
   */
  settings: jsonb().$type<{ auth_url: string | null; kind?: "file" | "mews"; fields: { name: string; label: Translated; type: "text" | "password" | "url"; required: boolean }[] }>().notNull(),
  image: text(),
  pmsDefault: boolean().notNull().default(false),
  isActive: boolean().notNull().default(true),
  deletedAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const businesses = pgTable(
  "businesses",
  {
    id: uuid().primaryKey().defaultRandom(),
    ownerId: uuid()
      .notNull()
      .references(() => users.id),
    status: text().notNull().default("BUSINESS_CREATED"),
    /** Public booking-engine address: /p/{slug}. */
    slug: text().notNull().unique(),
    companyName: text().notNull(),
    corporateName: text(),
    businessTypeId: uuid().references(() => businessTypes.id),
    accommodationPurpose: text(),
    primaryCustomerSegment: text(),
    address: text(),
    email: text(),
    phoneNumber: text(),
    corporateTaxCode: text(),
    country: text().notNull().default("BR"),
    state: text(),
    city: text(),
    zipCode: text(),
    website: text(),
    socialMedia: jsonb().$type<Record<string, string>>().notNull().default({}),
    roomCount: integer().notNull().default(0),
    totalRooms: integer().notNull().default(0),
    fluctuationLevel: text(),
    paymentFrequency: text().notNull().default("monthly"),
    isWhitelisted: boolean().notNull().default(false),
    advisory: boolean().notNull().default(false),
    logoFilename: text(),
    pmsId: integer().references(() => pmsSystems.id),
    /** Credentials for an external PMS, as entered (never returned by the API). */
    pmsCredentials: jsonb().$type<Record<string, string>>(),
    currency: text().notNull().default("BRL"),
    timezone: text().notNull().default("America/Sao_Paulo"),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("businesses_owner_idx").on(t.ownerId)],
);

/** Collaborators of a business and the user.* permissions its owner granted them. */
export const businessMembers = pgTable(
  "business_members",
  {
    businessId: uuid()
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    permissions: text().array().notNull().default(sql`'{}'::text[]`),
    invitedBy: uuid().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.userId] }), index("business_members_user_idx").on(t.userId)],
);

export const businessInvitations = pgTable("business_invitations", {
  id: uuid().primaryKey().defaultRandom(),
  businessId: uuid()
    .notNull()
    .references(() => businesses.id, { onDelete: "cascade" }),
  email: text().notNull(),
  permissions: text().array().notNull().default(sql`'{}'::text[]`),
  tokenHash: text().notNull().unique(),
  invitedBy: uuid()
    .notNull()
    .references(() => users.id),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  acceptedAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** The business each user works on, remembered on the server (spec section 1). */
export const userSelections = pgTable("user_selected_business", {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  businessId: uuid()
    .notNull()
    .references(() => businesses.id, { onDelete: "cascade" }),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const roomCategories = pgTable(
  "room_categories",
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: uuid()
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    name: text().notNull(),
    roomCount: integer().notNull(),
    minOccupation: integer().notNull().default(1),
    maxOccupation: integer().notNull().default(2),
    /** `value` (cents added to the reference category's rate) or `percentage`. */
    priceVariationType: text({ enum: ["value", "percentage"] }).notNull().default("value"),
    priceVariationValue: integer().notNull().default(0),
    /** Channel commission in percent, e.g. 15.00. */
    commission: numeric({ precision: 5, scale: 2, mode: "number" }).notNull().default(0),
    minPrice: integer(),
    maxPrice: integer(),
    position: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("room_categories_business_idx").on(t.businessId),
    uniqueIndex("room_categories_business_name_idx").on(t.businessId, sql`lower(${t.name})`),
    check("room_categories_room_count", sql`${t.roomCount} >= 1`),
    check("room_categories_occupation", sql`${t.minOccupation} >= 1 and ${t.minOccupation} <= ${t.maxOccupation}`),
  ],
);
