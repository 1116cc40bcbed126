import { describe, expect, it } from "vitest";
import { folioBalance } from "./balance";

describe("folioBalance", () => {
  it("adds extras to the stay and takes payments off", () => {
    const b = folioBalance({
      stayTotal: 50_000,
      cancelled: false,
      extras: [{ total: 4_500 }, { total: 12_000 }],
      payments: [
        { kind: "deposit", amount: 15_000 },
        { kind: "balance", amount: 20_000 },
      ],
    });
    expect(b).toEqual({ stay: 50_000, extras: 16_500, charges: 66_500, paid: 35_000, refunded: 0, balance: 31_500 });
  });

  it("raises the balance by a refund", () => {
    const b = folioBalance({ stayTotal: 30_000, cancelled: false, extras: [], payments: [{ kind: "balance", amount: 30_000 }, { kind: "refund", amount: 5_000 }] });
    expect(b.balance).toBe(5_000);
    expect(b.refunded).toBe(5_000);
  });

  it("is zero when everything is paid", () => {
    expect(folioBalance({ stayTotal: 10_000, cancelled: false, extras: [{ total: 2_000 }], payments: [{ kind: "deposit", amount: 12_000 }] }).balance).toBe(0);
  });

  it("charges no nights for a cancelled stay, so a kept deposit is owed back until refunded", () => {
    const paidDeposit = folioBalance({ stayTotal: 40_000, cancelled: true, extras: [], payments: [{ kind: "deposit", amount: 10_000 }] });
    expect(paidDeposit).toMatchObject({ stay: 0, charges: 0, balance: -10_000 });
    const refunded = folioBalance({ stayTotal: 40_000, cancelled: true, extras: [], payments: [{ kind: "deposit", amount: 10_000 }, { kind: "refund", amount: 10_000 }] });
    expect(refunded.balance).toBe(0);
  });

  it("keeps an overpayment as a negative balance", () => {
    expect(folioBalance({ stayTotal: 10_000, cancelled: false, extras: [], payments: [{ kind: "balance", amount: 12_500 }] }).balance).toBe(-2_500);
  });
});
