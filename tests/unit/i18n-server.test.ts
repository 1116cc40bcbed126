import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { getI18n, getLocale, i18nextMiddleware } from "#app/lib/i18n.server.ts";

async function run(url: string, cookie?: string) {
  const context = new RouterContextProvider();
  const request = new Request(url, { headers: cookie ? { cookie } : {} });
  const next = async () => new Response("ok");
  await (i18nextMiddleware as (args: unknown, next: () => Promise<Response>) => Promise<unknown>)({ request, context, params: {} }, next);
  return { locale: getLocale(context), i18n: getI18n(context) };
}

describe("the interface language per request", () => {
  it("takes the lng cookie first, then the lng query parameter, else pt-BR (Accept-Language ignored)", async () => {
    expect((await run("http://x/a?lng=es-ES", "lng=fr-CA")).locale).toBe("fr-CA");
    expect((await run("http://x/a?lng=es-ES")).locale).toBe("es-ES");
    expect((await run("http://x/a?lng=xx-XX", "lng=zz")).locale).toBe("pt-BR");
    const fallback = await run("http://x/a");
    expect(fallback.locale).toBe("pt-BR");
    expect(fallback.i18n.language).toBe("pt-BR");
  });

  it("hands every request of a locale the same initialised instance, translating in that locale", async () => {
    const first = await run("http://x/", "lng=en-US");
    const second = await run("http://x/other", "lng=en-US");
    const other = await run("http://x/", "lng=it-IT");
    expect(second.i18n).toBe(first.i18n);
    expect(other.i18n).not.toBe(first.i18n);
    expect(first.i18n.isInitialized).toBe(true);
    expect(first.i18n.language).toBe("en-US");
    expect(other.i18n.language).toBe("it-IT");
    // A message that differs between the two languages comes out in each one's own.
    expect(first.i18n.t("client.404", { ns: "errors" })).not.toBe(other.i18n.t("client.404", { ns: "errors" }));
  });
});
