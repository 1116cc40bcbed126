import { describe, expect, it } from "vitest";
import { freeRooms, orphanGaps } from "./gaps.ts";

const FROM = "2027-03-01";
const TODAY = "2027-02-20";

describe("freeRooms", () => {
  it("counts stays (departure night excluded) and blocks (both ends included), never below 0", () => {
    const free = freeRooms(
      { rooms: 2, stays: [{ arrival: "2027-03-01", departure: "2027-03-03" }, { arrival: "2027-03-02", departure: "2027-03-04" }, { arrival: "2027-03-02", departure: "2027-03-03" }], blocks: [{ first: "2027-03-04", last: "2027-03-04", rooms: 1 }] },
      FROM,
      6,
    );
    // 03-02 has three stays in two rooms (overbooked): full, not -1.
    expect(free).toEqual([1, 0, 1, 1, 2, 2]);
  });

  it("clips stays and blocks that start before or end after the window", () => {
    expect(freeRooms({ rooms: 1, stays: [{ arrival: "2027-02-25", departure: "2027-03-02" }], blocks: [{ first: "2027-03-03", last: "2027-03-30", rooms: 1 }] }, FROM, 4)).toEqual([0, 1, 0, 0]);
  });
});

describe("orphanGaps", () => {
  it("finds a one-night hole between two stays of a one-room category", () => {
    const free = freeRooms({ rooms: 1, stays: [{ arrival: "2027-03-01", departure: "2027-03-03" }, { arrival: "2027-03-04", departure: "2027-03-06" }], blocks: [] }, FROM, 10);
    expect(orphanGaps("c", free, FROM, TODAY, 2)).toEqual([{ categoryId: "c", first: "2027-03-03", last: "2027-03-03", nights: 1 }]);
  });

  it("ignores runs longer than the longest gap, and counts a block as full", () => {
    const free = [0, 1, 1, 1, 0, 1, 1, 0, 0];
    expect(orphanGaps("c", free, FROM, TODAY, 2).map((g) => [g.first, g.nights])).toEqual([["2027-03-06", 2]]);
    expect(orphanGaps("c", free, FROM, TODAY, 3).map((g) => g.nights)).toEqual([3, 2]);
    // The same run made by a block instead of a stay.
    const blocked = freeRooms({ rooms: 1, stays: [{ arrival: "2027-03-01", departure: "2027-03-02" }], blocks: [{ first: "2027-03-03", last: "2027-03-05", rooms: 1 }] }, FROM, 6);
    expect(orphanGaps("c", blocked, FROM, TODAY, 2)).toEqual([{ categoryId: "c", first: "2027-03-02", last: "2027-03-02", nights: 1 }]);
  });

  it("a run reaching the horizon's end is not a gap; one closed on the last night is", () => {
    expect(orphanGaps("c", [0, 1, 1], FROM, TODAY, 2)).toEqual([]);
    expect(orphanGaps("c", [0, 1, 0], FROM, TODAY, 2)).toHaveLength(1);
  });

  it("at the window's start: unknown before it, unless the night before is past", () => {
    expect(orphanGaps("c", [1, 0], FROM, TODAY, 2)).toEqual([]);
    expect(orphanGaps("c", [1, 0], FROM, FROM, 2)).toEqual([{ categoryId: "c", first: FROM, last: FROM, nights: 1 }]);
    // A long run that today cuts short: only the nights from today count.
    expect(orphanGaps("c", [1, 1, 1, 1, 0], FROM, "2027-03-03", 2)).toEqual([{ categoryId: "c", first: "2027-03-03", last: "2027-03-04", nights: 2 }]);
  });

  it("a cancellation of overlapping bookings opens a gap only when a room is really free", () => {
    // Two rooms, three stays over 03-03 (an overbooking), one of them then cancelled.
    const stays = [
      { arrival: "2027-03-01", departure: "2027-03-03" },
      { arrival: "2027-03-01", departure: "2027-03-03" },
      { arrival: "2027-03-03", departure: "2027-03-04" },
      { arrival: "2027-03-03", departure: "2027-03-04" },
      { arrival: "2027-03-04", departure: "2027-03-06" },
      { arrival: "2027-03-04", departure: "2027-03-06" },
    ];
    const overbooked = [...stays, { arrival: "2027-03-02", departure: "2027-03-05" }];
    expect(orphanGaps("c", freeRooms({ rooms: 2, stays: overbooked, blocks: [] }, FROM, 8), FROM, TODAY, 2)).toEqual([]);
    // The overbooking cancelled: still full everywhere.
    expect(orphanGaps("c", freeRooms({ rooms: 2, stays, blocks: [] }, FROM, 8), FROM, TODAY, 2)).toEqual([]);
    // One of the 03-03 stays cancelled as well: that night has a room between full nights.
    const afterCancel = stays.filter((_, i) => i !== 3);
    expect(orphanGaps("c", freeRooms({ rooms: 2, stays: afterCancel, blocks: [] }, FROM, 8), FROM, TODAY, 2)).toEqual([{ categoryId: "c", first: "2027-03-03", last: "2027-03-03", nights: 1 }]);
  });
});
