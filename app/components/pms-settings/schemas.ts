import { z } from "zod";
import { parseDecimal, parseMoney } from "#domain/money";
import { ROOM_COUNT_MAX, uuidString } from "#domain/schemas/business";
import { channelCode, checkRatePlan, hotelPoliciesSchema, ratePlanObject, salesChannelFields } from "#domain/schemas/distribution";

/**
 * The PMS settings forms: the API's schemas with what a form sends instead — percentages typed
 * the reader's way ("15,5"), money in currency units ("35,00"), and a checkbox left unticked
 * meaning false (a form sends nothing for it).
 */

/** "15,5" → 15.5 before the number checks; a blank field is absent. */
const decimal = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => (v === "" || v == null ? undefined : typeof v === "string" ? (parseDecimal(v) ?? v) : v), schema);

const unticked = z.boolean().default(false);

const channelFormFields = {
  ...salesChannelFields,
  commission: decimal(salesChannelFields.commission),
  markup: decimal(salesChannelFields.markup),
  active: unticked,
};

export const salesChannelCreateForm = z.object({ code: channelCode, ...channelFormFields });
export const salesChannelEditForm = z.object(channelFormFields);

/** The Booking.com page: how it connects and the hotel's id there. */
export const bookingConnectionForm = z.object({
  commission: channelFormFields.commission,
  connection: salesChannelFields.connection,
  external_property_id: salesChannelFields.external_property_id,
  active: unticked,
});

export const ratePlanForm = z
  .object({
    ...ratePlanObject.shape,
    adjustment_percent: decimal(ratePlanObject.shape.adjustment_percent),
    amount_per_guest: z
      .string()
      .trim()
      .max(20)
      .optional()
      .refine((v) => !v || parseMoney(v) !== null, "pms:validation.money")
      .transform((v) => (v ? (parseMoney(v) ?? 0) : 0))
      .pipe(z.number().int().min(0).max(10_000_000)),
    active: unticked,
  })
  .superRefine(checkRatePlan);

export const hotelPoliciesForm = hotelPoliciesSchema;

/** One row of the PMS categories page: what the PMS edits of a room category. */
export const categoryPmsForm = z.object({
  room_category_uuid: uuidString,
  room_count: z.number().int().min(1).max(ROOM_COUNT_MAX),
  commission: decimal(z.number().min(0).max(100)),
});
