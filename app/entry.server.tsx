import { randomBytes } from "node:crypto";
import { STATUS_CODES } from "node:http";
import { PassThrough } from "node:stream";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";
import { answersCrawlerWithErrorBody, crawlerErrorBody } from "./lib/bots";
import { getI18n } from "./lib/i18n.server";
import { InlineStylesContext } from "./components/layout/inline-styles";
import { pageStylesFor, withPageStyles } from "./lib/inline-styles.server";
import { pageContentSecurityPolicy } from "#app/lib/content-security-policy.server";
import { getConfig } from "#config";

export const streamTimeout = 5_000;

/** The key the server fills with the way to the API (server/upstream.ts reads it from the build). */
export { loadContextWith, upstreamContext } from "./lib/upstream-context.server";

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const userAgent = request.headers.get("user-agent");
  // Crawlers and link previews get the status and a minimal body, never the error page (spec 2);
  // error answers therefore vary by user agent for any cache in between.
  if (responseStatusCode >= 400) responseHeaders.append("Vary", "User-Agent");
  if (answersCrawlerWithErrorBody(responseStatusCode, userAgent, routerContext.staticHandlerContext)) {
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    const body = request.method === "HEAD" ? null : crawlerErrorBody(responseStatusCode, STATUS_CODES[responseStatusCode]);
    return Promise.resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }));
  }
  // A fresh nonce per page: React Router puts it on its inline scripts (ServerRouter passes it to <Scripts>/<ScrollRestoration>).
  const nonce = randomBytes(16).toString("base64");
  const config = getConfig();
  responseHeaders.set(
    "Content-Security-Policy",
    pageContentSecurityPolicy(nonce, { upgradeInsecureRequests: config.cookieSecure, devServer: !config.isProduction }),
  );
  const styles = await pageStylesFor(request);
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Crawlers and SPA-mode get the whole document at once.
    const readyOption = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    const { pipe, abort } = renderToPipeableStream(
      <I18nextProvider i18n={getI18n(loadContext)}>
        <InlineStylesContext.Provider value={styles}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </InlineStylesContext.Provider>
      </I18nextProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          // The whole document is rendered before a byte is sent (no page streams deferred data), so
          // its <head> can carry only the styles its markup uses, or the stylesheet's link (app/lib/inline-styles.server.ts).
          const body = new PassThrough();
          const chunks: Buffer[] = [];
          body.on("data", (chunk: Buffer) => chunks.push(chunk));
          body.on("error", reject);
          body.on("end", () => {
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            withPageStyles(Buffer.concat(chunks).toString("utf8"), styles, responseHeaders).then(
              (html) => resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode })),
              reject,
            );
          });
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
