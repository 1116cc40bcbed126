import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { IMPORT_STATUSES } from "#domain/imports/statuses.ts";
import { businesses } from "./businesses.ts";
import { reservations } from "./bookings.ts";
import { users } from "./users.ts";

export { IMPORT_STATUSES, type ImportStatus } from "#domain/imports/statuses.ts";

/**
 * Reservation imports from a booking file (issue #25, docs/imports.md, ADR 0038): the file's
 * rows are staged as they stream in, mapped and dry-run, then imported by a queue job that
 * advances a cursor in the same transaction as each chunk it writes, so a restart resumes
 * where the last committed chunk ended and nothing is written twice.
 */

export const reservationImports = pgTable(
  "reservation_imports",
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: uuid()
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    createdBy: uuid().references(() => users.id, { onDelete: "set null" }),
    fileName: text().notNull(),
    /** csv or xlsx; for CSV the delimiter and encoding found. */
    format: text().notNull(),
    delimiter: text(),
    encoding: text(),
    status: text({ enum: IMPORT_STATUSES }).notNull().default("uploaded"),
    header: jsonb().$type<string[]>().notNull(),
    rowCount: integer().notNull().default(0),
    mapping: jsonb().$type<Record<string, unknown>>(),
    /** The dry run's counts: add, update, unchanged, skip, doubtful. */
    dryRun: jsonb().$type<Record<string, number>>(),
    /** Rows done (the job's cursor: the last line imported). */
    done: integer().notNull().default(0),
    added: integer().notNull().default(0),
    updated: integer().notNull().default(0),
    unchanged: integer().notNull().default(0),
    skipped: integer().notNull().default(0),
    /** Future stays with no room left on one of their nights: listed, not imported. */
    unplaced: integer().notNull().default(0),
    /** Future nights written: one channel push for all of them at the end. */
    futureFrom: text(),
    futureTo: text(),
    error: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("reservation_imports_business_idx").on(t.businessId, t.createdAt)],
);

/** The file's rows, cell texts in header order, kept until the import is deleted. */
export const reservationImportRows = pgTable(
  "reservation_import_rows",
  {
    importId: uuid()
      .notNull()
      .references(() => reservationImports.id, { onDelete: "cascade" }),
    line: integer().notNull(),
    cells: jsonb().$type<string[]>().notNull(),
    /** Set by the dry run: the row's stable key (an id, or a hash with its occurrence in the file). */
    key: text(),
    /** Set by the dry run and the job: add, update, unchanged, skip, unplaced. */
    outcome: text(),
    /** The skip reason, or the doubts (comma-separated), in domain/imports/rows.ts's words. */
    problem: text(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.line] })],
);

/** A business's saved mappings. */
export const importPresets = pgTable(
  "import_presets",
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: uuid()
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    name: text().notNull(),
    mapping: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("import_presets_business_name_idx").on(t.businessId, sql`lower(${t.name})`)],
);

/** Which reservation each imported row became, and what it held then (a changed row is updated). */
export const importedReservations = pgTable(
  "imported_reservations",
  {
    businessId: uuid()
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    externalKey: text().notNull(),
    reservationId: uuid()
      .notNull()
      .references(() => reservations.id, { onDelete: "cascade" }),
    fingerprint: text().notNull(),
    /** Rate plan and meal plan as the file named them (for the forecast to come). */
    attributes: jsonb().$type<Record<string, string>>().notNull().default({}),
    importId: uuid().references(() => reservationImports.id, { onDelete: "set null" }),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.externalKey] }), index("imported_reservations_reservation_idx").on(t.reservationId)],
);
