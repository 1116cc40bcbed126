import { describe, expect, it } from "vitest";
import { parseConfig, setConfig } from "#config";

type RouteEntry = { file: string; path?: string; index?: boolean; children?: RouteEntry[] };

/**
 * Every page behind sign-in must run guard() (app/lib/guard.server.ts) — in its own module's
 * middleware or a parent layout's below the app layout — or the spec's redirect rules and
 * permission checks would silently not apply to it.
 */
describe("route guards", () => {
  it("every route inside the app layout is guarded", async () => {
    setConfig(parseConfig({ NODE_ENV: "test", SESSION_SECRET: "x".repeat(40), DATA_DIR: "/tmp/tarifa-unit" }));
    const { default: routes } = await import("#app/routes.ts");
    const { isGuard } = await import("#app/lib/guard.server.ts");
    const appLayout = (routes as RouteEntry[]).find((r) => r.file === "routes/shell/app-layout.tsx");
    expect(appLayout?.children?.length).toBeGreaterThan(0);

    const unguarded: string[] = [];
    async function visit(entries: RouteEntry[], inherited: boolean) {
      for (const entry of entries) {
        const mod = (await import(/* @vite-ignore */ `../../app/${entry.file}`)) as { middleware?: unknown[] };
        const guarded = inherited || (mod.middleware ?? []).some(isGuard);
        if (!guarded) unguarded.push(`${entry.path ?? "(index)"} → ${entry.file}`);
        if (entry.children) await visit(entry.children, guarded);
      }
    }
    await visit(appLayout!.children!, false);
    expect(unguarded).toEqual([]);
  }, 60_000);
});
