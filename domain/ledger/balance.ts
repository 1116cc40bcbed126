import type { PaymentKind } from "./kinds.ts";

/**
 * A reservation's folio: what the guest owes and what was paid. Charges are the stay's total
 * plus its extras; payments (deposit, balance) lower the balance and refunds raise it again,
 * since money went back to the guest. A cancelled stay charges no nights (a cancellation fee,
 * if any, is recorded as an extra), so its deposits show as money owed back (a negative balance).
 */

export interface FolioInput {
  /** The stay's total in cents. */
  stayTotal: number;
  /** Cancelled stays charge no nights. */
  cancelled: boolean;
  extras: readonly { total: number }[];
  payments: readonly { kind: PaymentKind; amount: number }[];
}

export interface FolioBalance {
  stay: number;
  extras: number;
  /** stay + extras. */
  charges: number;
  /** Deposits and balance payments received. */
  paid: number;
  refunded: number;
  /** charges − paid + refunded: positive when the guest still owes, negative when the hotel does. */
  balance: number;
}

export function folioBalance(input: FolioInput): FolioBalance {
  const stay = input.cancelled ? 0 : input.stayTotal;
  const extras = input.extras.reduce((sum, e) => sum + e.total, 0);
  let paid = 0;
  let refunded = 0;
  for (const p of input.payments) {
    if (p.kind === "refund") refunded += p.amount;
    else paid += p.amount;
  }
  const charges = stay + extras;
  return { stay, extras, charges, paid, refunded, balance: charges - paid + refunded };
}
