// One simulated year day by day: would-be guests ask for stays, the stay rules (if any) answer
// which stay is quoted, the policy prices its nights, guests book or walk away, stays cancel;
// RevPAR, occupancy and ADR of the measured nights, and the orphan nights left unsold.
// docs/market-simulator.md.
import { fromDayNumber, toDayNumber, weekdayOfDayNumber } from "#domain/pricing/dates.ts";
import type { PricingConfig } from "#domain/pricing/types.ts";
import { MAX_LEAD, type Calibration } from "./calibration.ts";
import { Hotel, type StayBooking } from "./hotel.ts";
import { orphanNights } from "./stay-rules.ts";
import { marketReference, type PricingPolicy, type StayRulesHook } from "./policies.ts";
import { books, drawWorld, marketMedian, type World } from "./world.ts";

export interface Outcome {
  /** Room revenue of the measured nights (kept bookings), cents. */
  revenue: number;
  /** Room nights sold and kept, and available. */
  sold: number;
  available: number;
  revPar: number;
  occupancy: number;
  adr: number;
  /** Room nights sold below that night's floor (season's, else category's). */
  underFloor: number;
  /** Nights of a category inside an orphan gap at the end (domain/stay-rules orphanGaps, gaps of at most SIM_STAY_RULES.gaps.maxNights), measured nights. */
  orphanNights: number;
}

/** The nights the simulator books and the nights it measures (ISO dates, inclusive). */
export interface Span {
  /** First night with would-be guests (its bookings open MAX_LEAD days before). */
  firstNight: string;
  lastNight: string;
  /** The nights reported. */
  measureFrom: string;
  measureTo: string;
}

/** The month of a night (0 = January) and its weekday, for the calibration's factors. */
const monthOf = (night: number) => Number(fromDayNumber(night).slice(5, 7)) - 1;

export function worldFor(args: { seed: number; calibration: Calibration; config: PricingConfig; span: Span; elasticity: number }): World {
  return drawWorld({
    seed: args.seed,
    calibration: args.calibration,
    firstNight: toDayNumber(args.span.firstNight),
    lastNight: toDayNumber(args.span.lastNight),
    rooms: args.config.room_categories.map((c) => c.room_count ?? 0),
    monthOf,
    weekdayOf: weekdayOfDayNumber,
    elasticity: args.elasticity,
  });
}

/** Runs `policy` over `world` from the first booking day to the last night. */
export function simulate(args: { world: World; config: PricingConfig; span: Span; policy: PricingPolicy; stayRules?: StayRulesHook }): Outcome & { hotel: Hotel } {
  const { world, policy } = args;
  const hotel = new Hotel(args.config, world.firstNight, world.lastNight, world.firstNight - MAX_LEAD);
  const cancellations = new Map<number, StayBooking[]>();
  const moved = (arrival: number, nights: number, day: number) => {
    if (policy.booksMoved) for (let night = arrival; night < arrival + nights; night++) policy.booksMoved(hotel, night, day);
  };
  let g = 0;
  for (let day = hotel.firstDay; day <= world.lastNight; day++) {
    // The nightly run first (its prices are the day's start), then the day's cancellations and guests.
    policy.startOfDay?.(hotel, day);
    for (const stay of cancellations.get(day) ?? []) {
      hotel.cancelStay(stay, day);
      moved(stay.nights[0].night, stay.nights.length, day);
    }
    cancellations.delete(day);
    for (; g < world.guests.length && world.guests[g].day === day; g++) {
      const guest = world.guests[g];
      const stay = args.stayRules ? args.stayRules.offer(hotel, guest, day) : guest;
      if (!stay || !hotel.hasRooms(stay.arrival, stay.nights, guest.category)) continue;
      // The stay's price is the sum of its nights' prices; the market's, the sum of its nights' market prices.
      const prices: number[] = [];
      let market = 0;
      for (let night = stay.arrival; night < stay.arrival + stay.nights; night++) {
        prices.push(policy.price(hotel, night, guest.category, day));
        const reference = marketReference(hotel, night, day);
        market += (marketMedian(world, night, day, reference) * hotel.rulesAt(night, guest.category, day, 50).rate) / reference;
      }
      const total = prices.reduce((a, b) => a + b, 0);
      const booked = books(world, guest, total, market);
      policy.quoted?.(day, Math.log(total / market), booked, guest);
      if (!booked) continue;
      const stayBooked = hotel.bookStay(stay.arrival, guest.category, day, prices);
      if (guest.cancelDay != null) {
        // Not before the next day (a same-day cancellation used to be lost); on or after the arrival: a no-show.
        const on = Math.max(day + 1, Math.min(guest.cancelDay, stay.arrival));
        const list = cancellations.get(on) ?? [];
        list.push(stayBooked);
        cancellations.set(on, list);
      }
      moved(stay.arrival, stay.nights, day);
    }
  }
  return { ...measure(hotel, args.span), hotel };
}

function measure(hotel: Hotel, span: Span): Outcome {
  const from = toDayNumber(span.measureFrom);
  const to = toDayNumber(span.measureTo);
  let revenue = 0;
  let sold = 0;
  let underFloor = 0;
  for (const b of hotel.bookings) {
    if (b.cancelledOn != null || b.night < from || b.night > to) continue;
    revenue += b.price;
    sold++;
    const { floor } = hotel.boundsOf(hotel.rulesAt(b.night, b.category, b.day, 0));
    if (floor != null && b.price < floor) underFloor++;
  }
  const available = (to - from + 1) * hotel.totalRooms;
  return { revenue, sold, available, revPar: revenue / available / 100, occupancy: (sold / available) * 100, adr: sold ? revenue / sold / 100 : 0, underFloor, orphanNights: orphanNights(hotel, from, to) };
}
