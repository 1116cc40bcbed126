import { expect, type Browser, type TestInfo } from "@playwright/test";
import { demo, signIn } from "./auth";

/**
 * The link in the newest e-mail to `to`, as the development mailbox shows it. A production server
 * (which the e2e suite runs) shows the mailbox to administrators only, so an administrator reads it.
 */
export async function linkFromMailbox(browser: Browser, to: string, pattern: RegExp, info: TestInfo): Promise<string> {
  const context = await browser.newContext({ javaScriptEnabled: info.project.use.javaScriptEnabled, locale: "pt-BR" });
  try {
    const page = await context.newPage();
    await signIn(page, demo.admin);
    await page.goto(`/dev/mailbox?to=${encodeURIComponent(to)}`);
    await expect(page.getByRole("heading", { name: "Caixa de e-mails de desenvolvimento" })).toBeVisible();
    await page.getByRole("listitem").filter({ hasText: to }).getByRole("link").first().click();
    const link = page.getByRole("link", { name: pattern });
    await expect(link).toBeVisible();
    const href = await link.getAttribute("href");
    expect(href).toBeTruthy();
    return href!;
  } finally {
    await context.close();
  }
}
