import { Hono } from "hono";
import type { Permission } from "../../domain/access/permissions.ts";
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
} from "../../domain/schemas/ledger.ts";
import { HttpError } from "../errors.ts";
import { requireBusiness, type BusinessEnv } from "../middleware/business.ts";
import { createAccount, deleteAccount, getAccount, listAccounts, updateAccount } from "../services/ledger/accounts.ts";
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
} from "../services/ledger/catalog.ts";
import { addExtra, addPayment, getFolio, removeExtra, removePayment } from "../services/ledger/folio.ts";
import { addExpense, createSupplier, deleteSupplier, getSupplier, listExpenses, listSuppliers, removeExpense, updateSupplier } from "../services/ledger/suppliers.ts";
import { body, bookingContext, idParam, query, type BC } from "./bookings-shared.ts";

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
  .get(`${base}/item-categories`, ...readers, async (c) => c.json({ data: await listItemCategories(bookingContext(c)) }))
  .post(`${base}/item-categories`, settings, async (c) => {
    const ctx = bookingContext(c);
    const id = await createItemCategory(ctx, await body(c, itemCategorySchema));
    return c.json({ item_category: await getItemCategory(ctx, id) }, 201);
  })
  .put(`${base}/item-categories/:categoryId`, settings, async (c) => {
    const ctx = bookingContext(c);
    const id = idParam(c, "categoryId", "ledger:api.itemCategoryNotFound");
    await updateItemCategory(ctx, id, await body(c, itemCategorySchema));
    return c.json({ item_category: await getItemCategory(ctx, id) });
  })
  .delete(`${base}/item-categories/:categoryId`, settings, async (c) => {
    await deleteItemCategory(bookingContext(c), idParam(c, "categoryId", "ledger:api.itemCategoryNotFound"));
    return c.body(null, 204);
  })

  .get(`${base}/items`, ...readers, async (c) => c.json({ data: await listItems(bookingContext(c), { activeOnly: activeOnly(c) }) }))
  .post(`${base}/items`, settings, async (c) => {
    const ctx = bookingContext(c);
    const id = await createItem(ctx, await body(c, itemSchema));
    return c.json({ item: await getItem(ctx, id) }, 201);
  })
  .get(`${base}/items/:itemId`, ...readers, async (c) => c.json({ data: await getItem(bookingContext(c), idParam(c, "itemId", "ledger:api.itemNotFound")) }))
  .put(`${base}/items/:itemId`, settings, async (c) => {
    const ctx = bookingContext(c);
    const id = idParam(c, "itemId", "ledger:api.itemNotFound");
    await updateItem(ctx, id, await body(c, itemSchema));
    return c.json({ item: await getItem(ctx, id) });
  })
  .delete(`${base}/items/:itemId`, settings, async (c) => {
    await deleteItem(bookingContext(c), idParam(c, "itemId", "ledger:api.itemNotFound"));
    return c.body(null, 204);
  })

  .get(`${base}/points-of-sale`, ...readers, async (c) => c.json({ data: await listPointsOfSale(bookingContext(c), { activeOnly: activeOnly(c) }) }))
  .post(`${base}/points-of-sale`, settings, async (c) => {
    const ctx = bookingContext(c);
    const id = await createPointOfSale(ctx, await body(c, pointOfSaleSchema));
    return c.json({ point_of_sale: await getPointOfSale(ctx, id) }, 201);
  })
  .put(`${base}/points-of-sale/:posId`, settings, async (c) => {
    const ctx = bookingContext(c);
    const id = idParam(c, "posId", "ledger:api.pointOfSaleNotFound");
    await updatePointOfSale(ctx, id, await body(c, pointOfSaleSchema));
    return c.json({ point_of_sale: await getPointOfSale(ctx, id) });
  })
  .delete(`${base}/points-of-sale/:posId`, settings, async (c) => {
    await deletePointOfSale(bookingContext(c), idParam(c, "posId", "ledger:api.pointOfSaleNotFound"));
    return c.body(null, 204);
  })

  .get(`${base}/accounts`, ...readers, async (c) => c.json({ data: await listAccounts(bookingContext(c), { activeOnly: activeOnly(c) }) }))
  .post(`${base}/accounts`, settings, async (c) => {
    const ctx = bookingContext(c);
    const id = await createAccount(ctx, await body(c, accountSchema));
    return c.json({ account: await getAccount(ctx, id) }, 201);
  })
  .put(`${base}/accounts/:accountId`, settings, async (c) => {
    const ctx = bookingContext(c);
    const id = idParam(c, "accountId", "ledger:api.accountNotFound");
    await updateAccount(ctx, id, await body(c, accountSchema));
    return c.json({ account: await getAccount(ctx, id) });
  })
  .delete(`${base}/accounts/:accountId`, settings, async (c) => {
    await deleteAccount(bookingContext(c), idParam(c, "accountId", "ledger:api.accountNotFound"));
    return c.body(null, 204);
  })

  .get(`${base}/reservations/:reservationId/folio`, reservationsOnly, async (c) => c.json({ data: await getFolio(bookingContext(c), reservationId(c)) }))
  .get(`${base}/reservations/:reservationId/extras`, reservationsOnly, async (c) => {
    const folio = await getFolio(bookingContext(c), reservationId(c));
    return c.json({ data: folio.extras, balance: folio.balance });
  })
  .post(`${base}/reservations/:reservationId/extras`, reservationsOnly, async (c) => {
    const ctx = bookingContext(c);
    const id = reservationId(c);
    const extraId = await addExtra(ctx, id, await body(c, extraSchema));
    const folio = await getFolio(ctx, id);
    return c.json({ extra: folio.extras.find((e) => e.uuid === extraId), balance: folio.balance }, 201);
  })
  .delete(`${base}/reservations/:reservationId/extras/:extraId`, reservationsOnly, async (c) => {
    const ctx = bookingContext(c);
    const id = reservationId(c);
    await removeExtra(ctx, id, idParam(c, "extraId", "ledger:api.extraNotFound"));
    return c.json({ balance: (await getFolio(ctx, id)).balance });
  })
  .get(`${base}/reservations/:reservationId/payments`, reservationsOnly, async (c) => {
    const folio = await getFolio(bookingContext(c), reservationId(c));
    return c.json({ data: folio.payments, balance: folio.balance });
  })
  .post(`${base}/reservations/:reservationId/payments`, reservationsOnly, async (c) => {
    const ctx = bookingContext(c);
    const id = reservationId(c);
    const paymentId = await addPayment(ctx, id, await body(c, paymentSchema));
    const folio = await getFolio(ctx, id);
    return c.json({ payment: folio.payments.find((p) => p.uuid === paymentId), balance: folio.balance }, 201);
  })
  .delete(`${base}/reservations/:reservationId/payments/:paymentId`, reservationsOnly, async (c) => {
    const ctx = bookingContext(c);
    const id = reservationId(c);
    await removePayment(ctx, id, idParam(c, "paymentId", "ledger:api.paymentNotFound"));
    return c.json({ balance: (await getFolio(ctx, id)).balance });
  })

  .get(`${base}/suppliers`, settings, async (c) => c.json({ data: await listSuppliers(bookingContext(c)) }))
  .post(`${base}/suppliers`, settings, async (c) => {
    const ctx = bookingContext(c);
    const id = await createSupplier(ctx, await body(c, supplierSchema));
    return c.json({ supplier: await getSupplier(ctx, id) }, 201);
  })
  .get(`${base}/suppliers/:supplierId`, settings, async (c) => c.json({ data: await getSupplier(bookingContext(c), idParam(c, "supplierId", "ledger:api.supplierNotFound")) }))
  .put(`${base}/suppliers/:supplierId`, settings, async (c) => {
    const ctx = bookingContext(c);
    const id = idParam(c, "supplierId", "ledger:api.supplierNotFound");
    await updateSupplier(ctx, id, await body(c, supplierSchema));
    return c.json({ supplier: await getSupplier(ctx, id) });
  })
  .delete(`${base}/suppliers/:supplierId`, settings, async (c) => {
    await deleteSupplier(bookingContext(c), idParam(c, "supplierId", "ledger:api.supplierNotFound"));
    return c.body(null, 204);
  })
  .get(`${base}/suppliers/:supplierId/expenses`, settings, async (c) => c.json({ data: await listExpenses(bookingContext(c), idParam(c, "supplierId", "ledger:api.supplierNotFound")) }))
  .post(`${base}/suppliers/:supplierId/expenses`, settings, async (c) => {
    const ctx = bookingContext(c);
    const id = idParam(c, "supplierId", "ledger:api.supplierNotFound");
    const expenseId = await addExpense(ctx, id, await body(c, expenseSchema));
    return c.json({ expense: (await listExpenses(ctx, id)).find((e) => e.uuid === expenseId) }, 201);
  })
  .delete(`${base}/suppliers/:supplierId/expenses/:expenseId`, settings, async (c) => {
    await removeExpense(bookingContext(c), idParam(c, "supplierId", "ledger:api.supplierNotFound"), idParam(c, "expenseId", "ledger:api.expenseNotFound"));
    return c.body(null, 204);
  });
