import { Hono } from "hono";
import type { Permission } from "#domain/access/permissions.ts";
import {
  accountSchema,
  activeQuerySchema,
  expenseSchema,
  extraSchema,
  itemCategorySchema,
  itemSchema,
  paymentSchema,
  pointOfSaleSchema,
  supplierSchema,
} from "#domain/schemas/ledger.ts";
import { HttpError } from "#api/errors.ts";
import { requireBusiness, type BusinessEnv } from "#api/middleware/business.ts";
import { createAccount, deleteAccount, getAccount, listAccounts, updateAccount } from "#api/services/ledger/accounts.ts";
import {
  createItem,
  createItemCategory,
  createPointOfSale,
  deleteItem,
  deleteItemCategory,
  deletePointOfSale,
  getItem,
  getItemCategory,
  getPointOfSale,
  listItemCategories,
  listItems,
  listPointsOfSale,
  updateItem,
  updateItemCategory,
  updatePointOfSale,
} from "#api/services/ledger/catalog.ts";
import { addExtra, addPayment, getFolio, removeExtra, removePayment } from "#api/services/ledger/folio.ts";
import { addExpense, createSupplier, deleteSupplier, getSupplier, listExpenses, listSuppliers, removeExpense, updateSupplier } from "#api/services/ledger/suppliers.ts";
import { ledgerChange, ledgerReads } from "#api/services/ledger/activity.ts";
import { body, bookingContext, idParam, query, type BC } from "./bookings-shared.ts";
import { z } from "zod";
import { docs } from "#api/openapi/describe.ts";
import { envelope } from "#contract/primitives.ts";
import {
  accountAnswer,
  balanceAnswer,
  expenseAnswer,
  extraAnswer,
  folioAnswer,
  itemAnswer,
  itemCategoryAnswer,
  paymentAnswer,
  pointOfSaleAnswer,
  supplierAnswer,
} from "#contract/ledger.ts";

const doc = docs("Ledger");
/** `{ [key]: record }`: the answer of a create or an update. */
const wrap = <T extends z.ZodType>(key: string, record: T) => z.object({ [key]: record }).strict();
const balanceOnly = z.object({ balance: balanceAnswer }).strict();

const base = "/businesses/:id";
const settings = requireBusiness("user.pms-settings");
const reservationsOnly = requireBusiness("user.reservations");

/** Reads the reservation screens need too (the extra and payment forms list items, points of sale, accounts). */
const READERS: readonly Permission[] = ["user.pms-settings", "user.reservations"];
const readers = [
  requireBusiness(),
  async (c: BC, next: () => Promise<void>) => {
    if (!READERS.some((p) => c.var.access.permissions.includes(p))) throw new HttpError(403, "api.missingPermission", undefined, { permission: READERS[0] });
    await next();
  },
] as const;

const activeOnly = (c: BC) => query(c, activeQuerySchema).active === "1";
const reservationId = (c: BC) => idParam(c, "reservationId", "bookings:api.reservationNotFound");

/**
 * The built-in PMS's ledger (docs/api/ledger.md), mounted under /api/v1: item categories, items,
 * points of sale, accounts and suppliers (user.pms-settings; items, points of sale and accounts
 * are also readable with user.reservations), and a reservation's folio — extras, payments and
 * balance (user.reservations).
 */
export const ledgerRoutes = new Hono<BusinessEnv>()
  .get(`${base}/item-categories`, doc({ response: envelope(z.array(itemCategoryAnswer)) }), ...readers, async (c) => c.json({ data: await listItemCategories(bookingContext(c)) }))
  .post(`${base}/item-categories`, doc({ body: itemCategorySchema, status: 201, response: wrap("item_category", itemCategoryAnswer) }), settings, async (c) => {
    const ctx = bookingContext(c);
    const input = await body(c, itemCategorySchema);
    const id = await ledgerChange(ctx, null, ledgerReads.itemCategory, (tx) => createItemCategory(tx, input));
    return c.json({ item_category: await getItemCategory(ctx, id) }, 201);
  })
  .put(`${base}/item-categories/:categoryId`, doc({ body: itemCategorySchema, response: wrap("item_category", itemCategoryAnswer) }), settings, async (c) => {
    const ctx = bookingContext(c);
    const id = idParam(c, "categoryId", "ledger:api.itemCategoryNotFound");
    const input = await body(c, itemCategorySchema);
    await ledgerChange(ctx, id, ledgerReads.itemCategory, (tx) => updateItemCategory(tx, id, input));
    return c.json({ item_category: await getItemCategory(ctx, id) });
  })
  .delete(`${base}/item-categories/:categoryId`, doc({ status: 204 }), settings, async (c) => {
    const id = idParam(c, "categoryId", "ledger:api.itemCategoryNotFound");
    await ledgerChange(bookingContext(c), id, ledgerReads.itemCategory, (tx) => deleteItemCategory(tx, id));
    return c.body(null, 204);
  })

  .get(`${base}/items`, doc({ query: activeQuerySchema, response: envelope(z.array(itemAnswer)) }), ...readers, async (c) => c.json({ data: await listItems(bookingContext(c), { activeOnly: activeOnly(c) }) }))
  .post(`${base}/items`, doc({ body: itemSchema, status: 201, response: wrap("item", itemAnswer) }), settings, async (c) => {
    const ctx = bookingContext(c);
    const input = await body(c, itemSchema);
    const id = await ledgerChange(ctx, null, ledgerReads.item, (tx) => createItem(tx, input));
    return c.json({ item: await getItem(ctx, id) }, 201);
  })
  .get(`${base}/items/:itemId`, doc({ response: envelope(itemAnswer) }), ...readers, async (c) => c.json({ data: await getItem(bookingContext(c), idParam(c, "itemId", "ledger:api.itemNotFound")) }))
  .put(`${base}/items/:itemId`, doc({ body: itemSchema, response: wrap("item", itemAnswer) }), settings, async (c) => {
    const ctx = bookingContext(c);
    const id = idParam(c, "itemId", "ledger:api.itemNotFound");
    const input = await body(c, itemSchema);
    await ledgerChange(ctx, id, ledgerReads.item, (tx) => updateItem(tx, id, input));
    return c.json({ item: await getItem(ctx, id) });
  })
  .delete(`${base}/items/:itemId`, doc({ status: 204 }), settings, async (c) => {
    const id = idParam(c, "itemId", "ledger:api.itemNotFound");
    await ledgerChange(bookingContext(c), id, ledgerReads.item, (tx) => deleteItem(tx, id));
    return c.body(null, 204);
  })

  .get(`${base}/points-of-sale`, doc({ query: activeQuerySchema, response: envelope(z.array(pointOfSaleAnswer)) }), ...readers, async (c) => c.json({ data: await listPointsOfSale(bookingContext(c), { activeOnly: activeOnly(c) }) }))
  .post(`${base}/points-of-sale`, doc({ body: pointOfSaleSchema, status: 201, response: wrap("point_of_sale", pointOfSaleAnswer) }), settings, async (c) => {
    const ctx = bookingContext(c);
    const input = await body(c, pointOfSaleSchema);
    const id = await ledgerChange(ctx, null, ledgerReads.pointOfSale, (tx) => createPointOfSale(tx, input));
    return c.json({ point_of_sale: await getPointOfSale(ctx, id) }, 201);
  })
  .put(`${base}/points-of-sale/:posId`, doc({ body: pointOfSaleSchema, response: wrap("point_of_sale", pointOfSaleAnswer) }), settings, async (c) => {
    const ctx = bookingContext(c);
    const id = idParam(c, "posId", "ledger:api.pointOfSaleNotFound");
    const input = await body(c, pointOfSaleSchema);
    await ledgerChange(ctx, id, ledgerReads.pointOfSale, (tx) => updatePointOfSale(tx, id, input));
    return c.json({ point_of_sale: await getPointOfSale(ctx, id) });
  })
  .delete(`${base}/points-of-sale/:posId`, doc({ status: 204 }), settings, async (c) => {
    const id = idParam(c, "posId", "ledger:api.pointOfSaleNotFound");
    await ledgerChange(bookingContext(c), id, ledgerReads.pointOfSale, (tx) => deletePointOfSale(tx, id));
    return c.body(null, 204);
  })

  .get(`${base}/accounts`, doc({ query: activeQuerySchema, response: envelope(z.array(accountAnswer)) }), ...readers, async (c) => c.json({ data: await listAccounts(bookingContext(c), { activeOnly: activeOnly(c) }) }))
  .post(`${base}/accounts`, doc({ body: accountSchema, status: 201, response: wrap("account", accountAnswer) }), settings, async (c) => {
    const ctx = bookingContext(c);
    const input = await body(c, accountSchema);
    const id = await ledgerChange(ctx, null, ledgerReads.account, (tx) => createAccount(tx, input));
    return c.json({ account: await getAccount(ctx, id) }, 201);
  })
  .put(`${base}/accounts/:accountId`, doc({ body: accountSchema, response: wrap("account", accountAnswer) }), settings, async (c) => {
    const ctx = bookingContext(c);
    const id = idParam(c, "accountId", "ledger:api.accountNotFound");
    const input = await body(c, accountSchema);
    await ledgerChange(ctx, id, ledgerReads.account, (tx) => updateAccount(tx, id, input));
    return c.json({ account: await getAccount(ctx, id) });
  })
  .delete(`${base}/accounts/:accountId`, doc({ status: 204 }), settings, async (c) => {
    const id = idParam(c, "accountId", "ledger:api.accountNotFound");
    await ledgerChange(bookingContext(c), id, ledgerReads.account, (tx) => deleteAccount(tx, id));
    return c.body(null, 204);
  })

  .get(`${base}/reservations/:reservationId/folio`, doc({ response: envelope(folioAnswer) }), reservationsOnly, async (c) => c.json({ data: await getFolio(bookingContext(c), reservationId(c)) }))
  .get(`${base}/reservations/:reservationId/extras`, doc({ response: z.object({ data: z.array(extraAnswer), balance: balanceAnswer }).strict() }), reservationsOnly, async (c) => {
    const folio = await getFolio(bookingContext(c), reservationId(c));
    return c.json({ data: folio.extras, balance: folio.balance });
  })
  .post(`${base}/reservations/:reservationId/extras`, doc({ body: extraSchema, status: 201, response: z.object({ extra: extraAnswer, balance: balanceAnswer }).strict() }), reservationsOnly, async (c) => {
    const ctx = bookingContext(c);
    const id = reservationId(c);
    const input = await body(c, extraSchema);
    const extraId = await ledgerChange(ctx, null, ledgerReads.extra(id), (tx) => addExtra(tx, id, input));
    const folio = await getFolio(ctx, id);
    return c.json({ extra: folio.extras.find((e) => e.uuid === extraId), balance: folio.balance }, 201);
  })
  .delete(`${base}/reservations/:reservationId/extras/:extraId`, doc({ response: balanceOnly }), reservationsOnly, async (c) => {
    const ctx = bookingContext(c);
    const id = reservationId(c);
    const extraId = idParam(c, "extraId", "ledger:api.extraNotFound");
    await ledgerChange(ctx, extraId, ledgerReads.extra(id), (tx) => removeExtra(tx, id, extraId));
    return c.json({ balance: (await getFolio(ctx, id)).balance });
  })
  .get(`${base}/reservations/:reservationId/payments`, doc({ response: z.object({ data: z.array(paymentAnswer), balance: balanceAnswer }).strict() }), reservationsOnly, async (c) => {
    const folio = await getFolio(bookingContext(c), reservationId(c));
    return c.json({ data: folio.payments, balance: folio.balance });
  })
  .post(`${base}/reservations/:reservationId/payments`, doc({ body: paymentSchema, status: 201, response: z.object({ payment: paymentAnswer, balance: balanceAnswer }).strict() }), reservationsOnly, async (c) => {
    const ctx = bookingContext(c);
    const id = reservationId(c);
    const input = await body(c, paymentSchema);
    const paymentId = await ledgerChange(ctx, null, ledgerReads.payment(id), (tx) => addPayment(tx, id, input));
    const folio = await getFolio(ctx, id);
    return c.json({ payment: folio.payments.find((p) => p.uuid === paymentId), balance: folio.balance }, 201);
  })
  .delete(`${base}/reservations/:reservationId/payments/:paymentId`, doc({ response: balanceOnly }), reservationsOnly, async (c) => {
    const ctx = bookingContext(c);
    const id = reservationId(c);
    const paymentId = idParam(c, "paymentId", "ledger:api.paymentNotFound");
    await ledgerChange(ctx, paymentId, ledgerReads.payment(id), (tx) => removePayment(tx, id, paymentId));
    return c.json({ balance: (await getFolio(ctx, id)).balance });
  })

  .get(`${base}/suppliers`, doc({ response: envelope(z.array(supplierAnswer)) }), settings, async (c) => c.json({ data: await listSuppliers(bookingContext(c)) }))
  .post(`${base}/suppliers`, doc({ body: supplierSchema, status: 201, response: wrap("supplier", supplierAnswer) }), settings, async (c) => {
    const ctx = bookingContext(c);
    const input = await body(c, supplierSchema);
    const id = await ledgerChange(ctx, null, ledgerReads.supplier, (tx) => createSupplier(tx, input));
    return c.json({ supplier: await getSupplier(ctx, id) }, 201);
  })
  .get(`${base}/suppliers/:supplierId`, doc({ response: envelope(supplierAnswer) }), settings, async (c) => c.json({ data: await getSupplier(bookingContext(c), idParam(c, "supplierId", "ledger:api.supplierNotFound")) }))
  .put(`${base}/suppliers/:supplierId`, doc({ body: supplierSchema, response: wrap("supplier", supplierAnswer) }), settings, async (c) => {
    const ctx = bookingContext(c);
    const id = idParam(c, "supplierId", "ledger:api.supplierNotFound");
    const input = await body(c, supplierSchema);
    await ledgerChange(ctx, id, ledgerReads.supplier, (tx) => updateSupplier(tx, id, input));
    return c.json({ supplier: await getSupplier(ctx, id) });
  })
  .delete(`${base}/suppliers/:supplierId`, doc({ status: 204 }), settings, async (c) => {
    const id = idParam(c, "supplierId", "ledger:api.supplierNotFound");
    await ledgerChange(bookingContext(c), id, ledgerReads.supplier, (tx) => deleteSupplier(tx, id));
    return c.body(null, 204);
  })
  .get(`${base}/suppliers/:supplierId/expenses`, doc({ response: envelope(z.array(expenseAnswer)) }), settings, async (c) => c.json({ data: await listExpenses(bookingContext(c), idParam(c, "supplierId", "ledger:api.supplierNotFound")) }))
  .post(`${base}/suppliers/:supplierId/expenses`, doc({ body: expenseSchema, status: 201, response: wrap("expense", expenseAnswer) }), settings, async (c) => {
    const ctx = bookingContext(c);
    const id = idParam(c, "supplierId", "ledger:api.supplierNotFound");
    const input = await body(c, expenseSchema);
    const expenseId = await ledgerChange(ctx, null, ledgerReads.expense(id), (tx) => addExpense(tx, id, input));
    return c.json({ expense: (await listExpenses(ctx, id)).find((e) => e.uuid === expenseId) }, 201);
  })
  .delete(`${base}/suppliers/:supplierId/expenses/:expenseId`, doc({ status: 204 }), settings, async (c) => {
    const supplierId = idParam(c, "supplierId", "ledger:api.supplierNotFound");
    const expenseId = idParam(c, "expenseId", "ledger:api.expenseNotFound");
    await ledgerChange(bookingContext(c), expenseId, ledgerReads.expense(supplierId), (tx) => removeExpense(tx, supplierId, expenseId));
    return c.body(null, 204);
  });
