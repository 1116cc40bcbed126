import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { demo, signIn } from "./support/auth";

// axe runs inside the page, so it needs JavaScript: the no-js project skips it.
test.beforeEach(({}, info) => test.skip(info.project.name === "no-js", "axe needs page scripts"));

/** Main pages, checked for serious or critical WCAG violations. Each area adds its pages here. */
const guestPages = ["/login"];
const ownerPages = ["/", "/monthly", "/sales-dashboard", "/business-intelligence", "/goals", "/learning"];

async function expectNoSeriousViolations(page: import("@playwright/test").Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
}

for (const path of guestPages) {
  test(`guest page ${path} has no serious accessibility violations`, async ({ page }) => {
    await page.goto(path);
    await expectNoSeriousViolations(page);
  });
}

// One test a page, so each has its own time budget (axe over a full page is a few seconds of CPU).
for (const path of ownerPages) {
  test(`the owner's page ${path} has no serious accessibility violations`, async ({ page }) => {
    await signIn(page, demo.owner);
    await page.goto(path);
    await expectNoSeriousViolations(page);
  });
}
