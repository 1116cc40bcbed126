import { eq } from "drizzle-orm";
import { canTransition, isBusinessStatus, transition, type PmsKind } from "../../../domain/business/status.ts";
import type { Database } from "../../db/client.ts";
import { businesses, pmsSystems } from "../../db/schema/index.ts";
import type { BusinessRow } from "../business-access.ts";

/**
 * A successful subscribe tells the business status machine (docs/decisions/0004): `subscribed`
 * moves a business waiting on payment to its data step. A business already past that (a
 * resubscribe after a lapse) keeps its status, so the event is only sent where it is allowed.
 */
export async function businessSubscribedEvent(tx: Database, business: BusinessRow): Promise<void> {
  if (!isBusinessStatus(business.status) || !canTransition(business.status, "subscribed")) return;
  const pms = await pmsKind(tx, business);
  const next = transition(business.status, { type: "subscribed", pms });
  if (!next.ok) return;
  await tx.update(businesses).set({ status: next.status, updatedAt: new Date() }).where(eq(businesses.id, business.id));
}

/** The built-in PMS is the default one (pms_default); no PMS chosen counts as the built-in one. */
async function pmsKind(tx: Database, business: BusinessRow): Promise<PmsKind> {
  if (business.pmsId === null) return "builtIn";
  const [pms] = await tx.select({ pmsDefault: pmsSystems.pmsDefault }).from(pmsSystems).where(eq(pmsSystems.id, business.pmsId));
  return !pms || pms.pmsDefault ? "builtIn" : "external";
}
