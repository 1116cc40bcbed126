import { expect, test } from "@playwright/test";
import { demo, signIn } from "./support/auth";

/**
 * Every number on a page goes through Intl in the reader's locale: in pt-BR an occupancy is
 * "42,9%", never "42.9 %" (the calendar once printed JavaScript's own number next to a "%").
 */
test("the calendar and the availability show occupancy in the reader's locale", async ({ page }) => {
  await signIn(page, demo.owner);
  for (const path of ["/calendar", "/availability"]) {
    await page.goto(path);
    const text = await page.locator("main").innerText();
    expect(text, path).toMatch(/\d%/);
    expect(text, path).not.toMatch(/\d\.\d+\s?%/);
    expect(text, path).not.toMatch(/\d %/);
  }
});
