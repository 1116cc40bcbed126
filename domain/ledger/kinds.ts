/** Where money is received: cash drawer, bank account, Pix key, card acquirer. */
export const ACCOUNT_KINDS = ["cash", "bank", "pix", "card"] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

/** Money received for a stay (deposit, balance) or given back to the guest (refund). */
export const PAYMENT_KINDS = ["deposit", "balance", "refund"] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];
