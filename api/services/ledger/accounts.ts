import { and, asc, eq, sql } from "drizzle-orm";
import type { AccountInput } from "#domain/schemas/ledger.ts";
import { ledgerAccounts, type LedgerAccountRow } from "#api/db/schema/index.ts";
import { notFound } from "#api/errors.ts";
import { fieldError, type BookingContext } from "#api/services/bookings/context.ts";
import { refusal } from "./shared.ts";
import type { AccountJson } from "#contract/ledger.ts";

/**
 * Accounts: where money is received (cash, bank, Pix, card acquirer). Each answers its balance:
 * what came in from guests, less refunds and expenses paid from it.
 */

function accountJson(a: LedgerAccountRow & { balance: number }): AccountJson {
  return { uuid: a.id, name: a.name, kind: a.kind, active: a.active, balance: a.balance };
}
export type { AccountJson };

export async function listAccounts(ctx: BookingContext, filter: { activeOnly?: boolean } = {}) {
  const rows = await ctx.db
    .select({
      a: ledgerAccounts,
      balance: sql<number>`(
        coalesce((select sum(case when p.kind = 'refund' then -p.amount else p.amount end) from payments p where p.account_id = "ledger_accounts"."id"), 0)
        - coalesce((select sum(e.amount) from expenses e where e.account_id = "ledger_accounts"."id"), 0)
      )::bigint`,
    })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.businessId, ctx.business.id), filter.activeOnly ? eq(ledgerAccounts.active, true) : undefined))
    .orderBy(asc(sql`lower(${ledgerAccounts.name})`));
  return rows.map((r) => accountJson({ ...r.a, balance: Number(r.balance) }));
}

/** The business's account; with `field`, a 422 beside that field when it is not one (else 404). */
export async function accountRow(ctx: BookingContext, id: string, field?: string) {
  const [row] = await ctx.db
    .select()
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.id, id), eq(ledgerAccounts.businessId, ctx.business.id)));
  if (!row) throw field ? fieldError(ctx, field, "ledger:validation.unknownAccount") : notFound("ledger:api.accountNotFound");
  return row;
}

export async function getAccount(ctx: BookingContext, id: string) {
  await accountRow(ctx, id);
  return (await listAccounts(ctx)).find((a) => a.uuid === id)!;
}

export async function createAccount(ctx: BookingContext, input: AccountInput): Promise<string> {
  const [row] = await ctx.db
    .insert(ledgerAccounts)
    .values({ businessId: ctx.business.id, name: input.name, kind: input.kind, active: input.active, createdAt: ctx.now })
    .returning({ id: ledgerAccounts.id })
    .catch((e) => refusal(ctx, e));
  return row.id;
}

export async function updateAccount(ctx: BookingContext, id: string, input: AccountInput): Promise<void> {
  await accountRow(ctx, id);
  await ctx.db
    .update(ledgerAccounts)
    .set({ name: input.name, kind: input.kind, active: input.active })
    .where(eq(ledgerAccounts.id, id))
    .catch((e) => refusal(ctx, e));
}

/** 409 once money moved through it: the books keep it; deactivating hides it from new payments. */
export async function deleteAccount(ctx: BookingContext, id: string): Promise<void> {
  await accountRow(ctx, id);
  await ctx.db
    .delete(ledgerAccounts)
    .where(eq(ledgerAccounts.id, id))
    .catch((e) => refusal(ctx, e, "name", "ledger:api.accountInUse"));
}
