import { z } from "zod";
import { isoDate } from "#domain/validation";
import { parseMoney } from "#domain/money";
import { ACCOUNT_KINDS, PAYMENT_KINDS } from "#domain/ledger/kinds";
import { icalFeedSchema, icalImportSchema, itemCategorySchema, supplierSchema } from "#domain/schemas/ledger";

/**
 * The ledger's web forms: the API's fields, with amounts typed in currency units ("45,00"),
 * the row being edited (`uuid`) and the button pressed (`intent`). `payload` functions turn a
 * form's value into the API's body (cents).
 */

/** A typed amount: a number with at most two decimals, not below `min` cents. */
const money = (min: 0 | 1) =>
  z.string().superRefine((value, ctx) => {
    const cents = parseMoney(value);
    if (cents === null) ctx.addIssue({ code: "custom", message: "ledger:validation.money" });
    else if (cents < min) ctx.addIssue({ code: "custom", message: min ? "ledger:validation.positiveMoney" : "ledger:validation.notNegative" });
  });
const cents = (value: string) => parseMoney(value)!;
const editing = { uuid: z.string().optional() };
const checkbox = z.boolean().default(false);

export const itemCategoryForm = itemCategorySchema.extend(editing);

export const itemForm = z.object({ ...editing, name: z.string().trim().min(1).max(120), item_category_uuid: z.uuid(), price: money(0), active: checkbox });
export const itemPayload = ({ uuid: _uuid, price, ...rest }: z.output<typeof itemForm>) => ({ ...rest, price: cents(price) });

export const pointOfSaleForm = z.object({ ...editing, name: z.string().trim().min(1).max(80), active: checkbox, item_uuids: z.array(z.uuid()).default([]) });

export const accountForm = z.object({ ...editing, name: z.string().trim().min(1).max(80), kind: z.enum(ACCOUNT_KINDS), active: checkbox });

export const supplierForm = supplierSchema;

export const expenseForm = z.object({ intent: z.literal("add_expense"), account_uuid: z.uuid(), amount: money(1), spent_on: isoDate, description: z.string().trim().min(1).max(500) });
export const expensePayload = ({ intent: _intent, amount, ...rest }: z.output<typeof expenseForm>) => ({ ...rest, amount: cents(amount) });

export const extraForm = z.object({
  intent: z.literal("add_extra"),
  item_uuid: z.uuid(),
  quantity: z.number().int().min(1).max(1000).default(1),
  point_of_sale_uuid: z.uuid().optional(),
});

export const paymentForm = z.object({
  intent: z.literal("add_payment"),
  account_uuid: z.uuid(),
  kind: z.enum(PAYMENT_KINDS),
  amount: money(1),
  received_on: isoDate,
  notes: z.string().max(500).optional(),
});
export const paymentPayload = ({ intent: _intent, amount, ...rest }: z.output<typeof paymentForm>) => ({ ...rest, amount: cents(amount) });

export const icalFeedForm = icalFeedSchema;
export const icalImportForm = icalImportSchema.safeExtend({ ...editing, active: checkbox });
