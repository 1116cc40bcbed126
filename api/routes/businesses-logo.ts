import type { Context } from "hono";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { eq } from "drizzle-orm";
import type { ApiEnv } from "#api/context.ts";
import type { Database } from "#api/db/client.ts";
import { businesses } from "#api/db/schema/index.ts";
import { HttpError, notFound } from "#api/errors.ts";
import type { AuthedEnv } from "#api/middleware/auth.ts";
import { requireBusiness } from "#api/middleware/business.ts";
import { fieldError } from "#api/services/businesses.ts";
import { deleteLogo, detectImageType, LOGO_BODY_LIMIT, MAX_LOGO_BYTES, readLogo, storeLogo } from "#api/services/uploads.ts";
import { answerBusiness } from "./businesses-shared.ts";
import { docs } from "#api/openapi/describe.ts";
import { businessEnvelope } from "#contract/business.ts";

const doc = docs("Businesses");

const MAX_MB = MAX_LOGO_BYTES / 1024 / 1024;

// The app-wide 1 MiB limit does not apply to this path (app.ts); this one leaves room for the framing,
// and the file itself is held to 1 MiB below, so both cases answer the same 422.
const logoBodyLimit = bodyLimit({
  maxSize: LOGO_BODY_LIMIT,
  onError: (c) => {
    throw fieldError(c.var.t, "logo", "business.logoTooLarge", { max: MAX_MB });
  },
});

/** Replaces the logo: the new file is written first, then recorded, then the old file deleted. */
async function uploadLogo(c: Context<AuthedEnv>, businessId: string) {
  const { db, config, now } = c.var.deps;
  const t = c.var.t;
  let form: Record<string, unknown>;
  try {
    form = await c.req.parseBody();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw fieldError(t, "logo", "business.logoType");
  }
  // The web sends file PUTs as POST with _method=PUT (spec section 7): POST and PUT mean the same
  // here, so the field needs no handling.
  const file = form.logo;
  if (!(file instanceof File)) throw fieldError(t, "logo", "validation.required");
  if (file.size > MAX_LOGO_BYTES) throw fieldError(t, "logo", "business.logoTooLarge", { max: MAX_MB });
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = detectImageType(bytes);
  if (!type) throw fieldError(t, "logo", "business.logoType");
  const filename = await storeLogo(config, businessId, bytes, type);
  let previous: string | null;
  try {
    previous = await db.transaction(async (txn) => {
      const tx = txn as unknown as Database;
      const [row] = await tx.select({ logo: businesses.logoFilename }).from(businesses).where(eq(businesses.id, businessId)).for("update");
      await tx.update(businesses).set({ logoFilename: filename, updatedAt: now() }).where(eq(businesses.id, businessId));
      return row?.logo ?? null;
    });
  } catch (error) {
    await deleteLogo(config, filename);
    throw error;
  }
  await deleteLogo(config, previous);
  return answerBusiness(c, businessId);
}

async function serveLogo(c: Context<ApiEnv>, filename: string | null, cacheControl: string) {
  const logo = filename ? await readLogo(c.var.deps.config, filename) : null;
  if (!logo) throw notFound();
  return c.body(new Uint8Array(logo.bytes), 200, {
    "content-type": logo.contentType,
    "content-length": String(logo.bytes.length),
    "cache-control": cacheControl,
    "x-content-type-options": "nosniff",
    "content-security-policy": "default-src 'none'; sandbox",
  });
}

/** Logo routes under /api/v1 (signed in). */
export const businessLogoRoutes = new Hono<AuthedEnv>()
  .post("/businesses/:id/upload-logo", doc({ form: true, response: businessEnvelope }), requireBusiness("user.businesses"), logoBodyLimit, (c) => uploadLogo(c as unknown as Context<AuthedEnv>, c.var.access.business.id))
  .put("/businesses/:id/upload-logo", doc({ form: true, response: businessEnvelope }), requireBusiness("user.businesses"), logoBodyLimit, (c) => uploadLogo(c as unknown as Context<AuthedEnv>, c.var.access.business.id))

  .delete("/businesses/:id/remove-logo", doc({ response: businessEnvelope }), requireBusiness("user.businesses"), async (c) => {
    const { db, config, now } = c.var.deps;
    const id = c.var.access.business.id;
    const [previous] = await db
      .select({ logo: businesses.logoFilename })
      .from(businesses)
      .where(eq(businesses.id, id));
    await db.update(businesses).set({ logoFilename: null, updatedAt: now() }).where(eq(businesses.id, id));
    await deleteLogo(config, previous?.logo);
    return answerBusiness(c, id);
  })

  .get("/businesses/:id/logo", doc({ produces: "image/*" }), requireBusiness(), async (c) =>
    serveLogo(c as unknown as Context<ApiEnv>, c.var.access.business.logoFilename, "private, max-age=300"),
  );

/** No sign-in: the booking engine (/p/{slug}) shows the logo to guests. */
export const publicBusinessRoutes = new Hono<ApiEnv>().get("/public/businesses/:slug/logo", doc({ produces: "image/*" }), async (c) => {
  const slug = c.req.param("slug");
  if (!/^[a-z0-9-]{1,80}$/.test(slug)) throw notFound();
  const [row] = await c.var.deps.db.select({ logo: businesses.logoFilename }).from(businesses).where(eq(businesses.slug, slug));
  // The address carries ?v= (the file's random part), so a new logo is a new address and caching is safe.
  return serveLogo(c, row?.logo ?? null, "public, max-age=86400");
});
