import { Hono } from "hono";
import { eq } from "drizzle-orm";
import { z } from "zod";
import {
  businessDetailsSchema,
  businessTypeSchema,
  categoryBatchSchema,
  categoryPatchSchema,
  categorySchema,
  createBusinessSchema,
  MAX_CATEGORIES,
  newCategorySchema,
  roomsSchema,
  selectBusinessSchema,
} from "#domain/schemas/business.ts";
import { isUuid } from "#domain/text/sanitize.ts";
import type { Database } from "#api/db/client.ts";
import { businesses } from "#api/db/schema/index.ts";
import { HttpError, notFound } from "#api/errors.ts";
import type { AuthedEnv } from "#api/middleware/auth.ts";
import { requireBusiness } from "#api/middleware/business.ts";
import { withPricingActivity } from "#api/services/pricing/activity.ts";
import { userActor } from "#api/services/activity/record.ts";
import { businessesOf, businessesStateOf } from "#api/services/business-access.ts";
import { businessJson, businessJsonMany } from "#api/services/business-json.ts";
import { businessAnswer, businessDetailAnswer, businessEnvelope, categoryAnswer } from "#contract/business.ts";
import { tariffConfigurationJson } from "#api/services/pricing/config.ts";
import {
  categoriesOf,
  categoryAsInput,
  createBusiness,
  fieldError,
  rememberSelection,
  saveCategorySet,
  updateBusinessDetails,
} from "#api/services/businesses.ts";
import { answerBusiness, body, loadBusinessJson, parse } from "./businesses-shared.ts";
import { docs } from "#api/openapi/describe.ts";
import { envelope } from "#contract/primitives.ts";

const doc = docs("Businesses");

/** The caller's businesses and the one they work on. */
const listAnswer = z.object({ businesses: z.array(businessAnswer), selected_business_uuid: z.uuid().nullable() }).strict();

const sameName = (a: string, b: string) => a.toLocaleLowerCase() === b.toLocaleLowerCase();

/** The whole merged list, checked with the category rules; errors at room_setup.categories.{i}.{field}. */
const mergedListSchema = z.object({ room_setup: z.object({ categories: z.array(categorySchema) }) });

/**
 * The businesses API (mounted under /api/v1): the caller's list and selection, creation, the
 * onboarding steps that edit a business (details, type, rooms) and its room categories. Every
 * /businesses/{id}/… route goes through requireBusiness (UUID format, existence, access,
 * permission). Logo, status and collaborator routes live in their own modules.
 */
export const businessRoutes = new Hono<AuthedEnv>()
  .get("/businesses", doc({ response: listAnswer }), async (c) => {
    const { db } = c.var.deps;
    const user = c.var.user;
    const { list, access, selected } = await businessesStateOf(db, user);
    return c.json({
      businesses: await businessJsonMany(db, list, { locale: c.var.locale, viewer: user, access }),
      selected_business_uuid: selected?.id ?? null,
    });
  })

  .post("/businesses", doc({ body: createBusinessSchema, status: 201, response: businessEnvelope }), async (c) => {
    const { db, now } = c.var.deps;
    const input = await body(c, createBusinessSchema);
    const row = await createBusiness(db, c.var.t, c.var.user, input, { now: now(), select: true });
    return answerBusiness(c, row.id, 201);
  })

  .put("/user/selected-business", doc({ body: selectBusinessSchema, response: businessEnvelope }), async (c) => {
    const { db, now } = c.var.deps;
    const { business_uuid } = await body(c, selectBusinessSchema);
    const list = await businessesOf(db, c.var.user.id);
    const chosen = list.find((b) => b.id === business_uuid);
    if (!chosen) {
      const [exists] = await db.select({ id: businesses.id }).from(businesses).where(eq(businesses.id, business_uuid));
      throw exists ? new HttpError(403, "api.forbidden") : notFound("api.businessNotFound");
    }
    await rememberSelection(db, c.var.user.id, chosen.id, now());
    return c.json({ business: await businessJson(db, chosen, { locale: c.var.locale, viewer: c.var.user }) });
  })

  .get("/businesses/:id", doc({ response: envelope(businessDetailAnswer) }), requireBusiness(), async (c) => {
    const { db } = c.var.deps;
    const [json, tariff] = await Promise.all([
      businessJson(db, c.var.access.business, { locale: c.var.locale, viewer: c.var.user }),
      tariffConfigurationJson(db, c.var.access.business.id),
    ]);
    // One business in full carries its tariff configuration (lists leave it out: it is large).
    return c.json({ data: { ...json, tariff_configuration: tariff } satisfies z.infer<typeof businessDetailAnswer> });
  })

  .put("/businesses/:id/details", doc({ body: businessDetailsSchema, response: businessEnvelope }), requireBusiness("user.businesses"), async (c) => {
    const { db, now } = c.var.deps;
    const input = await body(c, businessDetailsSchema);
    await updateBusinessDetails(db, c.var.t, c.var.access.business.id, input, now(), userActor(c.var.user.id));
    return answerBusiness(c, c.var.access.business.id);
  })

  .put("/businesses/:id/type", doc({ body: businessTypeSchema, response: businessEnvelope }), requireBusiness("user.businesses"), async (c) => {
    const { db, now } = c.var.deps;
    const input = await body(c, businessTypeSchema);
    await updateBusinessDetails(db, c.var.t, c.var.access.business.id, input, now(), userActor(c.var.user.id));
    return answerBusiness(c, c.var.access.business.id);
  })

  .put("/businesses/:id/rooms", doc({ body: roomsSchema, response: businessEnvelope }), requireBusiness("user.businesses"), async (c) => {
    const { db, now } = c.var.deps;
    const { room_setup } = await body(c, roomsSchema);
    const id = c.var.access.business.id;
    await db.transaction((tx) => withPricingActivity(tx as unknown as Database, id, userActor(c.var.user.id), () => saveCategorySet(tx as unknown as Database, c.var.t, id, room_setup.categories, now())));
    return answerBusiness(c, id);
  })

  .post("/businesses/:id/room-categories", doc({ body: newCategorySchema, status: 201, response: businessEnvelope.extend({ category: categoryAnswer }).strict() }), requireBusiness("user.businesses"), async (c) => {
    const { db, now } = c.var.deps;
    const t = c.var.t;
    const [category] = (await body(c, newCategorySchema)).room_setup.categories;
    const id = c.var.access.business.id;
    const createdId = await db.transaction(async (txn) => {
      const tx = txn as unknown as Database;
      const existing = (await categoriesOf(tx, id)).map(categoryAsInput);
      if (existing.some((e) => sameName(e.name, category.name))) {
        throw fieldError(t, "room_setup.categories.0.name", "business.duplicateCategoryName");
      }
      if (existing.length >= MAX_CATEGORIES) throw fieldError(t, "room_setup.categories", "validation.tooManyItems", { max: MAX_CATEGORIES });
      const ids = await withPricingActivity(tx, id, userActor(c.var.user.id), () => saveCategorySet(tx, t, id, [...existing, { ...category, uuid: undefined }], now()));
      return ids[ids.length - 1];
    });
    const business = await loadBusinessJson(c, id);
    const created = business.room_setup.categories.find((cat) => cat.uuid === createdId);
    if (!created) throw notFound("business.categoryNotFound");
    return c.json({ business, category: created }, 201);
  })

  // Registered before /:categoryId, which would otherwise take "batch" for an id.
  .put("/businesses/:id/room-categories/batch", doc({ body: categoryBatchSchema, response: businessEnvelope }), requireBusiness("user.businesses"), async (c) => {
    const { db, now } = c.var.deps;
    const t = c.var.t;
    const patches = (await body(c, categoryBatchSchema)).room_setup.categories;
    const id = c.var.access.business.id;
    await db.transaction(async (txn) => {
      const tx = txn as unknown as Database;
      const existing = (await categoriesOf(tx, id)).map(categoryAsInput);
      const merged = patches.map((patch, i) => {
        const stored = existing.find((e) => e.uuid === patch.uuid);
        if (!stored) throw fieldError(t, `room_setup.categories.${i}.uuid`, "business.unknownCategory");
        return { ...stored, ...patch };
      });
      const checked = parse(c, mergedListSchema, { room_setup: { categories: merged } }).room_setup.categories;
      const final = existing.map((e) => checked.find((m) => m.uuid === e.uuid) ?? e);
      checked.forEach((m, i) => {
        if (final.some((other) => other.uuid !== m.uuid && sameName(other.name, m.name))) {
          throw fieldError(t, `room_setup.categories.${i}.name`, "business.duplicateCategoryName");
        }
      });
      await withPricingActivity(tx, id, userActor(c.var.user.id), () => saveCategorySet(tx, t, id, final, now()));
    });
    return answerBusiness(c, id);
  })

  .put("/businesses/:id/room-categories/:categoryId", doc({ body: categoryPatchSchema, response: businessEnvelope }), requireBusiness("user.businesses"), async (c) => {
    const { db, now } = c.var.deps;
    const t = c.var.t;
    const categoryId = c.req.param("categoryId").toLowerCase();
    if (!isUuid(categoryId)) throw notFound("business.categoryNotFound");
    const raw = await body(c, z.unknown());
    // The category itself, or wrapped like the other category calls ({ room_setup: { categories: [it] } }).
    const wrapped = (raw as { room_setup?: { categories?: unknown[] } } | null)?.room_setup?.categories?.[0];
    const patch = parse(c, categoryPatchSchema, wrapped ?? raw);
    const id = c.var.access.business.id;
    await db.transaction(async (txn) => {
      const tx = txn as unknown as Database;
      const existing = (await categoriesOf(tx, id)).map(categoryAsInput);
      const stored = existing.find((e) => e.uuid === categoryId);
      if (!stored) throw notFound("business.categoryNotFound");
      const checked = parse(c, categorySchema, { ...stored, ...patch, uuid: categoryId });
      if (existing.some((e) => e.uuid !== categoryId && sameName(e.name, checked.name))) {
        throw fieldError(t, "name", "business.duplicateCategoryName");
      }
      await withPricingActivity(tx, id, userActor(c.var.user.id), () => saveCategorySet(tx, t, id, existing.map((e) => (e.uuid === categoryId ? { ...checked, uuid: categoryId } : e)), now()));
    });
    return answerBusiness(c, id);
  })

  .delete("/businesses/:id/room-categories/:categoryId", doc({ response: businessEnvelope }), requireBusiness("user.businesses"), async (c) => {
    const { db, now } = c.var.deps;
    const categoryId = c.req.param("categoryId").toLowerCase();
    if (!isUuid(categoryId)) throw notFound("business.categoryNotFound");
    const id = c.var.access.business.id;
    await db.transaction(async (txn) => {
      const tx = txn as unknown as Database;
      const existing = (await categoriesOf(tx, id)).map(categoryAsInput);
      if (!existing.some((e) => e.uuid === categoryId)) throw notFound("business.categoryNotFound");
      await withPricingActivity(tx, id, userActor(c.var.user.id), () => saveCategorySet(tx, c.var.t, id, existing.filter((e) => e.uuid !== categoryId), now()));
    });
    return answerBusiness(c, id);
  });

