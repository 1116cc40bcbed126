import { and, asc, eq } from "drizzle-orm";
import { folioBalance } from "#domain/ledger/balance.ts";
import type { ExtraInput, PaymentInput } from "#domain/schemas/ledger.ts";
import { ledgerAccounts, payments, pointOfSaleItems, pointsOfSale, reservationExtras, reservations } from "#api/db/schema/index.ts";
import { notFound } from "#api/errors.ts";
import { businessToday, fieldError, type BookingContext } from "#api/services/bookings/context.ts";
import { accountRow } from "./accounts.ts";
import { itemRow, pointOfSaleRow } from "./catalog.ts";
import type { FolioJson } from "#contract/ledger.ts";

/**
 * A reservation's folio: the extras sold to the guest, the payments received or refunded, and
 * the balance (domain/ledger/balance.ts). Needs user.reservations, like the reservation itself.
 */

async function reservationRow(ctx: BookingContext, id: string) {
  const [row] = await ctx.db
    .select({ id: reservations.id, status: reservations.status, total: reservations.total, currency: reservations.currency })
    .from(reservations)
    .where(and(eq(reservations.id, id), eq(reservations.businessId, ctx.business.id)));
  if (!row) throw notFound("bookings:api.reservationNotFound");
  return row;
}

export async function getFolio(ctx: BookingContext, reservationId: string): Promise<FolioJson> {
  const reservation = await reservationRow(ctx, reservationId);
  const extras = await ctx.db
    .select({ e: reservationExtras, posName: pointsOfSale.name })
    .from(reservationExtras)
    .leftJoin(pointsOfSale, eq(pointsOfSale.id, reservationExtras.pointOfSaleId))
    .where(eq(reservationExtras.reservationId, reservationId))
    .orderBy(asc(reservationExtras.createdAt), asc(reservationExtras.id));
  const paid = await ctx.db
    .select({ p: payments, accountName: ledgerAccounts.name, accountKind: ledgerAccounts.kind })
    .from(payments)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, payments.accountId))
    .where(eq(payments.reservationId, reservationId))
    .orderBy(asc(payments.receivedOn), asc(payments.createdAt), asc(payments.id));
  const balance = folioBalance({
    stayTotal: reservation.total,
    cancelled: reservation.status === "cancelled",
    extras: extras.map((r) => r.e),
    payments: paid.map((r) => r.p),
  });
  return {
    reservation_uuid: reservation.id,
    currency: reservation.currency,
    /** The business's today, the default date of a new payment. */
    today: businessToday(ctx),
    extras: extras.map(({ e, posName }) => ({
      uuid: e.id,
      item_uuid: e.itemId,
      point_of_sale: e.pointOfSaleId ? { uuid: e.pointOfSaleId, name: posName ?? "" } : null,
      description: e.description,
      quantity: e.quantity,
      unit_price: e.unitPrice,
      total: e.total,
      created_at: e.createdAt.toISOString(),
    })),
    payments: paid.map(({ p, accountName, accountKind }) => ({
      uuid: p.id,
      account: { uuid: p.accountId, name: accountName, kind: accountKind },
      kind: p.kind,
      amount: p.amount,
      received_on: p.receivedOn,
      notes: p.notes,
      created_at: p.createdAt.toISOString(),
    })),
    balance,
  };
}
export type { FolioJson };

/** Sells an item to the guest: its price and name unless typed, optionally at a point of sale that sells it. */
export async function addExtra(ctx: BookingContext, reservationId: string, input: ExtraInput): Promise<string> {
  await reservationRow(ctx, reservationId);
  const item = await itemRow(ctx, input.item_uuid, "item_uuid");
  if (!item.active) throw fieldError(ctx, "item_uuid", "ledger:validation.inactiveItem");
  if (input.point_of_sale_uuid) {
    const pos = await pointOfSaleRow(ctx, input.point_of_sale_uuid, "point_of_sale_uuid");
    const [sells] = await ctx.db
      .select()
      .from(pointOfSaleItems)
      .where(and(eq(pointOfSaleItems.pointOfSaleId, pos.id), eq(pointOfSaleItems.itemId, item.id)));
    if (!pos.active || !sells) throw fieldError(ctx, "point_of_sale_uuid", "ledger:validation.notSoldThere");
  }
  const unitPrice = input.unit_price ?? item.price;
  const [row] = await ctx.db
    .insert(reservationExtras)
    .values({
      reservationId,
      businessId: ctx.business.id,
      itemId: item.id,
      pointOfSaleId: input.point_of_sale_uuid,
      description: input.description ?? item.name,
      quantity: input.quantity,
      unitPrice,
      total: unitPrice * input.quantity,
      createdBy: ctx.userId,
      createdAt: ctx.now,
    })
    .returning({ id: reservationExtras.id });
  return row.id;
}

export async function removeExtra(ctx: BookingContext, reservationId: string, extraId: string): Promise<void> {
  await reservationRow(ctx, reservationId);
  const removed = await ctx.db
    .delete(reservationExtras)
    .where(and(eq(reservationExtras.id, extraId), eq(reservationExtras.reservationId, reservationId), eq(reservationExtras.businessId, ctx.business.id)))
    .returning({ id: reservationExtras.id });
  if (!removed.length) throw notFound("ledger:api.extraNotFound");
}

export async function addPayment(ctx: BookingContext, reservationId: string, input: PaymentInput): Promise<string> {
  await reservationRow(ctx, reservationId);
  const account = await accountRow(ctx, input.account_uuid, "account_uuid");
  if (!account.active) throw fieldError(ctx, "account_uuid", "ledger:validation.inactiveAccount");
  const [row] = await ctx.db
    .insert(payments)
    .values({
      reservationId,
      businessId: ctx.business.id,
      accountId: account.id,
      kind: input.kind,
      amount: input.amount,
      receivedOn: input.received_on,
      notes: input.notes,
      createdBy: ctx.userId,
      createdAt: ctx.now,
    })
    .returning({ id: payments.id });
  return row.id;
}

export async function removePayment(ctx: BookingContext, reservationId: string, paymentId: string): Promise<void> {
  await reservationRow(ctx, reservationId);
  const removed = await ctx.db
    .delete(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.reservationId, reservationId), eq(payments.businessId, ctx.business.id)))
    .returning({ id: payments.id });
  if (!removed.length) throw notFound("ledger:api.paymentNotFound");
}
