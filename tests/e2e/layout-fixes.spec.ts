import { expect, test } from "@playwright/test";
import { demo, signIn } from "./support/auth";

/** Issue 14 point 5: the tape chart and the calendar heading, with JavaScript on and off. */
for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
  test(`the tape chart keeps equal nights inside its own scrolling box (${viewport.width} px)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signIn(page, demo.owner);
    await page.goto("/bookings/home");
    const chart = page.getByTestId("tape-chart");
    await expect(chart.getByRole("rowheader", { name: "201" })).toBeVisible();
    const widths = await chart.locator("thead th").evaluateAll((cells) => cells.slice(1).map((c) => Math.round(c.getBoundingClientRect().width)));
    expect(widths.length).toBeGreaterThanOrEqual(7);
    expect(new Set(widths).size).toBe(1);
    // The page itself never scrolls sideways; the chart does, and the page's heading stays in view.
    const page_ = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(page_.scroll).toBeLessThanOrEqual(page_.client);
    await chart.evaluate((el) => el.scrollBy({ left: 2000 }));
    await expect(page.getByRole("heading", { level: 1 })).toBeInViewport();
    expect(await page.evaluate(() => window.scrollX)).toBe(0);
  });
}

test("the calendar heading raises only the month's first letter", async ({ page }) => {
  await signIn(page, demo.owner);
  await page.goto("/calendar?month=2026-11");
  await expect(page.getByRole("heading", { level: 2, name: "Novembro de 2026", exact: true })).toBeVisible();
  const transform = await page.getByRole("heading", { level: 2, name: "Novembro de 2026", exact: true }).evaluate((h) => getComputedStyle(h).textTransform);
  expect(transform).toBe("none");
});
