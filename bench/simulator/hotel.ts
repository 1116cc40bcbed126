// The simulated hotel's books, kept in memory: rooms sold per night and category, every stay and
// its room nights (for the brain's booking curves), the last price sold. Policies read it;
// simulate() writes it.
import { compilePricing, type CompiledPricing } from "#domain/pricing/engine.ts";
import { fromDayNumber } from "#domain/pricing/dates.ts";
import type { Cents, DailyRate, PricingConfig } from "#domain/pricing/types.ts";

/** One room night of a stay. */
export interface Booking {
  night: number;
  category: number;
  day: number;
  price: Cents;
  /** The day it left the books (null: kept so far). */
  cancelledOn: number | null;
}

/** A stay on the books: its room nights, booked together and freed together. */
export interface StayBooking {
  category: number;
  day: number;
  nights: Booking[];
  cancelledOn: number | null;
}

export class Hotel {
  readonly categoryIds: string[];
  readonly rooms: number[];
  readonly totalRooms: number;
  /** Every room night booked (cancelled ones too), in the order booked. */
  readonly bookings: Booking[] = [];
  readonly stays: StayBooking[] = [];
  private readonly engine: CompiledPricing;
  private readonly soldBy: Int32Array;
  private readonly byCell: Booking[][];
  private readonly bounds: Map<string, { floor: Cents | null; ceiling: Cents | null }>;
  private readonly iso: string[];

  constructor(
    readonly config: PricingConfig,
    readonly firstNight: number,
    readonly lastNight: number,
    readonly firstDay: number,
  ) {
    this.categoryIds = config.room_categories.map((c) => c.uuid);
    this.rooms = config.room_categories.map((c) => c.room_count ?? 0);
    this.totalRooms = this.rooms.reduce((a, b) => a + b, 0);
    this.engine = compilePricing(config);
    const cells = (lastNight - firstNight + 1) * this.rooms.length;
    this.soldBy = new Int32Array(cells);
    this.byCell = Array.from({ length: cells }, () => []);
    this.bounds = new Map();
    this.iso = Array.from({ length: lastNight - firstDay + 1 }, (_, i) => fromDayNumber(firstDay + i));
  }

  cell(night: number, category: number): number {
    return (night - this.firstNight) * this.rooms.length + category;
  }

  date(day: number): string {
    return this.iso[day - this.firstDay];
  }

  sold(night: number, category: number): number {
    return this.soldBy[this.cell(night, category)];
  }

  /** Percent of the hotel's rooms sold that night (the engine's occupancy bands read it). */
  occupancy(night: number): number {
    let sold = 0;
    for (let c = 0; c < this.rooms.length; c++) sold += this.soldBy[this.cell(night, c)];
    return this.totalRooms ? (sold / this.totalRooms) * 100 : 0;
  }

  /** The rate of the last booking still on the books for the night and category. */
  lastSold(night: number, category: number): Cents | null {
    const list = this.byCell[this.cell(night, category)];
    for (let k = list.length - 1; k >= 0; k--) if (list[k].cancelledOn == null) return list[k].price;
    return null;
  }

  /** The owner's rules' price of the night on `day` at today's occupancy (the engine, two guests). */
  rules(night: number, category: number, day: number): DailyRate {
    return this.rulesAt(night, category, day, this.occupancy(night));
  }

  /** The rules' price at a given occupancy (percent). */
  rulesAt(night: number, category: number, day: number, occupancy: number): DailyRate {
    return this.engine.rate({ date: this.date(night), categoryId: this.categoryIds[category], today: this.date(day), occupancy });
  }

  /** Floor and ceiling of a priced night: the season's, else the category's (as the brain's signals read them). */
  boundsOf(rate: DailyRate): { floor: Cents | null; ceiling: Cents | null } {
    const key = `${rate.seasonId}|${rate.categoryId}`;
    let b = this.bounds.get(key);
    if (!b) {
      const season = this.config.seasonalities.find((s) => s.uuid === rate.seasonId);
      const category = this.config.room_categories.find((c) => c.uuid === rate.categoryId);
      b = { floor: season?.min_price ?? category?.min_price ?? null, ceiling: season?.max_price ?? category?.max_price ?? null };
      this.bounds.set(key, b);
    }
    return b;
  }

  /** Whether the category has a room on every night of `nights` from `arrival` (inside the books). */
  hasRooms(arrival: number, nights: number, category: number): boolean {
    if (arrival < this.firstNight || arrival + nights - 1 > this.lastNight) return false;
    for (let night = arrival; night < arrival + nights; night++) if (this.sold(night, category) >= this.rooms[category]) return false;
    return true;
  }

  /** Books a stay from `arrival`, one night per price of `prices`; the caller checked `hasRooms`. */
  bookStay(arrival: number, category: number, day: number, prices: readonly Cents[]): StayBooking {
    const stay: StayBooking = { category, day, nights: [], cancelledOn: null };
    for (const [k, price] of prices.entries()) {
      const b: Booking = { night: arrival + k, category, day, price, cancelledOn: null };
      const i = this.cell(b.night, category);
      this.soldBy[i]++;
      this.byCell[i].push(b);
      this.bookings.push(b);
      stay.nights.push(b);
    }
    this.stays.push(stay);
    return stay;
  }

  /** The stay leaves the books: every one of its nights is free again. */
  cancelStay(stay: StayBooking, day: number): void {
    stay.cancelledOn = day;
    for (const b of stay.nights) {
      b.cancelledOn = day;
      this.soldBy[this.cell(b.night, b.category)]--;
    }
  }
}
