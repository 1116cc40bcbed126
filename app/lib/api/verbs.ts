import type { Query } from "./request.server.ts";

export interface RawInit {
  method?: string;
  query?: Query;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A form's fields passed on as posted: the names are checked by the typecheck, the values by the API. */
export type Posted<T> = { [K in keyof T]?: unknown };

/** A query passed on as the page's URL holds it: the names are checked by the typecheck, the values (text) by the API. */
export type Asked<T> = { [K in keyof T]?: string };

/** The HTTP verbs of the client: any path, the answer typed by the caller. The area modules build on these. */
export interface ApiVerbs {
  get<T>(path: string, options?: { query?: Query }): Promise<T>;
  post<T>(path: string, body?: unknown): Promise<T>;
  put<T>(path: string, body?: unknown): Promise<T>;
  patch<T>(path: string, body?: unknown): Promise<T>;
  delete<T>(path: string, body?: unknown): Promise<T>;
  /** Raw response for non-JSON answers (CSV export, images). Same headers, errors and timeout. */
  raw(path: string, init?: RawInit): Promise<Response>;
}
