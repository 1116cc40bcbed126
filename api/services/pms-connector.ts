import type { Database } from "#api/db/client.ts";
import type { pmsSystems } from "#api/db/schema/index.ts";
import { runningQueue } from "#api/services/queue/queue.ts";
import { MEWS_SYNC_JOB, ensureMewsConnection, verifyMews } from "#api/services/pms/mews-sync.ts";

type PmsRow = typeof pmsSystems.$inferSelect;

/**
 * The integration seam with property-management systems (docs/api/businesses.md).
 *
 * - The built-in PMS connects at once and has nothing to download.
 * - "Import from a file" (`settings.kind` "file") is the path for any PMS without a connector: it
 *   connects at once and its data step waits (DOWNLOADING_DATA) for a reservations import, whose
 *   end moves the business to DATA_LOADED or DOWNLOAD_FAILED (services/imports/run.ts).
 * - Mews (`settings.kind` "mews", ADR 0049) checks the hotel's AccessToken with Mews and waits
 *   (DOWNLOADING_DATA) for its first sync, a queue job (services/pms/mews-sync.ts), whose end
 *   moves the business to DATA_LOADED or DOWNLOAD_FAILED.
 * - Any other PMS with credentials has no connector and is refused as PMS_FAILED. Tests walk that
 *   path with the simulated one.
 */
export interface PmsConnector {
  verify(pms: PmsRow, credentials: Record<string, string>): Promise<{ ok: boolean }>;
  /** `waiting`: the data comes later (a file import), and its end settles the step. */
  importData(pms: PmsRow, credentials: Record<string, string>, businessId: string, db: Database): Promise<{ ok: boolean } | { waiting: true }>;
}

export const isFileImport = (pms: PmsRow) => !pms.pmsDefault && pms.settings.kind === "file";
export const isMews = (pms: PmsRow) => !pms.pmsDefault && pms.settings.kind === "mews";

export const pmsConnector: PmsConnector = {
  async verify(pms, credentials) {
    if (isMews(pms)) return { ok: await verifyMews(credentials) };
    return { ok: pms.pmsDefault || isFileImport(pms) };
  },
  async importData(pms, _credentials, businessId, db) {
    if (isMews(pms)) {
      await ensureMewsConnection(db, businessId);
      // The first pull runs on the queue (minutes for a large hotel); without a queue (a test) the caller runs it.
      await runningQueue()?.send(MEWS_SYNC_JOB, { businessId }, { singletonKey: businessId, singletonSeconds: 60 });
      return { waiting: true };
    }
    return isFileImport(pms) ? { waiting: true } : { ok: pms.pmsDefault };
  },
};

/**
 * For tests only: a PMS with credentials that behaves deterministically — it rejects the
 * credentials when any value is exactly "fail" (→ PMS_FAILED) and its import fails when any value
 * is exactly "download-fail" (→ DOWNLOAD_FAILED); anything else connects and imports at once.
 */
export const simulatedPmsConnector: PmsConnector = {
  async verify(pms, credentials) {
    if (pms.pmsDefault || isFileImport(pms) || isMews(pms)) return pmsConnector.verify(pms, credentials);
    return { ok: !Object.values(credentials).includes("fail") };
  },
  async importData(pms, credentials, businessId, db) {
    if (pms.pmsDefault || isFileImport(pms) || isMews(pms)) return pmsConnector.importData(pms, credentials, businessId, db);
    return { ok: !Object.values(credentials).includes("download-fail") };
  },
};
