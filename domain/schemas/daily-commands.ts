import { z } from "zod";

/** The daily commands' requests (docs/api/daily-commands.md), shared by the API and /manage/daily-command-execution. */

/** `?business_uuid=` narrows the runs to one business (empty: every business). */
export const dailyBusinessQuerySchema = z.object({ business_uuid: z.union([z.uuid(), z.literal("")]).optional() });

/** POST /admin/daily-commands/{name}/run */
export const dailyRunSchema = z.object({
  /** One business, or omitted for every business of the command (or the product, for a global one). */
  business_uuid: z.uuid().nullish(),
});
