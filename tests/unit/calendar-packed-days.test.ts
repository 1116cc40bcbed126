import { describe, expect, it } from "vitest";
import { unpackDays } from "#app/components/calendar/month.ts";
import { compactCalendarDays } from "#api/services/pricing/calendar.ts";
import type { CalendarJson } from "#contract/pricing.ts";

// The calendar page ships its month as the API's compact answer cut to the shown category (issue 29:
// the first document ≤ 60 KiB); the grid and the day panel read it back in the full shape. (The
// fixture's cells carry no explanation, as the page asks for none.)
/** What the page's loader ships: the compact days with the cell of the category at `shown` only. */
const packDays = (days: CalendarJson["days"], shown: number) => compactCalendarDays(days as Parameters<typeof compactCalendarDays>[0], false).map(({ weekday: _, ...d }) => ({ ...d, rates: d.rates.slice(shown, shown + 1) }));
const base = { uuid: "s-base", title: "Temporada base", color: "#4F7CAC", is_reference: true };
const summer = { uuid: "s-summer", title: "Verão", color: "#F08C00", is_reference: false };
const calendar: Pick<CalendarJson, "fluctuation_levels" | "sazonalities" | "holidays" | "days"> = {
  fluctuation_levels: [{ uuid: "l-high", level: 3, name: "Alta", from_percentage: 70, to_percentage: 100 }],
  sazonalities: [base, summer],
  holidays: [{ uuid: "h-1", date: "2026-11-20", name: "Dia da Consciência Negra", country: "BR", state: null }],
  days: [
    {
      date: "2026-11-20",
      weekday: 5,
      occupancy: 78.6,
      level: { uuid: "l-high", name: "Alta" },
      season: summer,
      holidays: [{ uuid: "h-1", name: "Dia da Consciência Negra" }],
      rates: [
        { room_category_uuid: "c-std", rate: 36_300, guests: 2, manual: false },
        { room_category_uuid: "c-suite", rate: 61_000, guests: 3, manual: true },
      ],
    },
    {
      date: "2026-11-21",
      weekday: 6,
      occupancy: 7.1,
      level: null,
      season: base,
      holidays: [],
      rates: [
        { room_category_uuid: "c-std", rate: 25_000, guests: 2, manual: false },
        { room_category_uuid: "c-suite", rate: 45_000, guests: 3, manual: false },
      ],
    },
  ],
};

describe("the calendar page's packed days", () => {
  it("carry seasons, levels and holidays by UUID and only the shown category's cell", () => {
    expect(packDays(calendar.days, 1)).toEqual([
      { date: "2026-11-20", occupancy: 78.6, level: "l-high", season: "s-summer", holidays: ["h-1"], rates: [[61_000, 3, true]] },
      { date: "2026-11-21", occupancy: 7.1, level: null, season: "s-base", holidays: [], rates: [[45_000, 3, false]] },
    ]);
  });

  it("read back as the API's days with that one cell", () => {
    for (const [shown, category] of [[0, "c-std"], [1, "c-suite"]] as const) {
      const back = unpackDays(calendar, packDays(calendar.days, shown), category);
      expect(back).toEqual(calendar.days.map((d) => ({ ...d, rates: [d.rates[shown]] })));
    }
  });

  it("are smaller than the days in full, even for one category", () => {
    const full = calendar.days.map((d) => ({ ...d, rates: d.rates.slice(0, 1) }));
    expect(JSON.stringify(packDays(calendar.days, 0)).length).toBeLessThan(JSON.stringify(full).length * 0.6);
  });
});
