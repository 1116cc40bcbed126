import { describe, expect, it } from "vitest";
import { actionsFrom, MAX_ACTIONS, type ActionFacts, type NightFacts } from "./actions.ts";

const night = (date: string, occupancy: number | null, extra: Partial<NightFacts> = {}): NightFacts => ({ date, occupancy, recommendedAbovePublished: false, marketBand: null, ...extra });
const base: ActionFacts = { today: "2026-03-10", nights: [], nightsToPublish: 0, monthGoalRevenue: null, monthRevenueOnBooks: 0, weekNetPickupRoomNights: 0 };

describe("dashboard actions", () => {
  it("says nothing when nothing needs attention", () => {
    expect(actionsFrom({ ...base, nights: [night("2026-03-10", 0.6), night("2026-03-11", 0.5)] })).toEqual([]);
  });

  it("counts nearly full nights whose recommended rate is above the published one, first night first", () => {
    const actions = actionsFrom({
      ...base,
      nightsToPublish: 3,
      nights: [night("2026-03-14", 0.95, { recommendedAbovePublished: true }), night("2026-03-13", 0.9, { recommendedAbovePublished: true }), night("2026-03-15", 0.95), night("2026-03-16", 0.5, { recommendedAbovePublished: true })],
    });
    expect(actions[0]).toEqual({ kind: "raiseHighOccupancy", count: 2, firstNight: "2026-03-13", href: "/days-to-update" });
    // The other night waiting is still worth publishing.
    expect(actions.map((a) => a.kind)).toEqual(["raiseHighOccupancy", "publishPrices"]);
  });

  it("flags weak nights only within the next week", () => {
    const actions = actionsFrom({ ...base, nights: [night("2026-03-11", 0.1), night("2026-03-16", 0.2), night("2026-03-17", 0.1), night("2026-03-12", null)] });
    expect(actions).toEqual([{ kind: "fillWeakNights", count: 2, firstNight: "2026-03-11", href: "/calendar" }]);
  });

  it("reports the gap to the month's goal, cancellations outrunning bookings and full nights below the market", () => {
    const actions = actionsFrom({ ...base, monthGoalRevenue: 5_000_000, monthRevenueOnBooks: 4_200_000, weekNetPickupRoomNights: -4, nights: [night("2026-03-20", 0.85, { marketBand: "below" })] });
    expect(actions).toEqual([
      { kind: "belowMarketFull", count: 1, firstNight: "2026-03-20", href: "/market-analysis" },
      { kind: "goalGap", count: 800_000, firstNight: null, href: "/goals" },
      { kind: "negativePickup", count: 4, firstNight: null, href: "/sales-dashboard" },
    ]);
    expect(actionsFrom({ ...base, monthGoalRevenue: 5_000_000, monthRevenueOnBooks: 5_000_000 })).toEqual([]);
  });

  it("shows at most a handful", () => {
    const actions = actionsFrom({
      ...base,
      nightsToPublish: 10,
      monthGoalRevenue: 1,
      weekNetPickupRoomNights: -1,
      nights: [night("2026-03-10", 0.1), night("2026-03-12", 0.95, { recommendedAbovePublished: true, marketBand: "below" })],
    });
    expect(actions).toHaveLength(MAX_ACTIONS);
  });
});
