import { z } from "zod";
import { isoDate } from "#domain/validation.ts";

/**
 * Wire shapes of the reports, exports and host calls (docs/api/reports.md). Dates are
 * `YYYY-MM-DD` in the business's time zone; messages are keys (`validation.*`, `reports:validation.*`).
 */

/** The longest period a report reads: three years of nights. */
export const MAX_REPORT_DAYS = 3 * 366;
/** The longest period an export writes: five years of nights (the rows stream, so size is not the limit). */
export const MAX_EXPORT_DAYS = 5 * 366;


export const periodQuerySchema = z.object({
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export type PeriodQuery = z.infer<typeof periodQuerySchema>;

/** What the export centre writes; each is one sheet of rows. */
export const EXPORT_KINDS = ["reservations", "daily-prices", "financial", "commissions", "monthly", "sales", "pickup-pace", "forecast", "explorer"] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
/**
 * The query of an export file: the period, and what some kinds read besides — `forecast` one room
 * category; `explorer` the explorer's question (as GET /metrics/explore, which validates it).
 */
export const exportQuerySchema = periodQuerySchema.extend({
  category: z.uuid().optional(),
  metrics: z.string().optional(),
  dimension: z.string().optional(),
  compare: z.string().optional(),
  compare_from: isoDate.optional(),
  compare_to: isoDate.optional(),
});

export const EXPORT_FORMATS = ["csv", "xlsx"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export function isExportKind(value: unknown): value is ExportKind {
  return typeof value === "string" && (EXPORT_KINDS as readonly string[]).includes(value);
}
export function isExportFormat(value: unknown): value is ExportFormat {
  return typeof value === "string" && (EXPORT_FORMATS as readonly string[]).includes(value);
}
