import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { NotificationBell } from "#app/components/layout/notification-bell.tsx";

function bell(unread: number): string {
  const router = createMemoryRouter([{ path: "/", element: createElement(NotificationBell, { unread }) }]);
  return renderToStaticMarkup(createElement(RouterProvider, { router }));
}

describe("the bell in the top bar", () => {
  it("is a plain link to the notification centre (works without JavaScript)", () => {
    expect(bell(0)).toMatch(/<a [^>]*href="\/notifications\/list"/);
  });

  it("shows the unread count, capped at 99+, and none when all are read", () => {
    expect(bell(3)).toContain(">3</span>");
    expect(bell(150)).toContain(">99+</span>");
    expect(bell(0)).not.toContain("bell-count");
  });
});
