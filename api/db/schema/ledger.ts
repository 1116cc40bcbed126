import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { businesses, roomCategories } from "./businesses.ts";
import { reservations, roomBlocks, rooms } from "./bookings.ts";
import { users } from "./users.ts";
import { ACCOUNT_KINDS, PAYMENT_KINDS } from "#domain/ledger/kinds.ts";

/**
 * The built-in PMS's ledger (docs/api/ledger.md, ADR 0017): what the hotel sells besides the
 * room (items, their categories, the points of sale), where money is received (accounts), the
 * extras and payments of a reservation, suppliers and their expenses, and the iCal feeds and
 * imports that share availability with Airbnb and Booking.com. Money is integer cents.
 */

export const itemCategories = pgTable(
  "item_categories",
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: uuid()
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    name: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("item_categories_business_name_idx").on(t.businessId, sql`lower(${t.name})`)],
);

/** A product or service sold to guests: breakfast, parking, transfer, minibar. */
export const items = pgTable(
  "items",
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: uuid()
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    // A category that still has items cannot be deleted (409): move them first.
    categoryId: uuid()
      .notNull()
      .references(() => itemCategories.id, { onDelete: "restrict" }),
    name: text().notNull(),
    /** Unit price in cents. */
    price: integer().notNull(),
    active: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("items_business_name_idx").on(t.businessId, sql`lower(${t.name})`),
    index("items_category_idx").on(t.categoryId),
    check("items_price", sql`${t.price} >= 0`),
  ],
);

/** Where items are sold: reception, bar, restaurant. */
export const pointsOfSale = pgTable(
  "points_of_sale",
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: uuid()
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    name: text().notNull(),
    active: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("points_of_sale_business_name_idx").on(t.businessId, sql`lower(${t.name})`)],
);

/** The items a point of sale sells. */
export const pointOfSaleItems = pgTable(
  "point_of_sale_items",
  {
    pointOfSaleId: uuid()
      .notNull()
      .references(() => pointsOfSale.id, { onDelete: "cascade" }),
    itemId: uuid()
      .notNull()
      .references(() => items.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.pointOfSaleId, t.itemId] }), index("point_of_sale_items_item_idx").on(t.itemId)],
);

/** Where money is received or paid from: cash drawer, bank account, Pix key, card acquirer. */
export const ledgerAccounts = pgTable(
  "ledger_accounts",
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: uuid()
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    name: text().notNull(),
    kind: text({ enum: ACCOUNT_KINDS }).notNull(),
    active: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("ledger_accounts_business_name_idx").on(t.businessId, sql`lower(${t.name})`)],
);

/**
 * An item added to a reservation. The description and unit price are copied at the time of
 * sale, so renaming, repricing or deleting the item never rewrites a guest's bill. Extras of
 * stays that are not cancelled count as revenue in the reports (metrics owns the definition).
 */
export const reservationExtras = pgTable(
  "reservation_extras",
  {
    id: uuid().primaryKey().defaultRandom(),
    reservationId: uuid()
      .notNull()
      .references(() => reservations.id, { onDelete: "cascade" }),
    businessId: uuid()
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    itemId: uuid().references(() => items.id, { onDelete: "set null" }),
    pointOfSaleId: uuid().references(() => pointsOfSale.id, { onDelete: "set null" }),
    description: text().notNull(),
    quantity: integer().notNull(),
    /** Cents. */
    unitPrice: integer().notNull(),
    /** quantity × unit_price, in cents. */
    total: integer().notNull(),
    createdBy: uuid().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("reservation_extras_reservation_idx").on(t.reservationId),
    index("reservation_extras_business_idx").on(t.businessId, t.createdAt),
    check("reservation_extras_money", sql`${t.quantity} >= 1 and ${t.unitPrice} >= 0 and ${t.total} = ${t.quantity} * ${t.unitPrice}`),
  ],
);

/** Money received for (or refunded from) a reservation, into an account. `amount` is always positive. */
export const payments = pgTable(
  "payments",
  {
    id: uuid().primaryKey().defaultRandom(),
    reservationId: uuid()
      .notNull()
      .references(() => reservations.id, { onDelete: "cascade" }),
    businessId: uuid()
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    // An account with payments cannot be deleted (409): deactivate it instead.
    accountId: uuid()
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: "restrict" }),
    kind: text({ enum: PAYMENT_KINDS }).notNull(),
    /** Cents, positive; a refund's sign comes from its kind. */
    amount: integer().notNull(),
    /** The day the money moved, in the business time zone. */
    receivedOn: date({ mode: "string" }).notNull(),
    notes: text(),
    createdBy: uuid().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("payments_reservation_idx").on(t.reservationId),
    index("payments_business_received_idx").on(t.businessId, t.receivedOn),
    index("payments_account_idx").on(t.accountId),
    check("payments_amount", sql`${t.amount} > 0`),
  ],
);

export const suppliers = pgTable(
  "suppliers",
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: uuid()
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    name: text().notNull(),
    /** CPF (11 digits) or CNPJ (14 characters), stored without punctuation; null when not known. */
    taxId: text(),
    contactName: text(),
    email: text(),
    phone: text(),
    notes: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("suppliers_business_idx").on(t.businessId),
    uniqueIndex("suppliers_business_tax_id_idx").on(t.businessId, t.taxId).where(sql`${t.taxId} is not null`),
  ],
);

/** Money paid to a supplier from an account. */
export const expenses = pgTable(
  "expenses",
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: uuid()
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    // A supplier with expenses cannot be deleted (409): the books would lose who was paid.
    supplierId: uuid()
      .notNull()
      .references(() => suppliers.id, { onDelete: "restrict" }),
    accountId: uuid()
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: "restrict" }),
    /** Cents, positive. */
    amount: integer().notNull(),
    spentOn: date({ mode: "string" }).notNull(),
    description: text().notNull(),
    createdBy: uuid().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("expenses_supplier_idx").on(t.supplierId, t.spentOn),
    index("expenses_business_spent_idx").on(t.businessId, t.spentOn),
    check("expenses_amount", sql`${t.amount} > 0`),
  ],
);

/**
 * A secret iCal address (GET /api/public/ical/{token}.ics) publishing the unavailable nights of
 * one room or one category. Deleting the row revokes the address; regenerating replaces the token.
 */
export const icalFeeds = pgTable(
  "ical_feeds",
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: uuid()
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    roomId: uuid().references(() => rooms.id, { onDelete: "cascade" }),
    categoryId: uuid().references(() => roomCategories.id, { onDelete: "cascade" }),
    /** 32 random bytes, base64url: the whole secret of the address. */
    token: text().notNull().unique(),
    lastFetchedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("ical_feeds_business_idx").on(t.businessId),
    check("ical_feeds_target", sql`(${t.roomId} is null) <> (${t.categoryId} is null)`),
  ],
);

/** A calendar of another site (http/https .ics) whose busy dates become room blocks here, polled. */
export const icalImports = pgTable(
  "ical_imports",
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: uuid()
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    /** The category whose rooms the events block (the room's when one is named). */
    categoryId: uuid()
      .notNull()
      .references(() => roomCategories.id, { onDelete: "cascade" }),
    roomId: uuid().references(() => rooms.id, { onDelete: "cascade" }),
    name: text().notNull(),
    url: text().notNull(),
    active: boolean().notNull().default(true),
    lastPolledAt: timestamp({ withTimezone: true }),
    lastSuccessAt: timestamp({ withTimezone: true }),
    /** Why the last poll (or some of its events) failed; null after a clean poll. */
    lastError: text(),
    /** A poll holds the import until then, so two workers never apply the same calendar at once. */
    lockedUntil: timestamp({ withTimezone: true }),
    /** Someone asked to check it now ("check now"): its job waits or runs; cleared when any poll of it ends. */
    pollRequestedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("ical_imports_business_idx").on(t.businessId)],
);

/** One event of an imported calendar, by its UID, and the block it became. */
export const icalImportEvents = pgTable(
  "ical_import_events",
  {
    importId: uuid()
      .notNull()
      .references(() => icalImports.id, { onDelete: "cascade" }),
    uid: text().notNull(),
    // Deleting the block by hand forgets the event: the next poll blocks the dates again.
    blockId: uuid()
      .notNull()
      .references(() => roomBlocks.id, { onDelete: "cascade" }),
    startsAt: date({ mode: "string" }).notNull(),
    endsAt: date({ mode: "string" }).notNull(),
    summary: text(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.uid] }), uniqueIndex("ical_import_events_block_idx").on(t.blockId)],
);

export type ItemCategoryRow = typeof itemCategories.$inferSelect;
export type ItemRow = typeof items.$inferSelect;
export type PointOfSaleRow = typeof pointsOfSale.$inferSelect;
export type LedgerAccountRow = typeof ledgerAccounts.$inferSelect;
export type ReservationExtraRow = typeof reservationExtras.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type SupplierRow = typeof suppliers.$inferSelect;
export type ExpenseRow = typeof expenses.$inferSelect;
export type IcalFeedRow = typeof icalFeeds.$inferSelect;
export type IcalImportRow = typeof icalImports.$inferSelect;
