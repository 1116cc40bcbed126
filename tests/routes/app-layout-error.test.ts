import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createStaticHandler, createStaticRouter, data, StaticRouterProvider, useLoaderData, useRouteError } from "react-router";
import { AuthenticityTokenProvider } from "remix-utils/csrf/react";
import { describe, expect, it } from "vitest";
import AppLayout, { ErrorBoundary } from "#app/routes/shell/app-layout";
import { renderingI18n, resources } from "#tests/helpers/i18n.ts";

const i18n = await renderingI18n();

/** What the layout's loader answers for a signed-in user who may open the learning centre. */
const layoutData = {
  user: { name: "Ana", surname: "Souza", permissions: [{ name: "user.learning" }], features: [] },
  businesses: [],
  selectedBusinessUuid: null,
  gates: { ai: false, motor: false, competitorAnalysis: false, competitors: false },
  unreadNotifications: 0,
  hostView: false,
};

/**
 * Renders a path on the server the way React Router does: the layout's loader, then the page's,
 * the first error caught by the nearest ErrorBoundary (here the layout's).
 */
async function render(path: string, layoutLoader: () => unknown = () => layoutData) {
  const routes = [
    {
      id: "routes/shell/app-layout",
      path: "/",
      loader: layoutLoader,
      Component: () => createElement(AppLayout, { loaderData: useLoaderData() } as never),
      ErrorBoundary: () => createElement(ErrorBoundary, { error: useRouteError() } as never),
      children: [
        {
          path: "broken",
          loader: () => {
            throw new Error("the database went away");
          },
          Component: () => createElement("p", null, "never shown"),
        },
        {
          path: "missing",
          loader: () => {
            throw data("Page not found", { status: 404 });
          },
          Component: () => createElement("p", null, "never shown"),
        },
        { path: "fine", Component: () => createElement("p", null, "the page itself") },
      ],
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://tarifa.test${path}`));
  if (context instanceof Response) throw new Error(`unexpected redirect ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    createElement(
      I18nextProvider,
      { i18n },
      createElement(AuthenticityTokenProvider, { token: "t", children: createElement(StaticRouterProvider, { router, context, hydrate: false }) }),
    ),
  );
  return { status: context.statusCode, html };
}

const mains = (html: string) => html.match(/<main\b/g)?.length ?? 0;

describe("the signed-in layout's ErrorBoundary", () => {
  it("a page whose loader throws shows the error inside the layout: the navigation stays", async () => {
    await i18n.changeLanguage("pt-BR");
    const { status, html } = await render("/broken");
    expect(status).toBe(500);
    expect(html).toContain('aria-label="Navegação principal"');
    expect(html).toContain('href="/learning"');
    expect(html).toContain("Ana Souza");
    expect(html).toContain("Erro Interno do Servidor");
    expect(html).toContain(resources["pt-BR"].errorPage.inLayout as string);
    // The failed page's own component is not rendered, and the page has one main landmark.
    expect(html).not.toContain("never shown");
    expect(mains(html)).toBe(1);
  });

  it("a thrown 404 is the not-found page inside the layout, in the user's language", async () => {
    await i18n.changeLanguage("en-US");
    const { status, html } = await render("/missing");
    expect(status).toBe(404);
    expect(html).toContain('aria-label="Main navigation"');
    expect(html).toContain(resources["en-US"].errorPage.inLayout as string);
    expect(html).toMatch(/>404<\/p>/);
    expect(mains(html)).toBe(1);
  });

  it("a page that works is rendered inside the layout without the error", async () => {
    await i18n.changeLanguage("pt-BR");
    const { status, html } = await render("/fine");
    expect(status).toBe(200);
    expect(html).toContain("the page itself");
    expect(html).not.toContain(resources["pt-BR"].errorPage.inLayout as string);
  });

  it("when the layout's own loader fails there is no navigation to keep: the whole error page", async () => {
    await i18n.changeLanguage("pt-BR");
    const { status, html } = await render("/fine", () => {
      throw new Error("no app state");
    });
    expect(status).toBe(500);
    expect(html).toContain("Erro Interno do Servidor");
    expect(html).not.toContain('aria-label="Navegação principal"');
    expect(mains(html)).toBe(1);
  });
});
