import { z } from "zod";
import { FEATURES, ROLES } from "#domain/access/permissions.ts";
import { LOCALES } from "#domain/locale.ts";

/**
 * The admin area's schemas (users and permissions), shared by the API under /api/v1/admin and the
 * web's /manage screens. Messages are keys of the `validation` namespace, or `admin:…` keys of the
 * admin namespace for the rules only this area has.
 */

/** A query-string value: blank means "not given" (a GET form sends every field, empty or not). */
const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

export const USER_STATUSES = ["active", "disabled", "unverified"] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const DEFAULT_PER_PAGE = 15;
export const MAX_PER_PAGE = 100;

/** GET /admin/users?search=&page=&per_page=&role=&status= */
export const listUsersQuerySchema = z.object({
  search: z.preprocess(blankToUndefined, z.string().trim().max(255).optional()),
  page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(100_000).default(1)),
  per_page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(DEFAULT_PER_PAGE)),
  role: z.preprocess(blankToUndefined, z.enum(ROLES).optional()),
  status: z.preprocess(blankToUndefined, z.enum(USER_STATUSES).optional()),
});
export type ListUsersQuery = z.output<typeof listUsersQuerySchema>;

/** Pasted addresses often carry spaces or capitals; both are dropped before the check. */
const email = z.string().trim().toLowerCase().pipe(z.email().max(255));
const personName = z.string().trim().min(1).max(255);

/** Optional free text: blank becomes null, so clearing a field in a form clears it. */
const optionalText = z
  .string()
  .max(255)
  .nullish()
  .transform((v) => (v == null || v.trim() === "" ? null : v));

/** At least one role; repeated names count once, in the canonical order of ROLES. */
export const rolesField = z
  // A form with no box ticked sends no value at all: the same message as an empty list.
  .array(z.enum(ROLES), { error: (issue) => (issue.input === undefined ? "admin:validation.rolesRequired" : undefined) })
  .min(1, "admin:validation.rolesRequired")
  .max(ROLES.length * 2)
  .transform((roles) => ROLES.filter((role) => roles.includes(role)));

/** POST /admin/users: an administrator opens an account; its owner sets the password from the e-mail. */
export const createUserSchema = z.object({
  name: personName,
  surname: personName,
  email,
  roles: rolesField,
  preferred_language: z.enum(LOCALES),
  company: optionalText.optional(),
  phone: optionalText.optional(),
});

/** PUT /admin/users/{id}: the profile fields and the roles; what is left out stays as it is. */
export const adminUpdateUserSchema = z.object({
  name: personName.optional(),
  surname: personName.optional(),
  email: email.optional(),
  company: optionalText.optional(),
  phone: optionalText.optional(),
  address: optionalText.optional(),
  state: optionalText.optional(),
  zip_code: optionalText.optional(),
  country: optionalText.optional(),
  preferred_language: z.enum(LOCALES).optional(),
  roles: rolesField.optional(),
});

/** The edit form sends every field: here the roles (no box ticked) and the e-mail are required. */
export const adminEditUserFormSchema = adminUpdateUserSchema.extend({
  name: personName,
  surname: personName,
  email,
  roles: rolesField,
  preferred_language: z.enum(LOCALES),
});

const featureList = z
  .array(z.enum(FEATURES))
  .max(FEATURES.length * 2)
  .transform((features) => FEATURES.filter((feature) => features.includes(feature)));

/** PUT /admin/users/{id}/features: the whole list (an empty list turns every feature off). */
export const userFeaturesSchema = z.object({ features: featureList });

/** The features form: a browser sends no value for a form whose boxes are all unticked. */
export const userFeaturesFormSchema = z.object({ features: featureList.default([]) });

export const PERMISSION_GUARDS = ["user", "admin"] as const;
export type PermissionGuard = (typeof PERMISSION_GUARDS)[number];

/** `admin.reports`, `user.night-audit`: lower-case words and hyphens, starting with the guard. */
export const PERMISSION_NAME_PATTERN = /^(user|admin)(\.[a-z0-9]+(-[a-z0-9]+)*)+$/;

const permissionName = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(PERMISSION_NAME_PATTERN, "admin:validation.permissionName");

/** One text per interface locale; blank ones are dropped. */
export const descriptionField = z
  .object(Object.fromEntries(LOCALES.map((locale) => [locale, z.string().max(500).nullish()])) as Record<
    (typeof LOCALES)[number],
    z.ZodOptional<z.ZodNullable<z.ZodString>>
  >)
  .partial()
  .transform((texts) => {
    const out: Record<string, string> = {};
    for (const locale of LOCALES) {
      const text = texts[locale]?.trim();
      if (text) out[locale] = text;
    }
    return out;
  });

function guardMatchesName(value: { name?: string; guard?: string }, ctx: z.RefinementCtx) {
  // A malformed name already has its own message.
  if (value.name && value.guard && PERMISSION_NAME_PATTERN.test(value.name) && !value.name.startsWith(`${value.guard}.`)) {
    ctx.addIssue({ code: "custom", path: ["name"], message: "admin:validation.permissionGuard" });
  }
}

/** POST /admin/permissions */
export const createPermissionSchema = z
  .object({
    name: permissionName,
    guard: z.enum(PERMISSION_GUARDS),
    description: descriptionField.default({}),
  })
  .superRefine(guardMatchesName);

/** PUT /admin/permissions/{id}: a system permission keeps its name and guard (the API says 422). */
export const updatePermissionSchema = z
  .object({
    name: permissionName.optional(),
    guard: z.enum(PERMISSION_GUARDS).optional(),
    description: descriptionField.optional(),
  })
  .superRefine(guardMatchesName);

/** POST /admin/permissions/{id}/users */
export const assignPermissionSchema = z.object({ user_uuid: z.uuid() });

/** The /manage/permissions/addUser form: the permission and the person's e-mail. */
export const assignPermissionFormSchema = z.object({ permission_uuid: z.uuid(), email });
