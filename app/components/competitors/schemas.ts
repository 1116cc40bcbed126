import { z } from "zod";
import { competitorSchema } from "#domain/schemas/competitors";

/**
 * The competitor form: the API's fields; an unticked "active" box sends nothing, so here it
 * means false (the add form sends it hidden, a new competitor is active).
 */
export const competitorFormSchema = competitorSchema.extend({
  active: z.boolean().default(false),
  competitor_uuid: z.string().optional(),
});
export type CompetitorForm = z.output<typeof competitorFormSchema>;

