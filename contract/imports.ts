import { z } from "zod";
import { IMPORT_STATUSES } from "#domain/imports/statuses.ts";
import { timestamp, uuid } from "#contract/primitives.ts";

/** The JSON answers of the import routes (docs/api/imports.md). */

const counts = z.object({ add: z.int(), update: z.int(), unchanged: z.int(), skip: z.int(), doubtful: z.int() }).strict();

export const importAnswer = z
  .object({
    uuid,
    file_name: z.string(),
    /** csv or xlsx for a file; mews for a sync of the Mews connector (ADR 0049). */
    format: z.enum(["csv", "xlsx", "mews"]),
    delimiter: z.string().nullable(),
    encoding: z.string().nullable(),
    status: z.enum(IMPORT_STATUSES),
    row_count: z.int(),
    /** Rows the job has gone through (of row_count). */
    done: z.int(),
    added: z.int(),
    updated: z.int(),
    unchanged: z.int(),
    skipped: z.int(),
    unplaced: z.int(),
    dry_run: counts.nullable(),
    created_by: z.object({ uuid, name: z.string() }).strict().nullable(),
    created_at: timestamp,
    finished_at: timestamp.nullable(),
    error: z.string().nullable(),
  })
  .strict();
export type ImportJson = z.infer<typeof importAnswer>;

export const importDetailAnswer = z
  .object({
    import: importAnswer,
    header: z.array(z.string()),
    /** The first rows, cell texts in header order. */
    preview: z.array(z.array(z.string())),
    mapping: z.record(z.string(), z.unknown()).nullable(),
  })
  .strict();

export const columnValuesAnswer = z.object({ data: z.array(z.object({ value: z.string(), rows: z.int() }).strict()) }).strict();

export const presetAnswer = z.object({ name: z.string(), built_in: z.boolean(), mapping: z.record(z.string(), z.unknown()) }).strict();
export type ImportDetail = z.infer<typeof importDetailAnswer>;
export type ImportPreset = z.infer<typeof presetAnswer>;
