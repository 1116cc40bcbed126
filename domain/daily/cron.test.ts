import { describe, expect, it } from "vitest";
import { cronEvery, describeCron } from "./cron.ts";

describe("cronEvery", () => {
  it("turns a frequency in minutes into a cron line", () => {
    expect(cronEvery(60)).toBe("0 */1 * * *");
    expect(cronEvery(15)).toBe("*/15 * * * *");
    expect(cronEvery(150)).toBe("0 */3 * * *");
    expect(cronEvery(1440)).toBe("0 0 * * *");
  });
});

describe("describeCron", () => {
  it("reads the lines the daily commands use", () => {
    expect(describeCron("30 3 * * *")).toEqual({ every: "day", time: "03:30" });
    expect(describeCron("0 0 * * *")).toEqual({ every: "day", time: "00:00" });
    expect(describeCron("*/15 * * * *")).toEqual({ every: "minutes", count: 15 });
    expect(describeCron("0 */1 * * *")).toEqual({ every: "hours", count: 1 });
    expect(describeCron(cronEvery(180))).toEqual({ every: "hours", count: 3 });
  });

  it("says 'other' for anything else", () => {
    expect(describeCron("0 3 * * 1")).toEqual({ every: "other" });
    expect(describeCron("0 3,15 * * *")).toEqual({ every: "other" });
    expect(describeCron("nonsense")).toEqual({ every: "other" });
  });
});
