import { z } from "zod";

/**
 * Building blocks of the documented JSON answers (doc({ response }), ADR 0022). Each area keeps
 * its own answer schemas beside the serializer they describe; only the shapes every area shares
 * live here. Answers are strict: a field the schema does not name fails the contract check.
 */

/** A timestamp as the API writes it: `Date.toISOString()` (UTC, milliseconds, `Z`). */
export const timestamp = z.iso.datetime();
/** A calendar day in the business's time zone, `YYYY-MM-DD`. */
export const day = z.iso.date();
/** Money in the business's currency, integer cents (12345 = 123.45). */
export const cents = z.number().int();
/** A row id (UUID v4/v7 alike). */
export const uuid = z.uuid();

/** A three-letter ISO 4217 code. */
export const currency = z.string().length(3);
/** A two-letter country code (ISO 3166-1 alpha-2). */
export const countryCode = z.string().length(2);

/** `{ uuid, name }`: a named reference to another record. */
export const namedRef = z.object({ uuid, name: z.string() }).strict();
/** `{ uuid, name }` whose name may be gone (a deleted user's, a channel code the hotel no longer has). */
export const maybeNamedRef = z.object({ uuid, name: z.string().nullable() }).strict();

/** `{ success: true }` after a write with nothing else to say (a DELETE, a sign-out). */
export const successAnswer = z.object({ success: z.literal(true) }).strict();

/** `{ deleted: true }` after a DELETE that answers JSON. */
export const deletedAnswer = z.object({ deleted: z.literal(true) }).strict();

/** `{ data: … }`, the envelope of every answer that is not a bare status. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ data }).strict();

/** Page numbers of a paginated list (`page`, `per_page` as asked; `last_page` ≥ 1). */
export const pageMeta = z
  .object({ page: z.number().int().min(1), per_page: z.number().int().min(1), total: z.number().int().min(0), last_page: z.number().int().min(1) })
  .strict();
export type PageMeta = z.infer<typeof pageMeta>;

/** `{ data: [item…], meta: pageMeta }`. */
export const paginated = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), meta: pageMeta }).strict();

/** The meta of a page from what was asked and the total. */
export const pageMetaOf = (page: number, perPage: number, total: number): PageMeta => ({
  page,
  per_page: perPage,
  total,
  last_page: Math.max(1, Math.ceil(total / perPage)),
});

/** `{ message }`: an action's translated confirmation. */
export const message = z.object({ message: z.string() }).strict();
