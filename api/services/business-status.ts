import { eq } from "drizzle-orm";
import {
  isBusinessStatus,
  transition,
  type BusinessEvent,
  type BusinessStatus,
  type PmsKind,
} from "#domain/business/status.ts";
import type { Database } from "#api/db/client.ts";
import { businesses, pmsSystems } from "#api/db/schema/index.ts";
import { HttpError, notFound } from "#api/errors.ts";
import { logger } from "#api/logger.ts";

/**
 * The one writer of `businesses.status` (docs/decisions/0004-business-status-machine.md): every
 * change goes through `transition()`, with the business row locked so two events cannot both
 * read the old status.
 */

/** Events that carry the PMS kind may leave it out: it is then read from the business's PMS. */
export type BusinessEventInput =
  | BusinessEvent
  | { type: "onboardingSubmitted"; pms?: PmsKind }
  | { type: "subscribed"; pms?: PmsKind };

export type AppliedEvent =
  | { ok: true; from: BusinessStatus; status: BusinessStatus; changed: boolean }
  | { ok: false; from: string; error: "not_allowed" | "unknown_status"; message: string };

/** builtIn for the default (Tarifa) PMS or none chosen yet; external otherwise. */
export async function pmsKindOf(db: Database, business: { pmsId: number | null }): Promise<PmsKind> {
  if (business.pmsId == null) return "builtIn";
  const [pms] = await db.select({ pmsDefault: pmsSystems.pmsDefault }).from(pmsSystems).where(eq(pmsSystems.id, business.pmsId));
  return !pms || pms.pmsDefault ? "builtIn" : "external";
}

/**
 * Applies `event` to the business's status. Never throws for a refused event: it answers
 * `{ ok: false }` and leaves the status alone, so a caller that already did something
 * irreversible (a payment went through) decides what to do. Throws 404 for an unknown business.
 *
 * For the subscription code: `applyBusinessEvent(db, id, { type: "subscribed" })` moves a business
 * waiting on payment to its data step; for a business already past onboarding it answers
 * `ok: false`, which is expected (paying again does not change the setup status).
 */
export async function applyBusinessEvent(
  db: Database,
  businessId: string,
  event: BusinessEventInput,
  options: { now?: Date } = {},
): Promise<AppliedEvent> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: businesses.status, pmsId: businesses.pmsId })
      .from(businesses)
      .where(eq(businesses.id, businessId))
      .for("update");
    if (!row) throw notFound("api.businessNotFound");
    let full = event as BusinessEvent;
    if ((event.type === "onboardingSubmitted" || event.type === "subscribed") && !("pms" in event && event.pms)) {
      full = { type: event.type, pms: await pmsKindOf(tx as unknown as Database, row) };
    }
    if (!isBusinessStatus(row.status)) {
      return { ok: false, from: row.status, error: "unknown_status", message: `Unknown business status: ${row.status}` } as const;
    }
    const result = transition(row.status, full);
    if (!result.ok) return { ok: false, from: row.status, error: result.error, message: result.message } as const;
    if (result.status !== row.status) {
      await tx
        .update(businesses)
        .set({ status: result.status, updatedAt: options.now ?? new Date() })
        .where(eq(businesses.id, businessId));
    }
    logger.info({ msg: "business status", business_id: businessId, event: full.type, from: row.status, to: result.status });
    return { ok: true, from: row.status, status: result.status, changed: result.status !== row.status } as const;
  });
}

/** A refused transition as the API answers it: 409, "not possible while the business is …" translated. */
export function transitionRefused(applied: Extract<AppliedEvent, { ok: false }>, event: string): HttpError {
  return new HttpError(409, "business.transitionNotAllowed", undefined, { status: applied.from, event });
}

/** applyBusinessEvent for route handlers: the new status, or a 409 the caller sees translated. */
export async function applyBusinessEventOrThrow(
  db: Database,
  businessId: string,
  event: BusinessEventInput,
  options: { now?: Date } = {},
): Promise<BusinessStatus> {
  const applied = await applyBusinessEvent(db, businessId, event, options);
  if (!applied.ok) throw transitionRefused(applied, event.type);
  return applied.status;
}
