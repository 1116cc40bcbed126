import { describe, expect, it } from "vitest";
import { nightDemand, withForecast } from "./demand.ts";

describe("a night's demand from the stored forecast", () => {
  const curve = { nights: 10, rooms: [80, 60, 40, 20] };
  const fromCurve = nightDemand({ curve, weekdayFactor: 1, lead: 2, onTheBooks: 3, capacity: 10 });

  it("is the curve's when there is no forecast", () => {
    expect(withForecast(fromCurve, null)).toEqual(fromCurve);
  });
  it("expects the forecast's final rooms: the rooms still to come are those less the books, with the forecast's interval", () => {
    const d = withForecast(fromCurve, { unconstrained: 7.5, low: 5, high: 9 });
    expect(d).toMatchObject({ known: true, onTheBooks: 3, capacity: 10, usualOnTheBooks: fromCurve.usualOnTheBooks, remainingDemand: 4.5, interval: { low: 5, high: 9 } });
  });
  it("expects nothing more when the books already hold what the forecast expects", () => {
    expect(withForecast(fromCurve, { unconstrained: 2, low: 1, high: 4 }).remainingDemand).toBe(0);
  });
  it("leaves the curve to speak when the forecast was never scored at this horizon (no interval: too little history)", () => {
    expect(withForecast(fromCurve, { unconstrained: 0, low: null, high: null })).toEqual(fromCurve);
    const none = nightDemand({ curve: null, weekdayFactor: 1, lead: 5, onTheBooks: 0, capacity: 6 });
    expect(withForecast(none, { unconstrained: 0, low: null, high: 0 })).toEqual(none);
  });
  it("knows the demand of a hotel without a curve, and then sees no pace", () => {
    const none = nightDemand({ curve: null, weekdayFactor: 1, lead: 5, onTheBooks: 2, capacity: 6 });
    expect(none.known).toBe(false);
    expect(withForecast(none, { unconstrained: 4, low: 3, high: 5 })).toMatchObject({ known: true, usualOnTheBooks: 2, remainingDemand: 2, interval: { low: 3, high: 5 } });
  });
});
