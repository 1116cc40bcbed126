import { and, eq, isNotNull, isNull } from "drizzle-orm";
import type { TFunction } from "i18next";
import type { BusinessStatus } from "#domain/business/status.ts";
import type { Database } from "#api/db/client.ts";
import { businesses, pmsSystems } from "#api/db/schema/index.ts";
import { notFound } from "#api/errors.ts";
import { logger } from "#api/logger.ts";
import type { PmsRow } from "./business-json.ts";
import { applyBusinessEvent, applyBusinessEventOrThrow } from "./business-status.ts";
import { fieldError } from "./businesses.ts";
import { isSealed, openRecord, sealRecord } from "./secrets.ts";
import type { Actor } from "#domain/activity/index.ts";
import { recordActivity } from "./activity/record.ts";
import { pmsConnector, type PmsConnector } from "./pms-connector.ts";

/** Statuses before the data step: choosing a PMS there only records the choice. */
const BEFORE_DATA_STEP: readonly string[] = ["BUSINESS_CREATED", "SUBSCRIPTION_REQUESTED", "ONBOARDING_EASY_LITE"];
/** Statuses that are waiting for credentials: saving them connects at once. */
const ASKING_FOR_CREDENTIALS: readonly string[] = ["PMS_CREDENTIALS_REQUESTED", "PMS_FAILED"];

export async function activePms(db: Database, id: number): Promise<PmsRow | undefined> {
  const [pms] = await db
    .select()
    .from(pmsSystems)
    .where(and(eq(pmsSystems.id, id), eq(pmsSystems.isActive, true), isNull(pmsSystems.deletedAt)));
  return pms;
}

/** The credentials the PMS's settings ask for, each required one present; others are dropped. */
export function credentialsFor(t: TFunction, pms: PmsRow, given: Record<string, string>): Record<string, string> | null {
  if (pms.settings.fields.length === 0) return null;
  const out: Record<string, string> = {};
  for (const field of pms.settings.fields) {
    const value = given[field.name]?.trim() ?? "";
    if (!value && field.required) throw fieldError(t, `credentials.${field.name}`, "validation.required");
    if (value) out[field.name] = value;
  }
  return out;
}

/**
 * PUT /businesses/{id}/pms: records the PMS and its credentials, then moves the status:
 * before the data step nothing else happens; while credentials are asked for it connects; a
 * business past that (data loaded, set up, download failed) is first sent back to the
 * credentials step (`pmsCredentialsRequested`), which is refused (409) while a download runs.
 */
export async function choosePms(
  db: Database,
  t: TFunction,
  businessId: string,
  input: { pms_id: number; credentials: Record<string, string> },
  now: Date,
  actor: Actor,
  connector: PmsConnector = pmsConnector,
): Promise<void> {
  const pms = await activePms(db, input.pms_id);
  if (!pms) throw fieldError(t, "pms_id", "business.unknownPms");
  const credentials = credentialsFor(t, pms, input.credentials);
  const connect = await db.transaction(async (txn) => {
    const tx = txn as unknown as Database;
    const [row] = await tx.select({ status: businesses.status, pmsId: businesses.pmsId }).from(businesses).where(eq(businesses.id, businessId)).for("update");
    if (!row) throw notFound("api.businessNotFound");
    await tx.update(businesses).set({ pmsId: pms.id, pmsCredentials: credentials && sealRecord(credentials), updatedAt: now }).where(eq(businesses.id, businessId));
    // Which PMS, never the credentials.
    const [previous] = row.pmsId === null ? [] : await tx.select({ name: pmsSystems.name }).from(pmsSystems).where(eq(pmsSystems.id, row.pmsId));
    await recordActivity(tx, { businessId, actor, area: "business", action: "updated", entityId: businessId, before: { pms: previous?.name ?? null }, after: { pms: pms.name } });
    if (BEFORE_DATA_STEP.includes(row.status)) return false;
    if (!ASKING_FOR_CREDENTIALS.includes(row.status)) {
      await applyBusinessEventOrThrow(tx, businessId, { type: "pmsCredentialsRequested" }, { now });
    }
    return true;
  });
  if (connect) await connectPms(db, businessId, now, connector);
}

/** Verifies the stored credentials and, when accepted, imports: PMS_FAILED, DOWNLOAD_FAILED or DATA_LOADED. */
export async function connectPms(db: Database, businessId: string, now: Date, connector: PmsConnector = pmsConnector): Promise<BusinessStatus | string> {
  const [row] = await db
    .select({ business: businesses, pms: pmsSystems })
    .from(businesses)
    .leftJoin(pmsSystems, eq(pmsSystems.id, businesses.pmsId))
    .where(eq(businesses.id, businessId));
  if (!row) throw notFound("api.businessNotFound");
  if (!row.pms) return row.business.status;
  const credentials = openRecord(row.business.pmsCredentials) ?? {};
  const verified = await connector.verify(row.pms, credentials);
  if (!verified.ok) {
    logger.info({ msg: "pms credentials rejected", business_id: businessId, pms_id: row.pms.id });
    await applyBusinessEventOrThrow(db, businessId, { type: "pmsFailed" }, { now });
    return "PMS_FAILED";
  }
  await applyBusinessEventOrThrow(db, businessId, { type: "pmsCredentialsSaved" }, { now });
  return runImport(db, businessId, now, connector);
}

/** The import step (DOWNLOADING_DATA → DATA_LOADED or DOWNLOAD_FAILED, or waiting for a file import). */
export async function runImport(db: Database, businessId: string, now: Date, connector: PmsConnector = pmsConnector): Promise<BusinessStatus | string> {
  const [row] = await db
    .select({ business: businesses, pms: pmsSystems })
    .from(businesses)
    .leftJoin(pmsSystems, eq(pmsSystems.id, businesses.pmsId))
    .where(eq(businesses.id, businessId));
  if (!row?.pms) return row?.business.status ?? "unknown";
  const imported = await connector.importData(row.pms, openRecord(row.business.pmsCredentials) ?? {}, businessId, db);
  if ("waiting" in imported) return row.business.status;
  const applied = await applyBusinessEvent(db, businessId, { type: imported.ok ? "downloadFinished" : "downloadFailed" }, { now });
  return applied.ok ? applied.status : row.business.status;
}

/**
 * Credentials saved before they were encrypted at rest are sealed in place (run at start; a
 * no-op once done). Rows already sealed are left alone.
 */
export async function encryptStoredCredentials(db: Database): Promise<number> {
  const rows = await db.select({ id: businesses.id, credentials: businesses.pmsCredentials }).from(businesses).where(isNotNull(businesses.pmsCredentials));
  let sealed = 0;
  for (const row of rows) {
    const stored = row.credentials!;
    if (typeof stored.sealed === "string" && isSealed(stored.sealed)) continue;
    await db.update(businesses).set({ pmsCredentials: sealRecord(stored) }).where(eq(businesses.id, row.id));
    sealed++;
  }
  if (sealed) logger.info({ msg: "pms credentials encrypted", count: sealed });
  return sealed;
}
