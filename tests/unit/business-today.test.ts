import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { businessToday } from "#app/lib/business.server";
import { appContext, type AppState } from "#app/lib/guard.server";

/** A request's context holding only the selected business's time zone. */
function contextIn(timezone: string) {
  const context = new RouterContextProvider();
  context.set(appContext, { business: { timezone } } as unknown as AppState);
  return context;
}

describe("businessToday (the web's own reckoning of the business's date)", () => {
  it("is the date in the business's time zone, not the server's", () => {
    const instant = new Date("2026-12-01T02:30:00Z"); // 23:30 on 30 November in Paraty
    expect(businessToday(contextIn("America/Sao_Paulo"), instant)).toBe("2026-11-30");
    expect(businessToday(contextIn("Europe/Rome"), instant)).toBe("2026-12-01");
  });
});
