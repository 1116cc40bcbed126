import { expect, type Browser, type Page, type TestInfo } from "@playwright/test";
import { demo, signIn } from "./auth";

/**
 * Reads the development mailbox in a browser of its own. A production server (which the e2e suite
 * runs) shows the mailbox to administrators only, so an administrator reads it; `read` gets the
 * page opened on the newest e-mail to `to`.
 */
async function withNewestMail<T>(browser: Browser, to: string, info: TestInfo, read: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ javaScriptEnabled: info.project.use.javaScriptEnabled, locale: "pt-BR" });
  try {
    const page = await context.newPage();
    await signIn(page, demo.admin);
    await page.goto(`/dev/mailbox?to=${encodeURIComponent(to)}`);
    await expect(page.getByRole("heading", { name: "Caixa de e-mails de desenvolvimento" })).toBeVisible();
    await page.getByRole("listitem").filter({ hasText: to }).getByRole("link").first().click();
    return await read(page);
  } finally {
    await context.close();
  }
}

/** The link in the newest e-mail to `to` whose name matches `pattern`. */
export async function linkFromMailbox(browser: Browser, to: string, pattern: RegExp, info: TestInfo): Promise<string> {
  return withNewestMail(browser, to, info, async (page) => {
    const link = page.getByRole("link", { name: pattern });
    await expect(link).toBeVisible();
    const href = await link.getAttribute("href");
    expect(href).toBeTruthy();
    return href!;
  });
}

/** The text of the newest e-mail to `to`, once it contains `expected`. */
export async function newestMailText(browser: Browser, to: string, expected: string, info: TestInfo): Promise<string> {
  return withNewestMail(browser, to, info, async (page) => {
    await expect(page.getByRole("main")).toContainText(expected);
    return page.getByRole("main").innerText();
  });
}
