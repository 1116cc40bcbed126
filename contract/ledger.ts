import { z } from "zod";
import { ACCOUNT_KINDS, PAYMENT_KINDS } from "#domain/ledger/kinds.ts";
import { cents, currency, day, timestamp, namedRef, uuid } from "./primitives.ts";

/**
 * The JSON answers of the ledger routes (docs/api/ledger.md): catalogue, accounts, suppliers and
 * their expenses, and a reservation's folio. doc({ response }), ADR 0022. Money in cents.
 */

export const itemCategoryAnswer = z.object({ uuid, name: z.string(), item_count: z.int().min(0) }).strict();
export type ItemCategoryJson = z.infer<typeof itemCategoryAnswer>;

export const itemAnswer = z
  .object({ uuid, name: z.string(), item_category_uuid: uuid, item_category: namedRef, price: cents, active: z.boolean(), point_of_sale_uuids: z.array(uuid) })
  .strict();
export type ItemJson = z.infer<typeof itemAnswer>;

export const pointOfSaleAnswer = z.object({ uuid, name: z.string(), active: z.boolean(), item_uuids: z.array(uuid) }).strict();
export type PointOfSaleJson = z.infer<typeof pointOfSaleAnswer>;

/** An account with its balance (payments received in, expenses out). */
export const accountAnswer = z.object({ uuid, name: z.string(), kind: z.enum(ACCOUNT_KINDS), active: z.boolean(), balance: cents }).strict();
export type AccountJson = z.infer<typeof accountAnswer>;

const accountRef = z.object({ uuid, name: z.string(), kind: z.enum(ACCOUNT_KINDS) }).strict();

export const supplierAnswer = z
  .object({
    uuid,
    name: z.string(),
    /** CPF (11 digits) or CNPJ (14), digits only. */
    tax_id: z.string().nullable(),
    tax_id_kind: z.enum(["cpf", "cnpj"]).nullable(),
    tax_id_formatted: z.string().nullable(),
    contact_name: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    notes: z.string().nullable(),
    expenses_total: cents,
  })
  .strict();
export type SupplierJson = z.infer<typeof supplierAnswer>;

export const expenseAnswer = z
  .object({ uuid, supplier_uuid: uuid, account: accountRef, amount: cents, spent_on: day, description: z.string(), created_at: timestamp })
  .strict();
export type ExpenseJson = z.infer<typeof expenseAnswer>;

export const extraAnswer = z
  .object({
    uuid,
    item_uuid: uuid.nullable(),
    point_of_sale: namedRef.nullable(),
    description: z.string(),
    quantity: z.int().min(1),
    unit_price: cents,
    total: cents,
    created_at: timestamp,
  })
  .strict();

export const paymentAnswer = z
  .object({ uuid, account: accountRef, kind: z.enum(PAYMENT_KINDS), amount: cents, received_on: day, notes: z.string().nullable(), created_at: timestamp })
  .strict();

/** What the guest owes: `balance` = charges − paid + refunded (negative when the hotel owes). */
export const balanceAnswer = z.object({ stay: cents, extras: cents, charges: cents, paid: cents, refunded: cents, balance: cents }).strict();

export const folioAnswer = z
  .object({ reservation_uuid: uuid, currency, today: day, extras: z.array(extraAnswer), payments: z.array(paymentAnswer), balance: balanceAnswer })
  .strict();
export type FolioJson = z.infer<typeof folioAnswer>;

/** A room's iCalendar export: the secret URL other calendars subscribe to. */
export const icalFeedAnswer = z
  .object({
    uuid,
    room: z.object({ uuid, number: z.string() }).strict().nullable(),
    room_category: namedRef.nullable(),
    url: z.url(),
    last_fetched_at: timestamp.nullable(),
    created_at: timestamp,
  })
  .strict();
export type IcalFeedJson = z.infer<typeof icalFeedAnswer>;

/** A calendar imported as room blocks; `last_error` translated, `last_error_code` stable. */
export const icalImportAnswer = z
  .object({
    uuid,
    name: z.string(),
    url: z.string(),
    room_category: namedRef,
    room: z.object({ uuid, number: z.string() }).strict().nullable(),
    active: z.boolean(),
    event_count: z.int().min(0),
    last_polled_at: timestamp.nullable(),
    last_success_at: timestamp.nullable(),
    last_error: z.string().nullable(),
    last_error_code: z.string().nullable(),
    /** A check was asked for ("check now") and waits on the queue, or a poll runs. */
    checking: z.boolean(),
  })
  .strict();
export type IcalImportJson = z.infer<typeof icalImportAnswer>;
/** POST /ical-feeds (201), POST /ical-feeds/{feedId}/regenerate. */
export const feedWritten = z.object({ ical_feed: icalFeedAnswer }).strict();
/** POST /ical-imports (201), PUT /ical-imports/{importId}. */
export const importWritten = z.object({ ical_import: icalImportAnswer }).strict();
/** POST /ical-imports/poll (202): the imports queued for a check, and every import. */
export const icalPollAllAnswer = z.object({ queued: z.array(uuid), ical_imports: z.array(icalImportAnswer) }).strict();
/** POST /ical-imports/{importId}/poll (202): false when a check already waits or runs. */
export const icalPollOneAnswer = z.object({ queued: z.boolean(), ical_import: icalImportAnswer }).strict();

