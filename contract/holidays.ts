import { z } from "zod";
import { day, timestamp } from "./primitives.ts";

/** A holiday as administrators see it (GET/POST/PUT /admin/holidays…): doc({ response }), ADR 0022. */
export const holidayAnswer = z
  .object({
    uuid: z.uuid(),
    country: z.string(),
    state: z.string().nullable(),
    date: day,
    /** In the caller's language (else pt-BR, else any). */
    name: z.string(),
    /** Every language's name. */
    names: z.record(z.string(), z.string()),
    source: z.string(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .strict();
export type AdminHolidayJson = z.infer<typeof holidayAnswer>;

export const holidayListAnswer = z.object({ data: z.array(holidayAnswer) }).strict();
export const holidayEnvelope = z.object({ holiday: holidayAnswer }).strict();
/** An import: how many holidays were added and how many were there already. */
export const holidaysImportedAnswer = z.object({ imported: z.number().int().min(0), skipped: z.number().int().min(0) }).strict();
/** A delete (one, or a selection): how many went. */
export const holidaysDeletedAnswer = z.object({ deleted: z.number().int().min(0) }).strict();
