import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businesses } from "#api/db/schema/index.ts";
import { DEMO_BUSINESS } from "#api/seed/businesses.ts";
import { createTestApi, demoUsers, type TestApi } from "#tests/helpers/api.ts";

let t: TestApi;
let owner: string;
let collaborator: string;
const B = DEMO_BUSINESS.id;

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 1]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0, 1]);
const WEBP = new Uint8Array([0x52, 0x49, 0x46, 0x46, 36, 0, 0, 0, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50, 0x38, 0x20]);
const SVG = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

function form(bytes: Uint8Array<ArrayBuffer>, name: string, type: string, extra: Record<string, string> = {}) {
  const data = new FormData();
  data.set("logo", new File([bytes], name, { type }));
  for (const [key, value] of Object.entries(extra)) data.set(key, value);
  return data;
}

/** A PNG header followed by padding up to `size` bytes. */
function bigPng(size: number) {
  const bytes = new Uint8Array(size);
  bytes.set(PNG);
  return bytes;
}

const logosDir = () => join(t.config.uploadsDir, "logos");
const storedFiles = () => (existsSync(logosDir()) ? readdirSync(logosDir()).filter((f) => f.startsWith(B)).sort() : []);
async function storedLogo() {
  const [row] = await t.db.select({ logo: businesses.logoFilename }).from(businesses).where(eq(businesses.id, B));
  return row.logo;
}

beforeAll(async () => {
  t = await createTestApi();
  // A folder of its own, so parallel runs (PGlite and PostgreSQL) never see each other's files.
  t.config.uploadsDir = mkdtempSync(join(tmpdir(), "tarifa-logos-"));
  owner = await t.login(demoUsers.owner.email);
  collaborator = await t.login(demoUsers.collaborator.email);
});
afterAll(async () => {
  rmSync(t.config.uploadsDir, { recursive: true, force: true });
  await t.close();
});

describe("business logo", () => {
  it("uploads a PNG, serves it to members and publicly by slug", async () => {
    const body = await t.json("POST", `/api/v1/businesses/${B}/upload-logo`, { token: owner, body: form(PNG, "logo.png", "image/png"), status: 200 });
    const filename = body.business.logo_filename as string;
    expect(filename).toMatch(new RegExp(`^${B}-[A-Za-z0-9_]+\\.png$`));
    expect(body.business.logo).toMatch(/^\/api\/public\/businesses\/pousada-mare-alta\/logo\?v=[A-Za-z0-9_]+$/);
    expect(storedFiles()).toEqual([filename]);

    const served = await t.call("GET", `/api/v1/businesses/${B}/logo`, { token: collaborator });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);

    const pub = await t.call("GET", body.business.logo);
    expect(pub.status).toBe(200);
    expect(pub.headers.get("content-type")).toBe("image/png");
    expect(pub.headers.get("cache-control")).toContain("public");
  });

  it("replaces it through POST with _method=PUT (how the web sends files) and deletes the old file", async () => {
    const old = await storedLogo();
    const body = await t.json("POST", `/api/v1/businesses/${B}/upload-logo`, { token: owner, body: form(JPEG, "logo.jpg", "image/jpeg", { _method: "PUT" }), status: 200 });
    expect(body.business.logo_filename).toMatch(/\.jpg$/);
    expect(storedFiles()).toEqual([body.business.logo_filename]);
    expect(storedFiles()).not.toContain(old);
    const served = await t.call("GET", `/api/v1/businesses/${B}/logo`, { token: owner });
    expect(served.headers.get("content-type")).toBe("image/jpeg");
  });

  it("accepts a WebP through a real PUT, judged by its bytes rather than its name", async () => {
    const body = await t.json("PUT", `/api/v1/businesses/${B}/upload-logo`, { token: owner, body: form(WEBP, "logo.png", "image/png"), status: 200 });
    expect(body.business.logo_filename).toMatch(/\.webp$/);
  });

  it("refuses a file over 1 MiB, an SVG, a non-image and a missing file with 422, storing nothing", async () => {
    const before = { files: storedFiles(), logo: await storedLogo() };
    const tooBig = await t.json("POST", `/api/v1/businesses/${B}/upload-logo`, { token: owner, lang: "en", body: form(bigPng(1024 * 1024 + 1), "big.png", "image/png"), status: 422 });
    expect(tooBig.errors.logo).toEqual(["The logo can be at most 1 MB."]);
    // Beyond the route's own body limit as well (the app-wide one would say 413).
    const huge = await t.json("POST", `/api/v1/businesses/${B}/upload-logo`, { token: owner, lang: "en", body: form(bigPng(3 * 1024 * 1024), "huge.png", "image/png"), status: 422 });
    expect(huge.errors.logo).toEqual(["The logo can be at most 1 MB."]);
    const svg = await t.json("POST", `/api/v1/businesses/${B}/upload-logo`, { token: owner, lang: "en", body: form(SVG, "logo.svg", "image/svg+xml"), status: 422 });
    expect(svg.errors.logo).toEqual(["Upload a PNG, JPEG or WebP image."]);
    const text = await t.json("POST", `/api/v1/businesses/${B}/upload-logo`, { token: owner, lang: "en", body: form(new TextEncoder().encode("hello"), "logo.png", "image/png"), status: 422 });
    expect(text.errors.logo).toEqual(["Upload a PNG, JPEG or WebP image."]);
    const none = new FormData();
    none.set("name", "x");
    const missing = await t.json("POST", `/api/v1/businesses/${B}/upload-logo`, { token: owner, lang: "en", body: none, status: 422 });
    expect(missing.errors.logo).toEqual(["This field is required."]);
    expect({ files: storedFiles(), logo: await storedLogo() }).toEqual(before);
  });

  it("accepts exactly 1 MiB", async () => {
    const body = await t.json("POST", `/api/v1/businesses/${B}/upload-logo`, { token: owner, body: form(bigPng(1024 * 1024), "max.png", "image/png"), status: 200 });
    expect(storedFiles()).toEqual([body.business.logo_filename]);
  });

  it("removes the logo and its file; the logo routes then answer 404", async () => {
    const public_ = (await t.json("GET", `/api/v1/businesses/${B}`, { token: owner })).data.logo as string;
    const body = await t.json("DELETE", `/api/v1/businesses/${B}/remove-logo`, { token: owner, status: 200 });
    expect(body.business).toMatchObject({ logo: null, logo_filename: null });
    expect(storedFiles()).toEqual([]);
    expect((await t.call("GET", `/api/v1/businesses/${B}/logo`, { token: owner })).status).toBe(404);
    expect((await t.call("GET", public_)).status).toBe(404);
    expect((await t.call("GET", "/api/public/businesses/no-such-hotel/logo")).status).toBe(404);
    expect((await t.call("GET", "/api/public/businesses/..%2F..%2Fetc/logo")).status).toBe(404);
    // Removing again is harmless.
    await t.json("DELETE", `/api/v1/businesses/${B}/remove-logo`, { token: owner, status: 200 });
  });
});
