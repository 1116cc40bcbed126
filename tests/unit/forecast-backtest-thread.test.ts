import { describe, expect, it } from "vitest";
import { backtest } from "#domain/forecast/backtest.ts";
import type { Stay } from "#domain/forecast/types.ts";
import { mulberry32 } from "#domain/random.ts";
import { backtestOffThread } from "#api/services/forecast/backtest-thread.ts";
import { hotelInputOf, type HotelData } from "#api/services/forecast/input.ts";

/**
 * The scorecard's backtest on a worker thread (ADR 0051) without a database: the worker rebuilds
 * the hotel's input from plain data (rooms less blocks recorded by the day asked) and gives the
 * figures the in-place backtest gives; a computation that fails rejects instead of hanging.
 */
function hotel(seed: number): HotelData {
  const random = mulberry32(seed);
  const stays: Stay[] = [];
  for (let night = 0; night < 200; night++) {
    for (let room = 0; room < 6; room++) {
      if (random() > 0.6) continue;
      const bookedOn = night - Math.floor(random() * 40);
      const cancelled = random() < 0.15;
      stays.push({ bookedOn, arrival: night, departure: night + 1, cancelledOn: cancelled ? bookedOn + Math.floor(random() * (night - bookedOn + 1)) : null, rooms: 1, segment: random() < 0.5 ? "direct" : "ota" });
    }
  }
  return {
    stays,
    categories: [
      // A grew from 3 rooms to 4 on day 100: the backtest reads the rooms of each day asked.
      { id: "a", name: "A", rooms: 4, counts: [{ from: 0, rooms: 3 }, { from: 100, rooms: 4 }] },
      { id: "b", name: "B", rooms: 2, counts: [{ from: 0, rooms: 2 }] },
    ],
    blocks: [
      { categoryId: "a", first: 150, last: 160, recorded: 120, ended: null, count: 1 },
      { categoryId: "b", first: 170, last: 175, recorded: 110, ended: 140, count: 1 },
    ],
  };
}

describe("the backtest on a worker thread", () => {
  it("gives exactly the figures of the backtest computed in place", async () => {
    const data = hotel(3);
    const job = { data, window: { from: 120, to: 199, today: 200 }, horizons: [1, 7, 30] };
    expect(await backtestOffThread(job)).toEqual(backtest(hotelInputOf(data), job.window, job.horizons));
  }, 60_000);

  it("rejects when the computation fails in the worker", async () => {
    const broken = { stays: null, categories: [], blocks: [] } as unknown as HotelData;
    await expect(backtestOffThread({ data: broken, window: { from: 0, to: 10, today: 11 }, horizons: [1] })).rejects.toThrow();
  }, 60_000);
});
