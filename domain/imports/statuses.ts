/** Where an import stands (api/db/schema/imports.ts, the answers of contract/imports.ts). */
export const IMPORT_STATUSES = ["uploading", "uploaded", "queued", "running", "done", "failed"] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
