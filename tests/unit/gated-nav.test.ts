import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { GatedNavItems, type Gates } from "#app/components/layout/gated-nav.tsx";

/** The sidebar hides each gated area until both its permission and its plan (or feature) open it. */
function linksFor(permissions: string[], gates: Gates): string[] {
  const router = createMemoryRouter([
    {
      path: "/",
      element: createElement(GatedNavItems, { permissions: permissions.map((name) => ({ name })), gates, className: "" }),
    },
  ]);
  const html = renderToStaticMarkup(createElement(RouterProvider, { router }));
  return [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
}

const ALL = ["user.competitor-analysis", "user.businesses", "user.chat-ai"];
const OPEN: Gates = { ai: true, motor: true, competitorAnalysis: true, competitors: true };
const CLOSED: Gates = { ai: false, motor: false, competitorAnalysis: false, competitors: false };

describe("the gated sidebar entries", () => {
  it("shows every area when the plans, the feature and the permissions open it", () => {
    expect(linksFor(ALL, OPEN)).toEqual(["/rate-shopper", "/market-analysis", "/booking-engine/setup", "/chat"]);
  });

  it("hides every area without its plan or feature, whatever the permissions", () => {
    expect(linksFor(ALL, CLOSED)).toEqual([]);
    expect(linksFor(ALL, { ...CLOSED, ai: true })).toEqual(["/chat"]);
    expect(linksFor(ALL, { ...CLOSED, competitors: true })).toEqual(["/rate-shopper"]);
  });

  it("hides an area the user holds no permission for, even with its plan", () => {
    expect(linksFor([], OPEN)).toEqual([]);
    expect(linksFor(["user.chat-ai"], OPEN)).toEqual(["/chat"]);
  });
});
