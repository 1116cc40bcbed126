import { z } from "zod";
import { businessPlanAnswer } from "./billing.ts";
import { businessAnswer } from "./business.ts";
import { userAnswer } from "./user.ts";

/** GET /user/app-state: what every signed-in page needs in one answer (docs/api/session.md). */
export const appStateAnswer = z
  .object({
    user: userAnswer,
    businesses: z.array(businessAnswer),
    selected_business_uuid: z.uuid().nullable(),
    plans: z.array(businessPlanAnswer),
    /** The bell in the top bar. */
    unread_notifications: z.number().int().min(0),
  })
  .strict();

export type AppStateJson = z.infer<typeof appStateAnswer>;
