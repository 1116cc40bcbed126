/** The import answers as the web reads them: the contract's (contract/imports.ts). */
export type { ImportDetail, ImportJson, ImportPreset } from "#contract/imports";
