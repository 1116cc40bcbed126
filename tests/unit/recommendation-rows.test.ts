import { describe, expect, it } from "vitest";
import { parseRecommendationKey, recommendationKey, wholeNights } from "#app/lib/recommendation-rows.ts";

const CATEGORY = "d3e00000-0000-4000-8000-000000000011";

describe("the recommendation list's keys", () => {
  it("names a row and reads it back", () => {
    const key = recommendationKey({ night: "2026-12-03", room_category_uuid: CATEGORY, field: "min_stay_arrival" });
    expect(key).toBe(`2026-12-03.${CATEGORY}.min_stay_arrival`);
    expect(parseRecommendationKey(key)).toEqual({ night: "2026-12-03", category: CATEGORY, field: "min_stay_arrival" });
  });

  it("reads nothing from what no row is named", () => {
    for (const bad of [null, undefined, "", "2026-12-03", `2026-12-03.${CATEGORY}`, `2026-12-03.${CATEGORY}.colour`, `03/12/2026.${CATEGORY}.price`, `2026-12-03.not-a-uuid.price`, `2026-12-03.${CATEGORY}.price.x`]) {
      expect(parseRecommendationKey(bad)).toBeNull();
    }
  });
});

describe("wholeNights", () => {
  const rows = (nights: Record<string, number>) => Object.entries(nights).flatMap(([night, n]) => Array.from({ length: n }, (_, i) => ({ night, i })));

  it("keeps every row when they fit", () => {
    const all = rows({ "2026-12-01": 2, "2026-12-02": 2 });
    expect(wholeNights(all, 4)).toEqual({ shown: all, next: null });
  });

  it("never cuts a night in two: the page ends before the night that would not fit", () => {
    const all = rows({ "2026-12-01": 3, "2026-12-02": 3, "2026-12-03": 3 });
    const page = wholeNights(all, 7);
    expect(page.next).toBe("2026-12-03");
    expect(page.shown).toHaveLength(6);
    expect(wholeNights(all, 6)).toEqual({ shown: all.slice(0, 6), next: "2026-12-03" });
  });

  it("shows a first night with more rows than a page whole, on its own", () => {
    const all = rows({ "2026-12-01": 5, "2026-12-02": 1 });
    expect(wholeNights(all, 3)).toEqual({ shown: all.slice(0, 5), next: "2026-12-02" });
    const one = rows({ "2026-12-01": 5 });
    expect(wholeNights(one, 3)).toEqual({ shown: one, next: null });
  });
});
