import { Hono } from "hono";
import { eq } from "drizzle-orm";
import { planChoiceSchema, pmsChoiceSchema } from "#domain/schemas/business.ts";
import { businesses } from "#api/db/schema/index.ts";
import type { AuthedEnv } from "#api/middleware/auth.ts";
import { requireBusiness } from "#api/middleware/business.ts";
import { activePms, choosePms, connectPms, runImport } from "#api/services/business-pms.ts";
import { isFileImport, pmsConnector } from "#api/services/pms-connector.ts";
import { applyBusinessEventOrThrow } from "#api/services/business-status.ts";
import { answerBusiness, body } from "./businesses-shared.ts";
import { userActor } from "#api/services/activity/record.ts";
import { docs } from "#api/openapi/describe.ts";
import { businessEnvelope } from "#contract/business.ts";

const doc = docs("Onboarding");

/**
 * The onboarding and setup steps (mounted under /api/v1). The web only reads `status`; these
 * routes are where it changes, each through the status machine (409 when the step is not
 * possible in the current status). docs/api/businesses.md walks through them.
 */
export const businessOnboardingRoutes = new Hono<AuthedEnv>()
  .post("/businesses/:id/onboarding/plan", doc({ body: planChoiceSchema, response: businessEnvelope }), requireBusiness("user.businesses"), async (c) => {
    const { db, now } = c.var.deps;
    const { choice } = await body(c, planChoiceSchema);
    const id = c.var.access.business.id;
    await applyBusinessEventOrThrow(db, id, { type: choice === "subscribe" ? "subscriptionRequested" : "easyLiteChosen" }, { now: now() });
    return answerBusiness(c, id);
  })

  .post("/businesses/:id/onboarding/submit", doc({ response: businessEnvelope }), requireBusiness("user.businesses"), async (c) => {
    const { db, now } = c.var.deps;
    const id = c.var.access.business.id;
    // builtIn or external follows the business's PMS (business-status.ts reads it).
    const status = await applyBusinessEventOrThrow(db, id, { type: "onboardingSubmitted" }, { now: now() });
    if (status === "PMS_CREDENTIALS_REQUESTED") {
      // Credentials entered earlier in the wizard are used at once instead of being asked for again;
      // "Import from a file" needs none and goes straight to waiting for its import.
      const [row] = await db.select({ credentials: businesses.pmsCredentials, pmsId: businesses.pmsId }).from(businesses).where(eq(businesses.id, id));
      const pms = row?.pmsId == null ? undefined : await activePms(db, row.pmsId);
      const hasCredentials = !!row?.credentials && Object.keys(row.credentials).length > 0;
      if (hasCredentials || (pms && isFileImport(pms))) await connectPms(db, id, now(), c.var.deps.pmsConnector ?? pmsConnector);
    }
    return answerBusiness(c, id);
  })

  .put("/businesses/:id/pms", doc({ body: pmsChoiceSchema, response: businessEnvelope }), requireBusiness("user.pms-settings"), async (c) => {
    const { db, now } = c.var.deps;
    const input = await body(c, pmsChoiceSchema);
    const id = c.var.access.business.id;
    await choosePms(db, c.var.t, id, input, now(), userActor(c.var.user.id), c.var.deps.pmsConnector ?? pmsConnector);
    return answerBusiness(c, id);
  })

  .post("/businesses/:id/setup/retry", doc({ response: businessEnvelope }), requireBusiness("user.businesses"), async (c) => {
    const { db, now } = c.var.deps;
    const id = c.var.access.business.id;
    const status = await applyBusinessEventOrThrow(db, id, { type: "retry" }, { now: now() });
    // After a failed download, retrying downloads again; after rejected credentials it shows the form again.
    if (status === "DOWNLOADING_DATA") await runImport(db, id, now(), c.var.deps.pmsConnector ?? pmsConnector);
    return answerBusiness(c, id);
  })

  .post("/businesses/:id/setup/complete", doc({ response: businessEnvelope }), requireBusiness("user.businesses"), async (c) => {
    const { db, now } = c.var.deps;
    const id = c.var.access.business.id;
    await applyBusinessEventOrThrow(db, id, { type: "setupCompleted" }, { now: now() });
    return answerBusiness(c, id);
  });
