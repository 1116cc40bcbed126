import { z } from "zod";
import { USER_PERMISSIONS } from "#domain/access/permissions";
import { BUSINESS_STATUSES } from "#domain/business/status";
import { parseDecimal, parseMoney } from "#domain/money";
import { isTimeZone } from "#domain/business/timezone";
import { UUID_PATTERN } from "#domain/text/sanitize";
import {
  MAX_CATEGORIES,
  OCCUPATION_MAX,
  PERCENTAGE_VARIATION_MAX,
  PERCENTAGE_VARIATION_MIN,
  PLAN_CHOICES,
  PRICE_VARIATION_TYPES,
  ROOM_COUNT_MAX,
  VALUE_VARIATION_LIMIT,
} from "#domain/schemas/business";

export { PLAN_CHOICES, PRICE_VARIATION_TYPES };

/**
 * The business and onboarding forms. Each maps what a browser can post (strings, blank rows,
 * unchecked boxes left out) onto what the API accepts; the API validates again and has the last
 * word (its 422 field errors are shown beside the same fields). Messages are keys: `validation.*`
 * for the generic ones, `business:…` / `onboarding:…` for the ones below (FieldErrors looks them up).
 */

/** The spec's 8-4-4-4-12 hexadecimal pattern (section 5), looser than RFC 4122's version bits. */
const uuid = z.string().regex(UUID_PATTERN, "validation.uuid");

/** Optional free text: blank becomes null, so clearing a field clears it. */
const optionalText = z
  .string()
  .trim()
  .max(255)
  .optional()
  .transform((v) => (v ? v : null));

/** ISO 3166-1 alpha-2, "BR" by default (the product starts in Brazil). */
export const countryCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, "business:errors.country")
  .default("BR");

export const ACCOMMODATION_PURPOSES = ["leisure", "business", "mixed"] as const;
export type AccommodationPurpose = (typeof ACCOMMODATION_PURPOSES)[number];

/** Collaborators may be granted any user.* permission (admin.* cannot be granted by an owner). */
export const GRANTABLE_PERMISSIONS = USER_PERMISSIONS;
const grantable = z.enum(GRANTABLE_PERMISSIONS);
const permissionList = z.array(grantable).min(1, "business:errors.permissionsRequired");

// ── Onboarding ──────────────────────────────────────────────────────────────

/** Step 1: the hotel's name and where it is. */
export const onboardingDetailsSchema = z.object({
  company_name: z.string().trim().min(1).max(255),
  country: countryCode,
  state: optionalText,
  city: optionalText,
  zip_code: optionalText,
  address: optionalText,
});

/** Step 2 and /businesses/type. */
export const businessTypeSchema = z.object({
  business_type_uuid: uuid,
  accommodation_purpose: z.enum(ACCOMMODATION_PURPOSES),
});

/**
 * One row of the categories list. Rows left completely blank are dropped (the no-JavaScript form
 * offers a few spare rows); a row with anything typed needs both a name and a room count.
 */
const categoryRow = z
  .object({
    uuid: uuid.optional(),
    name: z.string().trim().max(100).optional(),
    room_count: z.number().int().min(1).max(ROOM_COUNT_MAX).optional(),
  })
  .optional();

/** Step 3 and the rooms summary: the categories with their room counts. */
export const roomsSchema = z
  .object({ categories: z.array(categoryRow).max(MAX_CATEGORIES).default([]) })
  .superRefine(({ categories }, ctx) => {
    const seen = new Map<string, number>();
    let filled = 0;
    categories.forEach((row, index) => {
      if (!row || (!row.name && row.room_count === undefined)) return;
      filled++;
      if (!row.name) ctx.addIssue({ code: "custom", path: ["categories", index, "name"], message: "validation.required" });
      if (row.room_count === undefined) ctx.addIssue({ code: "custom", path: ["categories", index, "room_count"], message: "validation.required" });
      if (row.name) {
        const key = row.name.toLocaleLowerCase();
        if (seen.has(key)) ctx.addIssue({ code: "custom", path: ["categories", index, "name"], message: "business:errors.duplicateCategory" });
        seen.set(key, index);
      }
    });
    if (!filled) ctx.addIssue({ code: "custom", path: ["categories"], message: "business:errors.categoriesRequired" });
  })
  .transform(({ categories }) => ({
    categories: categories
      .filter((row): row is { uuid?: string; name: string; room_count: number } => !!row?.name && row.room_count !== undefined)
      .map(({ uuid, name, room_count }) => (uuid ? { uuid, name, room_count } : { name, room_count })),
  }));

export const planChoiceSchema = z.object({ choice: z.enum(PLAN_CHOICES) });

// ── Business settings ───────────────────────────────────────────────────────

const optionalEmail = z
  .string()
  .trim()
  .max(255)
  .optional()
  .transform((v) => (v ? v.toLowerCase() : null))
  .pipe(z.email().nullable());

const optionalUrl = z
  .string()
  .trim()
  .max(255)
  .optional()
  .transform((v) => (!v ? null : /^https?:\/\//i.test(v) ? v : `https://${v}`))
  .pipe(z.url({ protocol: /^https?$/ }).nullable());

/** Everything /businesses/overview lets an owner edit (PUT /businesses/{id}/details). */
export const businessDetailsSchema = z.object({
  company_name: z.string().trim().min(1).max(255),
  corporate_name: optionalText,
  corporate_tax_code: optionalText,
  email: optionalEmail,
  phone_number: optionalText,
  website: optionalUrl,
  address: optionalText,
  city: optionalText,
  state: optionalText,
  zip_code: optionalText,
  country: countryCode,
  /** IANA name; "today" and month boundaries follow it (domain/business/timezone.ts). */
  timezone: z.string().trim().refine(isTimeZone, "business:errors.timezone").optional(),
});

export const DETAIL_FIELDS = [
  "company_name",
  "corporate_name",
  "corporate_tax_code",
  "email",
  "phone_number",
  "website",
  "address",
  "city",
  "state",
  "zip_code",
  "country",
  "timezone",
] as const;


/**
 * A room category as typed on /businesses/room-configurations. The price variation is money
 * ("80,00", sent as 8000 cents) when the type is `value` and a percentage ("12,5") otherwise;
 * the commission is a percentage between 0 and 100.
 */
export const roomCategorySchema = z
  .object({
    name: z.string().trim().min(1).max(100),
    room_count: z.number().int().min(1).max(ROOM_COUNT_MAX),
    min_occupation: z.number().int().min(1).max(OCCUPATION_MAX),
    max_occupation: z.number().int().min(1).max(OCCUPATION_MAX),
    price_variation_type: z.enum(PRICE_VARIATION_TYPES).default("value"),
    price_variation_value: z.string().trim().max(20).optional(),
    commission: z.string().trim().max(10).optional(),
  })
  .transform((form, ctx) => {
    if (form.max_occupation < form.min_occupation) {
      ctx.addIssue({ code: "custom", path: ["max_occupation"], message: "business:errors.maxBelowMin" });
    }
    let priceVariation = 0;
    if (form.price_variation_value) {
      const parsed = form.price_variation_type === "value" ? parseMoney(form.price_variation_value) : parseDecimal(form.price_variation_value);
      if (parsed === null) {
        ctx.addIssue({
          code: "custom",
          path: ["price_variation_value"],
          message: form.price_variation_type === "value" ? "business:errors.money" : "business:errors.number",
        });
      } else if (form.price_variation_type === "percentage" && !Number.isInteger(parsed)) {
        // Stored as a whole number: 12,5 would quietly become 13.
        ctx.addIssue({ code: "custom", path: ["price_variation_value"], message: "business:errors.wholePercentage" });
      } else if (
        form.price_variation_type === "percentage" ? parsed < PERCENTAGE_VARIATION_MIN || parsed > PERCENTAGE_VARIATION_MAX : Math.abs(parsed) > VALUE_VARIATION_LIMIT
      ) {
        ctx.addIssue({
          code: "custom",
          path: ["price_variation_value"],
          message: form.price_variation_type === "percentage" ? "business:errors.percentageRange" : "business:errors.valueRange",
        });
      } else priceVariation = parsed;
    }
    let commission = 0;
    if (form.commission) {
      const parsed = parseDecimal(form.commission);
      if (parsed === null || parsed < 0 || parsed > 100) {
        ctx.addIssue({ code: "custom", path: ["commission"], message: "business:errors.commission" });
      } else commission = Math.round(parsed * 100) / 100;
    }
    return {
      name: form.name,
      room_count: form.room_count,
      min_occupation: form.min_occupation,
      max_occupation: form.max_occupation,
      price_variation_type: form.price_variation_type,
      price_variation_value: priceVariation,
      commission,
    };
  });

export const CATEGORY_FIELDS = [
  "name",
  "room_count",
  "min_occupation",
  "max_occupation",
  "price_variation_type",
  "price_variation_value",
  "commission",
] as const;

/** /businesses/rooms: every category's room count at once (PUT …/room-categories/batch). */
export const roomCountsSchema = z.object({
  categories: z
    .array(z.object({ uuid, room_count: z.number().int().min(1).max(ROOM_COUNT_MAX) }))
    .min(1)
    .max(MAX_CATEGORIES),
});

/** /businesses/capacity: the occupancy bounds of every category at once. */
export const capacitySchema = z
  .object({
    categories: z
      .array(
        z.object({
          uuid: uuid,
          min_occupation: z.number().int().min(1).max(OCCUPATION_MAX),
          max_occupation: z.number().int().min(1).max(OCCUPATION_MAX),
        }),
      )
      .min(1),
  })
  .superRefine(({ categories }, ctx) => {
    categories.forEach((row, index) => {
      if (row.max_occupation < row.min_occupation) {
        ctx.addIssue({ code: "custom", path: ["categories", index, "max_occupation"], message: "business:errors.maxBelowMin" });
      }
    });
  });

/** What the API takes for a logo (api/services/uploads.ts); it checks the bytes, the web checks early. */
export const LOGO_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export const LOGO_MAX_BYTES = 1024 * 1024;

// ── Collaborators ───────────────────────────────────────────────────────────

export const collaboratorSchema = z.object({
  email: z.email().max(255).transform((v) => v.trim().toLowerCase()),
  permissions: permissionList,
});

export const collaboratorPermissionsSchema = z.object({ permissions: permissionList });

// ── Administration ──────────────────────────────────────────────────────────

export const adminBusinessSchema = businessDetailsSchema.extend({
  is_whitelisted: z.boolean().default(false),
  advisory: z.boolean().default(false),
});

/** The owner is named by e-mail or user id (the form looks the e-mail up). */
export const adminCreateBusinessSchema = onboardingDetailsSchema.extend({
  owner: z.string().trim().min(1).max(255),
});

export const businessStatusSchema = z.object({ status: z.enum(BUSINESS_STATUSES) });

export const assignBusinessSchema = z.object({
  business_uuid: uuid,
  permissions: permissionList,
});

// ── PMS ─────────────────────────────────────────────────────────────────────

/** The credential form of one PMS, built from its `settings.fields` (spec section 3). */
export function pmsCredentialsSchema(fields: { name: string; required: boolean }[]) {
  const credentials = Object.fromEntries(
    fields.map((field) => [
      field.name,
      field.required ? z.string().trim().min(1).max(500) : z.string().trim().max(500).optional().transform((v) => v ?? ""),
    ]),
  );
  return z.object({ pms_id: z.number().int().min(1), credentials: z.object(credentials).default({}) });
}
