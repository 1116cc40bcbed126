import { expect, test } from "@playwright/test";

/**
 * Issue 15, "done when": `/api/docs` renders the OpenAPI document in the browser without network
 * access — Swagger UI comes from our own files (api/openapi/routes.ts, ADR 0022), no CDN. Every
 * request to another host is aborted and recorded; the reference must still show its operations.
 */

const isLocal = (url: URL) => ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);

test("/api/docs renders the reference with every request to another host blocked, and none is made", async ({ page }, info) => {
  test.skip(info.project.name !== "js", "Swagger UI is a script: without JavaScript the page is an empty shell by design");
  // Swagger UI parses and lays out the whole document (1.3 MB, every operation of the API), twice
  // here: 13 s before the title on a loaded 2-core machine.
  test.slow();
  const outside: string[] = [];
  const requested: string[] = [];
  await page.route("**/*", (route) => {
    const url = new URL(route.request().url());
    if (isLocal(url)) return route.continue();
    outside.push(url.href);
    return route.abort("blockedbyclient");
  });
  page.on("request", (request) => requested.push(request.url()));
  const failed: string[] = [];
  // A request the page's own navigation cancels (the reload below, while the icon still loads on a
  // busy machine) is aborted by the browser, not failed by the server or the network.
  page.on("requestfailed", (request) => {
    const error = request.failure()?.errorText;
    if (error !== "net::ERR_ABORTED") failed.push(`${request.url()}: ${error}`);
  });

  await page.goto("/api/docs");
  await expect(page.locator(".swagger-ui .info .title")).toContainText("Tarifa API", { timeout: 90_000 });
  // Swagger UI renders only the sections near the viewport (a long document): the first tag here…
  await expect(page.locator("#operations-tag-Accounts")).toBeVisible();
  await expect(page.locator('.opblock-summary-path[data-path="/api/v1/auth/change-password"]')).toBeVisible();
  // …and a later one through its deep link, with an operation opened to its request body.
  await page.goto("/api/docs#/Rooms");
  await page.reload(); // Swagger UI reads the deep link when it starts
  await expect(page.locator("#operations-tag-Rooms")).toBeVisible({ timeout: 90_000 });
  const blocks = page.locator('.opblock-post:has(.opblock-summary-path[data-path="/api/v1/businesses/{id}/room-blocks"])');
  await expect(blocks).toBeVisible();
  await blocks.locator(".opblock-summary-control").click();
  await expect(blocks.getByRole("heading", { name: "Request body" })).toBeVisible();
  await expect(blocks.getByText("room_uuid").first()).toBeVisible();
  await page.screenshot({ path: info.outputPath("api-docs.png") });

  expect(outside, "requests that left this host").toEqual([]);
  expect(failed).toEqual([]);
  // The page, its three files of Swagger UI, our start-up script and the document itself.
  const paths = requested.filter((u) => !u.startsWith("data:")).map((u) => new URL(u).pathname);
  expect(paths).toEqual(expect.arrayContaining(["/api/docs", "/api/docs/swagger-ui.css", "/api/docs/swagger-ui-bundle.js", "/api/docs/init.js", "/api/openapi.json"]));
  for (const u of requested.filter((u) => !u.startsWith("data:"))) expect(isLocal(new URL(u)), u).toBe(true);
});
