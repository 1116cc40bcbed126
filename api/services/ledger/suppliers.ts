import { and, asc, desc, eq, sql } from "drizzle-orm";
import { formatTaxId } from "#domain/ledger/tax-id.ts";
import type { ExpenseInput, SupplierInput } from "#domain/schemas/ledger.ts";
import { expenses, ledgerAccounts, suppliers, type SupplierRow } from "#api/db/schema/index.ts";
import { notFound } from "#api/errors.ts";
import { fieldError, type BookingContext } from "#api/services/bookings/context.ts";
import { accountRow } from "./accounts.ts";
import { refusal } from "./shared.ts";
import type { ExpenseJson, SupplierJson } from "#contract/ledger.ts";

/** Suppliers (name, CPF or CNPJ, contact) and the expenses paid to them from an account. */

function supplierJson(s: SupplierRow & { expensesTotal: number }): SupplierJson {
  return {
    uuid: s.id,
    name: s.name,
    tax_id: s.taxId,
    tax_id_kind: s.taxId ? (s.taxId.length === 11 ? "cpf" : "cnpj") : null,
    tax_id_formatted: s.taxId ? formatTaxId(s.taxId) : null,
    contact_name: s.contactName,
    email: s.email,
    phone: s.phone,
    notes: s.notes,
    expenses_total: s.expensesTotal,
  };
}
export type { SupplierJson };

const expensesTotal = sql<number>`coalesce((select sum(e.amount) from expenses e where e.supplier_id = "suppliers"."id"), 0)::bigint`;

export async function listSuppliers(ctx: BookingContext) {
  const rows = await ctx.db
    .select({ s: suppliers, total: expensesTotal })
    .from(suppliers)
    .where(eq(suppliers.businessId, ctx.business.id))
    .orderBy(asc(sql`lower(${suppliers.name})`));
  return rows.map((r) => supplierJson({ ...r.s, expensesTotal: Number(r.total) }));
}

async function supplierRow(ctx: BookingContext, id: string) {
  const [row] = await ctx.db
    .select({ s: suppliers, total: expensesTotal })
    .from(suppliers)
    .where(and(eq(suppliers.id, id), eq(suppliers.businessId, ctx.business.id)));
  if (!row) throw notFound("ledger:api.supplierNotFound");
  return row;
}

export async function getSupplier(ctx: BookingContext, id: string) {
  const row = await supplierRow(ctx, id);
  return supplierJson({ ...row.s, expensesTotal: Number(row.total) });
}

function columns(input: SupplierInput) {
  return { name: input.name, taxId: input.tax_id, contactName: input.contact_name, email: input.email, phone: input.phone, notes: input.notes };
}

/** A tax id is one supplier's: the same CPF/CNPJ twice is a 422 beside tax_id. */
const taxIdTaken = (ctx: BookingContext) => (e: unknown) => refusal(ctx, e, "tax_id");

export async function createSupplier(ctx: BookingContext, input: SupplierInput): Promise<string> {
  const [row] = await ctx.db
    .insert(suppliers)
    .values({ businessId: ctx.business.id, ...columns(input), createdAt: ctx.now, updatedAt: ctx.now })
    .returning({ id: suppliers.id })
    .catch(taxIdTaken(ctx));
  return row.id;
}

export async function updateSupplier(ctx: BookingContext, id: string, input: SupplierInput): Promise<void> {
  await supplierRow(ctx, id);
  await ctx.db
    .update(suppliers)
    .set({ ...columns(input), updatedAt: ctx.now })
    .where(eq(suppliers.id, id))
    .catch(taxIdTaken(ctx));
}

/** 409 once expenses are recorded against the supplier: the books would lose who was paid. */
export async function deleteSupplier(ctx: BookingContext, id: string): Promise<void> {
  await supplierRow(ctx, id);
  await ctx.db
    .delete(suppliers)
    .where(eq(suppliers.id, id))
    .catch((e) => refusal(ctx, e, "name", "ledger:api.supplierHasExpenses"));
}

export async function listExpenses(ctx: BookingContext, supplierId: string): Promise<ExpenseJson[]> {
  await supplierRow(ctx, supplierId);
  const rows = await ctx.db
    .select({ e: expenses, accountName: ledgerAccounts.name, accountKind: ledgerAccounts.kind })
    .from(expenses)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, expenses.accountId))
    .where(and(eq(expenses.supplierId, supplierId), eq(expenses.businessId, ctx.business.id)))
    .orderBy(desc(expenses.spentOn), desc(expenses.createdAt));
  return rows.map(({ e, accountName, accountKind }) => ({
    uuid: e.id,
    supplier_uuid: e.supplierId,
    account: { uuid: e.accountId, name: accountName, kind: accountKind },
    amount: e.amount,
    spent_on: e.spentOn,
    description: e.description,
    created_at: e.createdAt.toISOString(),
  }));
}
export type { ExpenseJson };

export async function addExpense(ctx: BookingContext, supplierId: string, input: ExpenseInput): Promise<string> {
  await supplierRow(ctx, supplierId);
  const account = await accountRow(ctx, input.account_uuid, "account_uuid");
  if (!account.active) throw fieldError(ctx, "account_uuid", "ledger:validation.inactiveAccount");
  const [row] = await ctx.db
    .insert(expenses)
    .values({ businessId: ctx.business.id, supplierId, accountId: account.id, amount: input.amount, spentOn: input.spent_on, description: input.description, createdBy: ctx.userId, createdAt: ctx.now })
    .returning({ id: expenses.id });
  return row.id;
}

export async function removeExpense(ctx: BookingContext, supplierId: string, expenseId: string): Promise<void> {
  await supplierRow(ctx, supplierId);
  const removed = await ctx.db
    .delete(expenses)
    .where(and(eq(expenses.id, expenseId), eq(expenses.supplierId, supplierId), eq(expenses.businessId, ctx.business.id)))
    .returning({ id: expenses.id });
  if (!removed.length) throw notFound("ledger:api.expenseNotFound");
}
