import { eq } from "drizzle-orm";
import type { Database } from "#api/db/client.ts";
import { reservations } from "#api/db/schema/index.ts";
import type { BookingContext } from "#api/services/bookings/context.ts";
import { getAccount } from "./accounts.ts";
import { getItem, getItemCategory, getPointOfSale } from "./catalog.ts";
import { getFolio } from "./folio.ts";
import { getSupplier, listExpenses } from "./suppliers.ts";
import { bookingActor } from "#api/services/bookings/activity.ts";
import { orNull, tracked, type ActivitySnapshot } from "#api/services/activity/tracked.ts";

type LedgerRead = (ctx: BookingContext, id: string) => Promise<ActivitySnapshot | null>;

/** A getter's JSON as the log's record, labelled by one of its fields (no getter: null). */
const fromJson =
  <J extends Record<string, unknown>>(get: (ctx: BookingContext, id: string) => Promise<J>, label: (json: J) => string | null, values: (json: J) => Record<string, unknown> = (j) => j): LedgerRead =>
  async (ctx, id) => {
    const json = await orNull(get(ctx, id));
    return json ? { label: label(json), values: values(json) } : null;
  };

const reservationCode = async (db: Database, id: string) => (await db.select({ code: reservations.code }).from(reservations).where(eq(reservations.id, id)))[0]?.code ?? null;

/** What the ledger's settings and a reservation's folio look like in the activity log, record by record. */
export const ledgerReads = {
  itemCategory: fromJson(getItemCategory, (j) => j.name),
  item: fromJson(getItem, (j) => j.name),
  pointOfSale: fromJson(getPointOfSale, (j) => j.name),
  account: fromJson(getAccount, (j) => j.name),
  supplier: fromJson(getSupplier, (j) => j.name, ({ expenses_total: _total, ...rest }) => rest),
  /** One extra sold on a reservation's folio, labelled by the reservation's code. */
  extra:
    (reservationId: string): LedgerRead =>
    async (ctx, id) => {
      const extra = (await orNull(getFolio(ctx, reservationId)))?.extras.find((e) => e.uuid === id);
      if (!extra) return null;
      const { description, quantity, unit_price, total, point_of_sale } = extra;
      return { label: await reservationCode(ctx.db, reservationId), values: { description, quantity, unit_price, total, point_of_sale: point_of_sale?.name ?? null } };
    },
  /** One payment or refund on a reservation's folio. */
  payment:
    (reservationId: string): LedgerRead =>
    async (ctx, id) => {
      const payment = (await orNull(getFolio(ctx, reservationId)))?.payments.find((p) => p.uuid === id);
      if (!payment) return null;
      const { kind, amount, received_on, notes, account } = payment;
      return { label: await reservationCode(ctx.db, reservationId), values: { kind, amount, received_on, notes, account: account.name } };
    },
  /** One expense paid to a supplier. */
  expense:
    (supplierId: string): LedgerRead =>
    async (ctx, id) => {
      const expense = (await orNull(listExpenses(ctx, supplierId)))?.find((e) => e.uuid === id);
      if (!expense) return null;
      const supplier = await orNull(getSupplier(ctx, supplierId));
      const { amount, spent_on, description, account } = expense;
      return { label: supplier?.name ?? null, values: { amount, spent_on, description, account: account.name } };
    },
};

/**
 * Runs one write of the ledger in a transaction with its line in the activity log (area
 * "ledger"): `entityId` is the record changed or removed, null for a creation whose id the
 * write answers.
 */
export function ledgerChange<T>(ctx: BookingContext, entityId: string | null, read: LedgerRead, write: (ctx: BookingContext) => Promise<T>): Promise<T> {
  return tracked(
    ctx.db,
    {
      businessId: ctx.business.id,
      actor: bookingActor(ctx),
      area: "ledger",
      entityId,
      read: (tx, id) => read({ ...ctx, db: tx }, id),
      idOf: (result) => (typeof result === "string" ? result : null),
    },
    (tx) => write({ ...ctx, db: tx }),
  );
}
