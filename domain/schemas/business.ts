import { z } from "zod";
import { USER_PERMISSIONS } from "#domain/access/permissions.ts";
import { BUSINESS_STATUSES } from "#domain/business/status.ts";
import { sanitizeText, UUID_PATTERN } from "#domain/text/sanitize.ts";
import { isTimeZone } from "#domain/business/timezone.ts";
import { int32 } from "#domain/validation.ts";

/**
 * Business schemas shared by the API (the gate) and the web's forms. Messages are keys of the
 * `validation` namespace: `validation.*` for the generic ones, `business.*` for the ones below.
 * Free text goes through `sanitizeText` (spec section 5: trim, cut at 255, drop < > " ' &).
 * Money is integer cents; percentages are plain numbers (40 means 40 %).
 */

export const ROOM_COUNT_MAX = 500;
export const OCCUPATION_MAX = 20;
export const PERCENTAGE_VARIATION_MIN = -100;
export const PERCENTAGE_VARIATION_MAX = 500;
/** A value variation may lower or raise the rate by at most R$ 100.000,00 (in cents). */
export const VALUE_VARIATION_LIMIT = 10_000_000;
export const PRICE_MAX_CENTS = 100_000_000;
export const MAX_CATEGORIES = 50;
export const PRICE_VARIATION_TYPES = ["value", "percentage"] as const;
export type PriceVariationType = (typeof PRICE_VARIATION_TYPES)[number];
export const PAYMENT_FREQUENCIES = ["monthly", "yearly"] as const;
export const SOCIAL_NETWORKS = ["instagram", "facebook", "tiktok", "x", "youtube", "linkedin", "tripadvisor", "whatsapp"] as const;
export const PLAN_CHOICES = ["subscribe", "easylite"] as const;

/** Matches the UUIDs the server issues (any version nibble, any case), lower-cased. */
export const uuidString = z
  .string()
  .regex(UUID_PATTERN, "validation.uuid")
  .transform((v) => v.toLowerCase());

/** Required free text: sanitised, then 1..max characters. */
export const requiredText = (max = 255) =>
  z
    .string()
    .max(10_000)
    .transform(sanitizeText)
    .pipe(z.string().min(1).max(max));

/** Optional free text: sanitised; blank or null becomes null (so clearing a field clears it). */
export const nullableText = (max = 255) =>
  z
    .string()
    .max(10_000)
    .nullable()
    .transform((v) => (v == null ? null : sanitizeText(v) || null))
    .pipe(z.string().max(max).nullable());

const email = z
  .string()
  .trim()
  .max(255)
  .nullable()
  .transform((v) => (v ? v.toLowerCase() : null))
  .pipe(z.email().nullable());

/** http(s) only; "pousada.com.br" is read as https://pousada.com.br. Stored normalised. */
const website = z
  .string()
  .trim()
  .max(255)
  .nullable()
  .transform((v, ctx) => {
    if (!v) return null;
    const candidate = /^[a-z][a-z0-9+.-]*:/i.test(v) ? v : `https://${v}`;
    try {
      const url = new URL(candidate);
      if ((url.protocol === "http:" || url.protocol === "https:") && url.hostname.includes(".")) return url.href;
    } catch {
      // reported below
    }
    ctx.addIssue({ code: "custom", message: "validation.url" });
    return z.NEVER;
  });

/** ISO 3166-1 alpha-2, e.g. BR. */
export const countryCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, "business.country")
  .transform((v) => v.toUpperCase());

const currency = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{3}$/, "business.currency")
  .transform((v) => v.toUpperCase());

const timezone = z.string().trim().max(64).refine(isTimeZone, "business.timezone");

const socialMedia = z.partialRecord(z.enum(SOCIAL_NETWORKS), z.string().max(255).transform(sanitizeText)).transform((record) => {
  // A blank handle removes the network.
  const out: Record<string, string> = {};
  for (const [network, value] of Object.entries(record)) if (value) out[network] = value;
  return out;
});

/** The business's own fields (spec section 3), as POST /businesses and PUT …/details take them. */
const businessFields = {
  company_name: requiredText(255),
  corporate_name: nullableText(255).optional(),
  business_type_uuid: uuidString.nullable().optional(),
  accommodation_purpose: nullableText(100).optional(),
  primary_customer_segment: nullableText(100).optional(),
  corporate_tax_code: nullableText(32).optional(),
  country: countryCode,
  state: nullableText(100).optional(),
  city: nullableText(100).optional(),
  zip_code: nullableText(20).optional(),
  address: nullableText(255).optional(),
  email: email.optional(),
  phone_number: nullableText(40).optional(),
  website: website.optional(),
  social_media: socialMedia.optional(),
  fluctuation_level: nullableText(50).optional(),
  payment_frequency: z.enum(PAYMENT_FREQUENCIES).optional(),
  currency: currency.optional(),
  timezone: timezone.optional(),
};

// ── Room categories ─────────────────────────────────────────────────────────────────────────

const int = int32;
const price = () => int().min(0).max(PRICE_MAX_CENTS).nullable();

const categoryFields = {
  uuid: uuidString.optional(),
  name: requiredText(100),
  room_count: int().min(1).max(ROOM_COUNT_MAX),
  min_occupation: int().min(1).max(OCCUPATION_MAX),
  max_occupation: int().min(1).max(OCCUPATION_MAX),
  price_variation_type: z.enum(PRICE_VARIATION_TYPES),
  /** Cents for `value`, percent for `percentage`; 0 for the reference category. */
  price_variation_value: z.number(),
  /** Channel commission in percent (0–100, two decimals). */
  commission: z.number().min(0).max(100),
  min_price: price().optional(),
  max_price: price().optional(),
};

/** One room category's fields, without the checks that relate them (those are in `checkCategory`). */
export const categoryObject = z.object({
  ...categoryFields,
  price_variation_type: categoryFields.price_variation_type.default("value"),
  price_variation_value: categoryFields.price_variation_value.default(0),
  commission: categoryFields.commission.default(0),
});

type CategoryShape = z.output<typeof categoryObject>;

/** Occupancy range, price range, and the variation's unit. Adds issues at the offending field. */
export function checkCategory(value: CategoryShape, ctx: z.RefinementCtx, path: (string | number)[] = []) {
  if (value.max_occupation < value.min_occupation) {
    ctx.addIssue({ code: "custom", path: [...path, "max_occupation"], message: "business.maxOccupationBelowMin", input: value.max_occupation });
  }
  if (value.min_price != null && value.max_price != null && value.max_price < value.min_price) {
    ctx.addIssue({ code: "custom", path: [...path, "max_price"], message: "business.maxPriceBelowMin", input: value.max_price });
  }
  const v = value.price_variation_value;
  if (value.price_variation_type === "value") {
    if (!Number.isInteger(v) || Math.abs(v) > VALUE_VARIATION_LIMIT) {
      ctx.addIssue({ code: "custom", path: [...path, "price_variation_value"], message: "business.variationValue", input: v });
    }
  } else if (!Number.isFinite(v) || v < PERCENTAGE_VARIATION_MIN || v > PERCENTAGE_VARIATION_MAX) {
    ctx.addIssue({ code: "custom", path: [...path, "price_variation_value"], message: "business.variationPercentage", input: v });
  }
}

export const categorySchema = categoryObject.superRefine((value, ctx) => checkCategory(value, ctx));
export type CategoryInput = z.output<typeof categorySchema>;

/** The same name twice (ignoring case) or the same uuid twice in one list. */
export function checkCategoryList(
  categories: readonly { name?: string; uuid?: string }[],
  ctx: z.RefinementCtx,
  path: (string | number)[] = ["categories"],
) {
  const names = new Set<string>();
  const uuids = new Set<string>();
  categories.forEach((category, index) => {
    if (category.name !== undefined) {
      const key = category.name.toLocaleLowerCase();
      if (names.has(key)) ctx.addIssue({ code: "custom", path: [...path, index, "name"], message: "business.duplicateCategoryName", input: category.name });
      names.add(key);
    }
    if (category.uuid !== undefined) {
      if (uuids.has(category.uuid)) ctx.addIssue({ code: "custom", path: [...path, index, "uuid"], message: "business.duplicateCategoryUuid", input: category.uuid });
      uuids.add(category.uuid);
    }
  });
}

/** `room_setup` of PUT …/rooms and POST /businesses: the whole set, at least one category. */
export const roomSetupSchema = z
  .object({ categories: z.array(categorySchema).min(1).max(MAX_CATEGORIES) })
  .superRefine((value, ctx) => checkCategoryList(value.categories, ctx));

export const roomsSchema = z.object({ room_setup: roomSetupSchema });

/** POST …/room-categories: `room_setup.categories` with exactly one item. */
export const newCategorySchema = z.object({
  room_setup: z.object({ categories: z.array(categorySchema).min(1).max(1) }),
});

/** PUT …/room-categories/{id}: any subset of the fields; merged with the stored category, then checked whole. */
export const categoryPatchSchema = z.object(categoryFields).partial();

/** PUT …/room-categories/batch: several patches, each naming its category by uuid. */
export const categoryBatchSchema = z.object({
  room_setup: z
    .object({
      categories: z.array(categoryPatchSchema.extend({ uuid: uuidString })).min(1).max(MAX_CATEGORIES),
    })
    .superRefine((value, ctx) => checkCategoryList(value.categories, ctx)),
});

// ── Businesses ──────────────────────────────────────────────────────────────────────────────

export const createBusinessSchema = z.object({ ...businessFields, room_setup: roomSetupSchema.optional() });
export type CreateBusinessInput = z.output<typeof createBusinessSchema>;

/** PUT …/details: any subset; a field sent blank is cleared, a field not sent is kept. */
export const businessDetailsSchema = z.object(businessFields).partial();
export type BusinessDetailsInput = z.output<typeof businessDetailsSchema>;

export const businessTypeSchema = z.object({
  business_type_uuid: uuidString,
  accommodation_purpose: nullableText(100).optional(),
});

export const selectBusinessSchema = z.object({ business_uuid: uuidString });

export const planChoiceSchema = z.object({ choice: z.enum(PLAN_CHOICES) });

/** PUT …/pms: which PMS, and the credentials its settings ask for (checked against them by the API). */
export const pmsChoiceSchema = z.object({
  pms_id: int32().positive(),
  credentials: z
    .record(z.string().regex(/^[a-z][a-z0-9_]{0,49}$/, "validation.format"), z.string().trim().max(500))
    .default({}),
});

// ── Collaborators ───────────────────────────────────────────────────────────────────────────

/** Only user.* may be granted on a business (an owner cannot make anyone an administrator). */
export const grantedPermissions = z
  .array(z.enum(USER_PERMISSIONS))
  .max(USER_PERMISSIONS.length * 2)
  .transform((list) => USER_PERMISSIONS.filter((name) => list.includes(name)));

export const inviteCollaboratorSchema = z.object({
  email: z
    .string()
    .trim()
    .max(255)
    .transform((v) => v.toLowerCase())
    .pipe(z.email()),
  permissions: grantedPermissions,
});

export const updateCollaboratorSchema = z.object({ permissions: grantedPermissions });

// ── Administration ──────────────────────────────────────────────────────────────────────────

export const adminBusinessFields = {
  is_whitelisted: z.boolean().optional(),
  advisory: z.boolean().optional(),
};

export const adminCreateBusinessSchema = createBusinessSchema.extend({ owner_uuid: uuidString, ...adminBusinessFields });
export const adminUpdateBusinessSchema = businessDetailsSchema.extend(adminBusinessFields);
export const adminStatusSchema = z.object({ status: z.enum(BUSINESS_STATUSES) });
export const adminAssignSchema = z.object({ business_uuid: uuidString, permissions: grantedPermissions });

export const adminListQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});
