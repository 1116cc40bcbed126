import { z } from "zod";
import { businessDetailAnswer } from "./business.ts";
import { problemAnswer, seasonalityAnswer } from "./pricing.ts";

/**
 * The answers of the tariff-configuration writes (doc({ response }), ADR 0022): the business in
 * full, as GET /businesses/{id} answers it, with what the engine noticed about the new settings.
 */

/** POST …/rooms-tariff, …/fluctuation-levels, PUT/DELETE …/sazonalities/{id}, PUT …/occupancy-pricing, …/lead-time. */
export const tariffWriteAnswer = z.object({ business: businessDetailAnswer, warnings: z.array(problemAnswer).optional() }).strict();
/** POST …/sazonalities (201): also the season created. */
export const seasonalityCreatedAnswer = z
  .object({ business: businessDetailAnswer, created_sazonality: seasonalityAnswer, warnings: z.array(problemAnswer) })
  .strict();
export type TariffWriteJson = z.infer<typeof tariffWriteAnswer>;
export type SeasonalityCreatedJson = z.infer<typeof seasonalityCreatedAnswer>;
