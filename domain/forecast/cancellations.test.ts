import { describe, expect, it } from "vitest";
import { expectedKept, PRIOR_BOOKINGS, survivalModel } from "./cancellations.ts";
import type { Stay } from "./types.ts";

const D = 20000;
const stay = (s: Partial<Stay> & Pick<Stay, "bookedOn" | "arrival">): Stay => ({ departure: s.arrival + 1, cancelledOn: null, rooms: 1, segment: "Online", deposit: "No Deposit", ...s });

describe("the chance a booking on the books is kept", () => {
  // Twenty bookings made 30 days before arrival, in the month before D: ten cancelled 20 days out.
  const past = Array.from({ length: 20 }, (_, i) => stay({ bookedOn: D - 60 + i, arrival: D - 30 + i, cancelledOn: i % 2 === 0 ? D - 50 + i : null }));

  it("is learnt from the bookings whose fate was known, at each lead", () => {
    const model = survivalModel(past, D);
    const probe = stay({ bookedOn: D, arrival: D + 5 });
    // 5 days out: only the ten kept ones were still on the books → all kept.
    expect(model.keeps(probe, 5)).toBe(1);
    // 25 days out: all twenty were on the books, ten were cancelled later.
    expect(model.keeps(probe, 25)).toBeCloseTo(0.5, 10);
  });

  it("ignores bookings whose fate is not known yet, and cancellations after the forecast day", () => {
    const future = Array.from({ length: 10 }, (_, i) => stay({ bookedOn: D - 40, arrival: D + 1 + i, cancelledOn: D - 35 }));
    const later = past.map((s) => ({ ...s, cancelledOn: s.cancelledOn === null ? D + 3 : s.cancelledOn }));
    const model = survivalModel([...past, ...future], D);
    expect(model.keeps(stay({ bookedOn: D, arrival: D + 5 }), 25)).toBeCloseTo(0.5, 10);
    expect(survivalModel(later, D).keeps(stay({ bookedOn: D, arrival: D + 5 }), 25)).toBeCloseTo(0.5, 10);
  });

  it("leans a small group on the wider one", () => {
    // Two non-refundable bookings, both kept, beside the twenty above: the deposit type's chance
    // leans on all bookings' (12 of 22 kept), the segment-and-deposit group's on the deposit type's.
    const nonRefund = [0, 1].map((i) => stay({ bookedOn: D - 60 + i, arrival: D - 30 + i, deposit: "Non Refund" }));
    const model = survivalModel([...past, ...nonRefund], D);
    const overall = 12 / 22;
    const deposit = (2 + PRIOR_BOOKINGS * overall) / (2 + PRIOR_BOOKINGS);
    const expected = (2 + PRIOR_BOOKINGS * deposit) / (2 + PRIOR_BOOKINGS);
    expect(model.keeps(stay({ bookedOn: D, arrival: D + 40, deposit: "Non Refund" }), 25)).toBeCloseTo(expected, 10);
  });

  it("says nothing is lost when the hotel has no history", () => {
    expect(survivalModel([], D).keeps(stay({ bookedOn: D, arrival: D + 3 }), 3)).toBe(1);
  });
});

describe("expected kept rooms", () => {
  it("weigh each booking on the books then by its chance; a guest already arrived is kept", () => {
    const model = { keeps: (_: Stay, lead: number) => (lead >= 10 ? 0.5 : 0.9) };
    const stays = [
      stay({ bookedOn: D - 20, arrival: D + 12, rooms: 2 }),
      stay({ bookedOn: D - 3, arrival: D + 5 }),
      stay({ bookedOn: D - 5, arrival: D - 1, departure: D + 6 }),
      stay({ bookedOn: D - 5, arrival: D + 5, cancelledOn: D - 1 }),
      stay({ bookedOn: D + 1, arrival: D + 5 }),
    ];
    const asked = new Map([[D + 5, [5, 9]], [D + 12, [12]]]);
    const expected = expectedKept(stays, model, D, asked);
    // D + 5 seen from D: one new booking (0.9) and the guest in house (1); the cancelled one and the one booked later are not there.
    expect(expected(D + 5, 5)).toBeCloseTo(1.9, 10);
    // Seen from D − 4: the in-house guest (3 days before arrival then) and the one cancelled later (9 days), 0.9 each.
    expect(expected(D + 5, 9)).toBeCloseTo(0.9 + 0.9, 10);
    expect(expected(D + 12, 12)).toBeCloseTo(2 * 0.5, 10);
  });
});
