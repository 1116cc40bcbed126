import { z } from "zod";

/**
 * Building blocks of the documented JSON answers (doc({ response }), ADR 0022): the `{ data }`
 * envelope, a paginated list's `meta`, and the string formats every answer uses. Kept small;
 * each answer's own schema lives beside the serializer that builds it (api/services/**).
 *
 * NOTE: contract-a's api/openapi/answers.ts has the same intent; the two are unified at merge.
 */

/** A row's id (gen_random_uuid()). */
export const uuid = z.uuid();
/** A calendar day in the business's time zone, `YYYY-MM-DD`. */
export const isoDate = z.iso.date();
/** An instant, `Date#toISOString()` (UTC, `Z`). */
export const isoDateTime = z.iso.datetime();
/** Money in the currency's minor unit (cents). */
export const cents = z.int();
/** A three-letter ISO 4217 code. */
export const currency = z.string().length(3);
/** A two-letter country code (ISO 3166-1 alpha-2). */
export const countryCode = z.string().length(2);

/** `{ uuid, name }`: a named reference to another record. */
export const namedRef = z.object({ uuid, name: z.string() }).strict();
/** `{ uuid, name }` whose name may be gone (a deleted user's, a channel code the hotel no longer has). */
export const maybeNamedRef = z.object({ uuid, name: z.string().nullable() }).strict();

/** `{ data: … }`: the envelope of most answers. */
export const dataOf = <T extends z.ZodType>(data: T) => z.object({ data }).strict();

/** The `meta` of a paginated list. */
export const pageMeta = z.object({ page: z.int().min(1), per_page: z.int().min(1), total: z.int().min(0), last_page: z.int().min(1) }).strict();
/** `{ data: [...], meta: { page, per_page, total, last_page } }`. */
export const pageOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), meta: pageMeta }).strict();

/** `{ deleted: true }` after a DELETE that answers JSON. */
export const deletedAnswer = z.object({ deleted: z.literal(true) }).strict();
