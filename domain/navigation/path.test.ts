import { describe, expect, it } from "vitest";
import { isWithin, normalizePath } from "./path.ts";

describe("normalizePath", () => {
  it("keeps plain paths", () => {
    expect(normalizePath("/")).toBe("/");
    expect(normalizePath("/bookings/home")).toBe("/bookings/home");
  });

  it("drops query, fragment and trailing slashes", () => {
    expect(normalizePath("/subscribe?plan=pro")).toBe("/subscribe");
    expect(normalizePath("/subscribe/#top")).toBe("/subscribe");
    expect(normalizePath("/subscribe//")).toBe("/subscribe");
    expect(normalizePath("/?x=1")).toBe("/");
    expect(normalizePath("//")).toBe("/");
  });

  it("adds a missing leading slash and treats empty as the root", () => {
    expect(normalizePath("calendar")).toBe("/calendar");
    expect(normalizePath("")).toBe("/");
  });

  it("keeps case: routes are case-sensitive", () => {
    expect(normalizePath("/Subscribe")).toBe("/Subscribe");
  });
});

describe("isWithin", () => {
  it("matches the base and paths under it by whole segments", () => {
    expect(isWithin("/onboarding", "/onboarding")).toBe(true);
    expect(isWithin("/onboarding/easylite", "/onboarding")).toBe(true);
    expect(isWithin("/onboarding/?step=2", "/onboarding")).toBe(true);
    expect(isWithin("/onboardingx", "/onboarding")).toBe(false);
    expect(isWithin("/x/onboarding", "/onboarding")).toBe(false);
  });
});
