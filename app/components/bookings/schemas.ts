import { z } from "zod";
import { parseMoney } from "#domain/money";
import { checkBlock, checkStay, reservationFields, roomBlockFields } from "#domain/schemas/bookings";

/**
 * The web's booking forms: the API's fields, with the nightly rate typed in currency units
 * ("350", "350,50") and the button pressed (`intent`). Turned into the API's payload by `toPayload`.
 */
const rate = z
  .string()
  .optional()
  .refine((v) => v === undefined || (parseMoney(v) ?? -1) >= 0, "bookings:validation.money");

const { rate_per_night: _ignored, ...withoutRate } = reservationFields;

export const reservationFormSchema = z
  .object({
    ...withoutRate,
    rate,
    /** The owner books a stay that breaks the stay rules anyway (issue 28). */
    override_stay_rules: z.boolean().optional(),
    intent: z.enum(["calculate", "confirm", "quote", "save"]).default("calculate"),
  })
  .superRefine(checkStay);
export type ReservationForm = z.output<typeof reservationFormSchema>;

export function toPayload(value: ReservationForm) {
  const { rate: typed, intent: _intent, ...rest } = value;
  return { ...rest, rate_per_night: typed === undefined ? null : parseMoney(typed) };
}

export const roomBlockFormSchema = z
  .object({ ...roomBlockFields, intent: z.enum(["save"]).default("save"), block_uuid: z.string().optional() })
  .superRefine(checkBlock);

export const transitionSchema = z.object({
  intent: z.enum(["confirm", "cancel", "check_in", "check_out", "no_show"]),
  reason: z.string().max(500).optional(),
});

export const convertSchema = z.object({
  guest_name: z.string().trim().min(1).max(120),
  guest_email: z.union([z.email(), z.literal("")]).optional(),
  guest_phone: z.string().max(40).optional(),
  channel: z.string().default("direct"),
});
