import { z } from "zod";
import { isoDate } from "#domain/validation.ts";
import { ACCOUNT_KINDS, PAYMENT_KINDS, type AccountKind, type PaymentKind } from "#domain/ledger/kinds.ts";
import { parseTaxId } from "#domain/ledger/tax-id.ts";

/**
 * The ledger's schemas (docs/api/ledger.md), shared by the API's JSON bodies and the web's forms.
 * Money is integer cents here; the web's forms read typed amounts ("12,50") and convert them.
 * Messages are translation keys: `validation.*` generic ones, `ledger:validation.*` the ones below.
 */

export { ACCOUNT_KINDS, PAYMENT_KINDS, type AccountKind, type PaymentKind };

/** The most one amount may be: R$ 1 million, in cents. */
export const MAX_AMOUNT = 100_000_000;

const uuid = z.uuid();
const name = (max: number) => z.string().trim().min(1).max(max);
/** Optional free text: blank becomes null. */
const optionalText = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((v) => (v == null || v.trim() === "" ? null : v.trim()));
const optionalUuid = z
  .union([uuid, z.literal("")])
  .nullish()
  .transform((v) => (v ? v.toLowerCase() : null));
const cents = (min: number) => z.number().int().min(min).max(MAX_AMOUNT);

export const itemCategorySchema = z.object({ name: name(80) });
export type ItemCategoryInput = z.output<typeof itemCategorySchema>;

export const itemSchema = z.object({
  name: name(120),
  item_category_uuid: uuid,
  /** Unit price in cents. */
  price: cents(0),
  active: z.boolean().default(true),
});
export type ItemInput = z.output<typeof itemSchema>;

export const pointOfSaleSchema = z.object({
  name: name(80),
  active: z.boolean().default(true),
  /** The items it sells. */
  item_uuids: z.array(uuid).max(1000).default([]),
});
export type PointOfSaleInput = z.output<typeof pointOfSaleSchema>;

export const accountSchema = z.object({
  name: name(80),
  kind: z.enum(ACCOUNT_KINDS),
  active: z.boolean().default(true),
});
export type AccountInput = z.output<typeof accountSchema>;

/** POST /reservations/{id}/extras: an item sold to the guest; price and description default to the item's. */
export const extraSchema = z.object({
  item_uuid: uuid,
  point_of_sale_uuid: optionalUuid,
  quantity: z.number().int().min(1).max(1000).default(1),
  unit_price: cents(0).nullish(),
  description: optionalText(200),
});
export type ExtraInput = z.output<typeof extraSchema>;

/** POST /reservations/{id}/payments: money received (deposit, balance) or given back (refund). */
export const paymentSchema = z.object({
  account_uuid: uuid,
  kind: z.enum(PAYMENT_KINDS),
  amount: cents(1),
  received_on: isoDate,
  notes: optionalText(500),
});
export type PaymentInput = z.output<typeof paymentSchema>;

/** A CPF or CNPJ with valid check digits, returned without its mask; blank means none. */
const taxId = z
  .string()
  .max(30)
  .nullish()
  .transform((v, ctx) => {
    if (v == null || v.trim() === "") return null;
    const parsed = parseTaxId(v);
    if (!parsed) {
      ctx.addIssue({ code: "custom", message: "ledger:validation.taxId" });
      return z.NEVER;
    }
    return parsed.value;
  });

export const supplierSchema = z.object({
  name: name(120),
  tax_id: taxId,
  contact_name: optionalText(120),
  email: z
    .union([z.email().max(255), z.literal("")])
    .nullish()
    .transform((v) => (v ? v.trim().toLowerCase() : null)),
  phone: optionalText(40),
  notes: optionalText(1000),
});
export type SupplierInput = z.output<typeof supplierSchema>;

export const expenseSchema = z.object({
  account_uuid: uuid,
  amount: cents(1),
  spent_on: isoDate,
  description: name(500),
});
export type ExpenseInput = z.output<typeof expenseSchema>;

/** An export feed publishes one room or one category, never both. */
export const icalFeedSchema = z
  .object({ room_uuid: optionalUuid, room_category_uuid: optionalUuid })
  .superRefine((value, ctx) => {
    if (!value.room_uuid === !value.room_category_uuid) ctx.addIssue({ code: "custom", path: ["room_uuid"], message: "ledger:validation.feedTarget" });
  });
export type IcalFeedInput = z.output<typeof icalFeedSchema>;

/** Only http and https addresses are fetched: no file:, ftp:, data: or javascript:. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/** An import blocks a room, or one room of a category per event. */
export const icalImportSchema = z
  .object({
    name: name(80),
    url: z.string().trim().min(1).max(2000).refine(isHttpUrl, "ledger:validation.icalUrl"),
    room_category_uuid: optionalUuid,
    room_uuid: optionalUuid,
    active: z.boolean().default(true),
  })
  .superRefine((value, ctx) => {
    if (!value.room_uuid && !value.room_category_uuid) ctx.addIssue({ code: "custom", path: ["room_category_uuid"], message: "ledger:validation.importTarget" });
  });
export type IcalImportInput = z.output<typeof icalImportSchema>;

/** GET /reservations… ranges and lists: only active rows when `active=1`. */
export const activeQuerySchema = z.object({ active: z.enum(["0", "1"]).optional() });
