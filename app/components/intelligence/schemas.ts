import { z } from "zod";
import { parseDecimal, parseMoney } from "#domain/money";

/**
 * The /goals form as people type it: amounts like "85.000,00" or "85000", occupancy like "72,5";
 * a blank field clears that goal. Turned into the API's body (cents, percent) by goalsFormToBody.
 */
const typed = (parse: (v: string) => number | null, message: string) =>
  z
    .string()
    .optional()
    .refine((v) => v === undefined || v.trim() === "" || (parse(v) !== null && parse(v)! >= 0), message);

export const goalsFormSchema = z.object({
  year: z.coerce.number().int().min(2000).max(2100),
  months: z
    .array(
      z.object({
        month: z.string(),
        revenue: typed(parseMoney, "intelligence:validation.amount"),
        occupancy: typed(parseDecimal, "intelligence:validation.percent"),
        adr: typed(parseMoney, "intelligence:validation.amount"),
      }),
    )
    .max(12),
});
export type GoalsForm = z.output<typeof goalsFormSchema>;

export function goalsFormToBody(form: GoalsForm) {
  const value = (v: string | undefined, parse: (v: string) => number | null) => (v === undefined || v.trim() === "" ? null : parse(v));
  return { months: form.months.map((m) => ({ month: m.month, revenue: value(m.revenue, parseMoney), occupancy: value(m.occupancy, parseDecimal), adr: value(m.adr, parseMoney) })) };
}
