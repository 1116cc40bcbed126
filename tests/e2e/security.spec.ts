import { expect, test, type Page } from "@playwright/test";
import { demo, scriptsRan, signIn } from "./support/auth";

/** Issue 17: active sessions and "sign out everywhere", the request guard and the page CSP on the production build. */

function watchCsp(page: Page): string[] {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to (execute|load)/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

test("My account lists the active sessions; signing out everywhere ends this one and the other browser's", async ({ page, browser }, info) => {
  const violations = watchCsp(page);
  const other = await browser.newContext({ userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1" });
  const phone = await other.newPage();
  await signIn(phone, demo.collaborator);
  await signIn(page, demo.collaborator);
  await page.goto("/account-settings/my-account");
  expect(await scriptsRan(page)).toBe(info.project.name === "js");
  const list = page.getByTestId("sessions");
  await expect(page.getByRole("heading", { name: "Sessões ativas" })).toBeVisible();
  await expect(list.getByText("Esta sessão")).toHaveCount(1);
  await expect(list.getByText(/Safari 17 · iOS 17\.4/)).toBeVisible();
  await expect(list.getByText(/Chrome \d+/).first()).toBeVisible();
  await page.getByRole("heading", { name: "Sessões ativas" }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: info.outputPath(`sessions-desktop-${info.project.name}.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: info.outputPath(`sessions-phone-${info.project.name}.png`), fullPage: true });

  await page.getByRole("button", { name: "Sair de todos os aparelhos" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText("Você saiu de todos os aparelhos. Entre novamente.")).toBeVisible();
  await page.goto("/account-settings/my-account");
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  await phone.goto("/account-settings/my-account");
  await expect(phone).toHaveURL(/\/login\?redirectTo=/);
  await other.close();
  expect(violations).toEqual([]);
});

test("the language, business and logout posts refuse a foreign or null Origin on the real server", async ({ request, baseURL }) => {
  const login = await request.get("/login");
  const escaped = /name="csrf" value="([^"]+)"/.exec(await login.text())?.[1];
  const csrf = escaped
    ?.replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
  expect(csrf).toBeTruthy();
  for (const path of ["/language", "/businesses/select", "/logout", "/login"]) {
    for (const origin of ["https://evil.example", "null", "http://127.0.0.1.evil.example"]) {
      const refused = await request.post(path, { form: { csrf: csrf!, locale: "en-US" }, headers: { Origin: origin }, maxRedirects: 0 });
      // React Router refuses a page's cross-origin post itself (400) before the guard (403) sees it.
      expect([400, 403], `${path} with Origin ${origin}`).toContain(refused.status());
    }
  }
  const own = await request.post("/language", { form: { csrf: csrf!, locale: "en-US" }, headers: { Origin: baseURL! }, maxRedirects: 0 });
  expect(own.status(), await own.text()).toBe(302);
});
