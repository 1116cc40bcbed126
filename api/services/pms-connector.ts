import type { pmsSystems } from "#api/db/schema/index.ts";

type PmsRow = typeof pmsSystems.$inferSelect;

/**
 * The integration seam with property-management systems (docs/api/businesses.md).
 *
 * - The built-in PMS connects at once and has nothing to download.
 * - "Import from a file" (`settings.kind` "file") is the path for any PMS without a connector: it
 *   connects at once and its data step waits (DOWNLOADING_DATA) for a reservations import, whose
 *   end moves the business to DATA_LOADED or DOWNLOAD_FAILED (services/imports/run.ts).
 * - A PMS with credentials needs a connector; none is built yet, so such a row (there is none in
 *   the reference data) is refused as PMS_FAILED. Tests walk that path with the simulated one.
 */
export interface PmsConnector {
  verify(pms: PmsRow, credentials: Record<string, string>): Promise<{ ok: boolean }>;
  /** `waiting`: the data comes later (a file import), and its end settles the step. */
  importData(pms: PmsRow, credentials: Record<string, string>, businessId: string): Promise<{ ok: boolean } | { waiting: true }>;
}

export const isFileImport = (pms: PmsRow) => !pms.pmsDefault && pms.settings.kind === "file";

export const pmsConnector: PmsConnector = {
  async verify(pms) {
    return { ok: pms.pmsDefault || isFileImport(pms) };
  },
  async importData(pms) {
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
    if (pms.pmsDefault || isFileImport(pms)) return pmsConnector.verify(pms, credentials);
    return { ok: !Object.values(credentials).includes("fail") };
  },
  async importData(pms, credentials, businessId) {
    if (pms.pmsDefault || isFileImport(pms)) return pmsConnector.importData(pms, credentials, businessId);
    return { ok: !Object.values(credentials).includes("download-fail") };
  },
};
