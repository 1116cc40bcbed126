import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub, UNSAFE_ErrorResponseImpl } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import { ErrorPage } from "#app/components/error-page/error-page.tsx";
import { errorTexts, toErrorShape } from "#app/components/error-page/error-texts.ts";
import {
  FALLBACK_FUN_FACT,
  FUN_FACTS_PER_LOCALE,
  funFactAt,
  funFactsFor,
  randomFactIndex,
} from "#app/components/error-page/fun-facts.ts";
import { DEFAULT_SUPPORT_EMAIL } from "#app/components/error-page/support-email.ts";
import { Toasts } from "#app/components/layout/toasts.tsx";
import { createLoadingBarStore, estimatedProgress, LOADING_BAR } from "#app/components/layout/loading-bar.tsx";
import { answersCrawlerWithErrorBody, crawlerErrorBody, isCrawler } from "#app/lib/bots.ts";
import { commitSession, getSession } from "#app/lib/session.server.ts";
import { redirectWithToast, setToast } from "#app/lib/toast.server.ts";
import { loader as catchAllLoader } from "#app/routes/shell/catch-all.tsx";
import { loader as notFoundLoader } from "#app/routes/shell/not-found.tsx";
import { loader as unauthorizedLoader } from "#app/routes/shell/unauthorized.tsx";
import { locales, type Locale } from "#locales/list.ts";
import { renderingI18n, resources } from "#tests/helpers/i18n.ts";

const i18n = await renderingI18n();
const tFor = (lng: Locale) => i18n.getFixedT(lng, "errorPage") as (key: string, options?: Record<string, unknown>) => string;
const errorPageOf = (lng: Locale) => resources[lng].errorPage as Record<string, unknown>;

function keysOf(value: unknown, prefix = ""): string[] {
  if (!value || typeof value !== "object" || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k));
}

describe("error page texts (spec section 8)", () => {
  it("has the spec's Portuguese texts for 500, 403, 401 and other codes", () => {
    const t = tFor("pt-BR");
    expect(errorTexts({ statusCode: 500 }, t)).toEqual({
      code: 500,
      title: "Erro Interno do Servidor",
      description: "Algo deu errado no servidor. Nossa equipe foi notificada.",
    });
    expect(errorTexts({ statusCode: 403 }, t)).toEqual({
      code: 403,
      title: "Acesso Negado",
      description: "Você não tem permissão para acessar este recurso.",
    });
    expect(errorTexts({ statusCode: 401 }, t)).toEqual({
      code: 401,
      title: "Não Autorizado",
      description: "Você precisa fazer login para acessar esta página.",
    });
    expect(errorTexts({ statusCode: 404 }, t)).toEqual({
      code: 404,
      title: "Página não encontrada",
      description: "A página que você procura não existe ou foi movida.",
    });
  });

  it("other codes: 'Erro {code}', then the status message, the message or the default", () => {
    const t = tFor("pt-BR");
    expect(errorTexts({ statusCode: 418, statusMessage: "I'm a teapot", message: "brew" }, t)).toEqual({
      code: 418,
      title: "Erro 418",
      description: "I'm a teapot",
    });
    expect(errorTexts({ statusCode: 429, message: "Calma" }, t).description).toBe("Calma");
    expect(errorTexts({ statusCode: 502 }, t).description).toBe("Ocorreu um erro inesperado.");
  });

  it("no status code: shows 500 with 'Erro Desconhecido'", () => {
    expect(errorTexts({}, tFor("pt-BR"))).toEqual({ code: 500, title: "Erro Desconhecido", description: "Ocorreu um erro inesperado." });
    expect(errorTexts({ message: "boom" }, tFor("pt-BR")).description).toBe("boom");
  });

  it("a 500 never shows the server's own message", () => {
    expect(errorTexts({ statusCode: 500, statusMessage: "db down", message: "secret" }, tFor("pt-BR")).description).not.toMatch(
      /db down|secret/,
    );
  });

  it.each(locales)("%s translates every code, with no missing key", (lng) => {
    const t = tFor(lng);
    const shapes = [{ statusCode: 404 }, { statusCode: 500 }, { statusCode: 403 }, { statusCode: 401 }, { statusCode: 418 }, {}];
    for (const shape of shapes) {
      const { title, description } = errorTexts(shape, t);
      expect(title).not.toMatch(/^(title|description)\./);
      expect(description).not.toMatch(/^(title|description)\./);
      expect(title.length).toBeGreaterThan(3);
    }
    expect(errorTexts({ statusCode: 418 }, t).title).toContain("418");
    if (lng !== "pt-BR") {
      for (const code of [404, 500, 403, 401]) {
        expect(errorTexts({ statusCode: code }, t).title).not.toBe(errorTexts({ statusCode: code }, tFor("pt-BR")).title);
      }
    }
  });

  it("every locale has the same errorPage keys and five fun facts", () => {
    const reference = keysOf(errorPageOf("pt-BR")).sort();
    for (const lng of locales) {
      expect(keysOf(errorPageOf(lng)).sort()).toEqual(reference);
      const facts = errorPageOf(lng).funFacts as string[];
      expect(facts).toHaveLength(FUN_FACTS_PER_LOCALE);
      expect(new Set(facts).size).toBe(FUN_FACTS_PER_LOCALE);
    }
  });
});

describe("reading the thrown error", () => {
  it("reads status, status text and data.message from a thrown data()", () => {
    const error = new UNSAFE_ErrorResponseImpl(404, "Page not found", { message: "Page not found" });
    expect(toErrorShape(error)).toEqual({ statusCode: 404, statusMessage: "Page not found", message: "Page not found" });
    expect(toErrorShape(new UNSAFE_ErrorResponseImpl(405, "Method Not Allowed", "internal text"))).toEqual({
      statusCode: 405,
      statusMessage: "Method Not Allowed",
      message: undefined,
    });
  });

  it("shows the message of a thrown data() whose statusText React Router filled in", () => {
    const refused = new UNSAFE_ErrorResponseImpl(413, "Internal Server Error", { message: "The submission is too large (at most 1 MB)." });
    expect(toErrorShape(refused)).toEqual({ statusCode: 413, statusMessage: undefined, message: "The submission is too large (at most 1 MB)." });
    expect(toErrorShape(new UNSAFE_ErrorResponseImpl(500, "Internal Server Error", null)).statusMessage).toBe("Internal Server Error");
  });

  it("an Error is a 500 unless it carries its own status", () => {
    expect(toErrorShape(new Error("boom"))).toEqual({ statusCode: 500, statusMessage: undefined, message: "boom" });
    expect(toErrorShape(Object.assign(new Error("gone"), { status: 410 })).statusCode).toBe(410);
  });

  it("reads statusCode/statusMessage objects, strings and nothing", () => {
    expect(toErrorShape({ statusCode: 418, statusMessage: "teapot", message: "m" })).toEqual({
      statusCode: 418,
      statusMessage: "teapot",
      message: "m",
    });
    expect(toErrorShape("plain")).toEqual({ message: "plain" });
    expect(toErrorShape(null)).toEqual({ message: undefined });
    expect(toErrorShape({ statusCode: 99999 }).statusCode).toBeUndefined();
  });
});

describe("fun facts", () => {
  const lookup = (lng: string) => (resources as Record<string, Record<string, { funFacts?: unknown }>>)[lng]?.errorPage?.funFacts;

  it("gives each locale its own facts", () => {
    for (const lng of locales) expect(funFactsFor(lng, lookup)).toEqual(errorPageOf(lng).funFacts);
  });

  it("an unknown or missing locale gets the Portuguese facts", () => {
    expect(funFactsFor("de-DE", lookup)).toEqual(errorPageOf("pt-BR").funFacts);
    expect(funFactsFor(undefined, lookup)).toEqual(errorPageOf("pt-BR").funFacts);
    expect(funFactsFor("en-US", (lng) => (lng === "en-US" ? [] : lookup(lng)))).toEqual(errorPageOf("pt-BR").funFacts);
  });

  it("when no facts load, the fallback says 404 is the most famous HTTP code", () => {
    expect(funFactsFor("en-US", () => undefined)).toBeNull();
    expect(funFactAt(null, 3)).toBe(FALLBACK_FUN_FACT);
    expect(FALLBACK_FUN_FACT).toMatch(/404.*mais famoso/);
    for (const lng of locales) {
      expect(tFor(lng)("funFact.fallback")).toContain("404");
    }
  });

  it("picks an index in range and wraps any index", () => {
    expect(randomFactIndex(5, () => 0)).toBe(0);
    expect(randomFactIndex(5, () => 0.9999)).toBe(4);
    expect(randomFactIndex(0, () => 0.5)).toBe(0);
    expect(funFactAt(["a", "b", "c"], 4)).toBe("b");
    expect(funFactAt(["a", "b", "c"], -1)).toBe("c");
  });
});

describe("crawlers and preview agents", () => {
  it.each([
    "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
    "SomeRandomBot/1.0",
    "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 Chrome-Lighthouse",
    "lighthouse",
    "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36 Google-InspectionTool",
    "google",
    "Twitterbot/1.0",
    "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
  ])("%s is a crawler", (ua) => {
    expect(isCrawler(ua)).toBe(true);
  });

  it.each([
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0",
    "curl/8.5.0",
    "Wget/1.21.4",
    "",
    null,
    undefined,
  ])("%s is not", (ua) => {
    expect(isCrawler(ua)).toBe(false);
  });

  it("the minimal body has the status and nothing else", () => {
    const body = crawlerErrorBody(404, "Not Found");
    expect(body).toContain("<h1>404 Not Found</h1>");
    expect(body).toContain('content="noindex"');
    expect(body).not.toMatch(/<script|Você sabia/);
    expect(crawlerErrorBody(418, "<b>")).toContain("418 &lt;b&gt;");
  });

  describe("gets that body for error pages only", () => {
    const bot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
    const browser = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36";
    it("for a route that threw (its error boundary) and for a page answered 4xx (/unauthorized)", () => {
      expect(answersCrawlerWithErrorBody(404, bot, { errors: { root: new Error("x") }, actionData: null })).toBe(true);
      expect(answersCrawlerWithErrorBody(403, bot, { errors: null, actionData: null })).toBe(true);
      // An action that threw is an error page too.
      expect(answersCrawlerWithErrorBody(500, bot, { errors: { "routes/subscribe": new Error("x") }, actionData: { "routes/subscribe": {} } })).toBe(true);
    });
    it("not for a form's 4xx reply (a declined card on /subscribe is the form with its message)", () => {
      expect(answersCrawlerWithErrorBody(402, bot, { errors: null, actionData: { "routes/subscribe": { error: "Seu cartão foi recusado." } } })).toBe(false);
      expect(answersCrawlerWithErrorBody(422, bot, { errors: null, actionData: { "routes/login": { status: "error" } } })).toBe(false);
    });
    it("never for browsers or successful answers", () => {
      expect(answersCrawlerWithErrorBody(404, browser, { errors: { root: new Error("x") }, actionData: null })).toBe(false);
      expect(answersCrawlerWithErrorBody(200, bot, { errors: null, actionData: null })).toBe(false);
    });
  });
});

describe("routes", () => {
  async function thrown(run: () => unknown) {
    try {
      await run();
    } catch (error) {
      return error;
    }
    throw new Error("nothing thrown");
  }

  it("unmatched paths and /404 throw 404 'Page not found'", async () => {
    for (const loader of [catchAllLoader, notFoundLoader]) {
      const error = await thrown(() => loader());
      expect(error).toMatchObject({ type: "DataWithResponseInit", init: { status: 404, statusText: "Page not found" } });
    }
  });

  it("/unauthorized answers 403 with its own page (returned, not thrown)", () => {
    expect(unauthorizedLoader()).toMatchObject({ type: "DataWithResponseInit", init: { status: 403 } });
  });
});

describe("rendering", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  async function render(lng: Locale, error: unknown, supportEmail?: string) {
    await i18n.changeLanguage(lng);
    const Stub = createRoutesStub([{ path: "*", Component: () => createElement(ErrorPage, { error, supportEmail }) }]);
    return renderToString(createElement(I18nextProvider, { i18n }, createElement(Stub, { initialEntries: ["/nowhere"] })));
  }

  it("shows code, title, actions, quick navigation, a fact and the support address", async () => {
    const html = await render("pt-BR", new UNSAFE_ErrorResponseImpl(404, "Page not found", null), "ajuda@exemplo.com");
    expect(html).toContain("<title>Página não encontrada · Tarifa</title>");
    expect(html).toMatch(/<h1[^>]*>Página não encontrada<\/h1>/);
    expect(html).toMatch(/>404<\/p>/);
    for (const href of ["/calendar", "/bookings", "/market-analysis"]) expect(html).toContain(`href="${href}"`);
    expect(html).toContain(">Ir para o início</a>");
    // Go back is a real link home, so it works without JavaScript.
    expect(html).toMatch(/href="\/"[^>]*>Voltar<\/a>/);
    expect(html).toContain('href="mailto:ajuda@exemplo.com"');
    const facts = errorPageOf("pt-BR").funFacts as string[];
    expect(facts.some((fact) => html.includes(fact))).toBe(true);
    expect(html).toMatch(/<main[^>]*id="main"/);
  });

  it("renders in English, with the English facts", async () => {
    const html = await render("en-US", new UNSAFE_ErrorResponseImpl(500, "Internal", null));
    expect(html).toContain("<title>Internal Server Error · Tarifa</title>");
    const facts = errorPageOf("en-US").funFacts as string[];
    expect(facts.some((fact) => html.includes(fact.replace(/'/g, "&#x27;")))).toBe(true);
  });

  it("without root loader data the support address still renders (server side: environment or default)", async () => {
    const html = await render("pt-BR", new Error("x"));
    const expected = process.env.SUPPORT_EMAIL?.trim() || DEFAULT_SUPPORT_EMAIL;
    expect(html).toContain(`href="mailto:${expected}"`);
    expect(html).toContain("Erro Interno do Servidor");
  });

  it("the browser keeps the fact the server picked (read back from the HTML while hydrating)", async () => {
    vi.stubGlobal("document", {
      getElementById: (id: string) =>
        id === "error-fun-fact"
          ? { getAttribute: (name: string) => (name === "data-fact-index" ? "3" : null) }
          : id === "error-support-email"
            ? { getAttribute: (name: string) => (name === "href" ? "mailto:server@exemplo.com" : null) }
            : null,
    });
    const html = await render("es-ES", new UNSAFE_ErrorResponseImpl(404, "", null));
    const facts = errorPageOf("es-ES").funFacts as string[];
    expect(html).toContain('data-fact-index="3"');
    expect(html).toContain(facts[3]);
  });
});

describe("loading indicator (spec section 9)", () => {
  beforeAll(() => {
    expect(LOADING_BAR).toMatchObject({ throttleMs: 200, durationMs: 2000, hideDelayMs: 500, resetDelayMs: 400, heightPx: 3 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function fakeStore() {
    vi.useFakeTimers();
    return createLoadingBarStore(LOADING_BAR, {
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (id) => clearTimeout(id as number),
      setInterval: (fn, ms) => setInterval(fn, ms),
      clearInterval: (id) => clearInterval(id as number),
      now: () => Date.now(),
    });
  }

  it("a navigation shorter than 200 ms shows nothing", () => {
    const store = fakeStore();
    store.start();
    vi.advanceTimersByTime(150);
    store.finish();
    vi.advanceTimersByTime(2000);
    expect(store.getSnapshot()).toEqual({ visible: false, progress: 0, error: false });
  });

  it("appears after 200 ms, rises, fills to 100, hides after 500 ms and resets 400 ms later", () => {
    const store = fakeStore();
    store.start();
    vi.advanceTimersByTime(199);
    expect(store.getSnapshot().visible).toBe(false);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()).toMatchObject({ visible: true, progress: 0 });
    vi.advanceTimersByTime(1000);
    const midway = store.getSnapshot().progress;
    expect(midway).toBeGreaterThan(0);
    expect(midway).toBeLessThan(100);
    store.finish();
    expect(store.getSnapshot()).toEqual({ visible: true, progress: 100, error: false });
    vi.advanceTimersByTime(500);
    expect(store.getSnapshot()).toMatchObject({ visible: false, progress: 100 });
    vi.advanceTimersByTime(400);
    expect(store.getSnapshot()).toEqual({ visible: false, progress: 0, error: false });
  });

  it("turns red when the navigation ends in an error", () => {
    const store = fakeStore();
    store.start();
    vi.advanceTimersByTime(300);
    store.finish(true);
    expect(store.getSnapshot()).toEqual({ visible: true, progress: 100, error: true });
  });

  it("estimates progress between 0 and 99 while loading", () => {
    expect(estimatedProgress(0)).toBe(0);
    expect(estimatedProgress(2000)).toBeGreaterThan(60);
    expect(estimatedProgress(60_000)).toBeLessThanOrEqual(99);
  });
});

describe("flash toasts", () => {
  // A fixed secret, so no session-secret file is written into ./data by the test.
  process.env.SESSION_SECRET ??= "error-page-test-secret-error-page-test-secret";
  const requestWith = (setCookie: string | null) =>
    new Request("http://localhost/next", { headers: { cookie: (setCookie ?? "").split(";")[0] } });

  it("redirectWithToast commits the toast in the redirect's Set-Cookie; the next page reads it once", async () => {
    const session = await getSession(new Request("http://localhost/"));
    const response = await redirectWithToast(
      "/seasonalities",
      { message: "common:toast.dismiss", values: { n: 2 } },
      { session, headers: { "X-Extra": "1" } },
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/seasonalities");
    expect(response.headers.get("X-Extra")).toBe("1");
    const next = await getSession(requestWith(response.headers.get("Set-Cookie")));
    expect(next.get("toast")).toEqual({ kind: "success", message: "common:toast.dismiss", values: { n: 2 } });
    expect(next.get("toast")).toBeUndefined();
  });

  it("setToast only flashes; the caller's commit carries it", async () => {
    const session = await getSession(new Request("http://localhost/"));
    setToast(session, { kind: "error", message: "Falhou", duration: 0 });
    const next = await getSession(requestWith(await commitSession(session)));
    expect(next.get("toast")).toEqual({ kind: "error", message: "Falhou", duration: 0 });
  });
});

describe("<Toasts>", () => {
  const renderToasts = async (lng: Locale, toast: Parameters<typeof Toasts>[0]["toast"]) => {
    await i18n.changeLanguage(lng);
    return renderToString(createElement(I18nextProvider, { i18n }, createElement(Toasts, { toast })));
  };

  it("keeps both live regions in the page even with no toast, above everything (z-index 10000)", async () => {
    const html = await renderToasts("pt-BR", null);
    expect(html).toContain('role="status" aria-live="polite"');
    expect(html).toContain('role="alert"');
    expect(html).toContain("z-index:10000");
  });

  it("translates a key with its values, shows a final text as is, errors in the alert region", async () => {
    const html = await renderToasts("en-US", { kind: "success", message: "common:dashboard.greeting", values: { name: "Ana" } });
    expect(html).toMatch(/role="status" aria-live="polite"[^>]*>.*Hello, Ana!/);
    expect(html).toContain('aria-label="Dismiss notice"');
    const error = await renderToasts("pt-BR", { kind: "error", message: "Não foi possível salvar." });
    expect(error).toMatch(/role="alert"[^>]*>.*Não foi possível salvar\./);
  });
});
