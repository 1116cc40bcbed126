/** The import answers as the web reads them (api/services/imports/answers.ts). */
export interface ImportJson {
  uuid: string;
  file_name: string;
  format: "csv" | "xlsx";
  status: "uploading" | "uploaded" | "queued" | "running" | "done" | "failed";
  row_count: number;
  done: number;
  added: number;
  updated: number;
  unchanged: number;
  skipped: number;
  unplaced: number;
  dry_run: { add: number; update: number; unchanged: number; skip: number; doubtful: number } | null;
  created_by: { uuid: string; name: string } | null;
  created_at: string;
  finished_at: string | null;
  error: string | null;
}

export interface ImportDetail {
  import: ImportJson;
  header: string[];
  preview: string[][];
  mapping: Record<string, unknown> | null;
}

export interface ImportPreset {
  name: string;
  built_in: boolean;
  mapping: Record<string, unknown>;
}
