import { isRouteErrorResponse } from "react-router";

/**
 * What the error page reads from whatever was thrown (spec section 8, "Error page texts"):
 * a status code, a status message and a message, each possibly missing.
 */
export interface ErrorShape {
  statusCode?: number;
  statusMessage?: string;
  message?: string;
}

/** The codes with their own title and description; every other code gets the generic texts. */
export const KNOWN_CODES = [404, 500, 403, 401] as const;

/** What React Router puts in a thrown `data()`'s statusText when the thrower gave none. */
const RR_FILLER_STATUS_TEXT = "Internal Server Error";

/** Status shown when the error carries none. */
export const DEFAULT_STATUS = 500;

type Translate = (key: string, options?: Record<string, unknown>) => string;

function validStatus(value: unknown): number | undefined {
  return typeof value === "number" && Number.isInteger(value) && value >= 100 && value <= 599 ? value : undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}

/**
 * - `data(…, { status, statusText })` thrown by a loader, action or middleware →
 *   status / statusText / `data.message` (when the data is an object with a message);
 * - an `Error` (a crash; in production React Router has already replaced its message) → 500
 *   unless it carries a numeric `status`/`statusCode` of its own;
 * - any other object with those fields → read as is; a string → its message only.
 */
export function toErrorShape(error: unknown): ErrorShape {
  if (isRouteErrorResponse(error)) {
    const payload: unknown = error.data;
    const message = payload && typeof payload === "object" ? text((payload as { message?: unknown }).message) : undefined;
    // React Router fills a thrown `data(…, { status })` without statusText with "Internal Server
    // Error" whatever the status: that is no status message of a 413 or a 422.
    const filler = error.statusText === RR_FILLER_STATUS_TEXT && error.status !== 500;
    return { statusCode: validStatus(error.status), statusMessage: filler ? undefined : text(error.statusText), message };
  }
  if (error && typeof error === "object") {
    const e = error as { status?: unknown; statusCode?: unknown; statusText?: unknown; statusMessage?: unknown; message?: unknown };
    const statusCode = validStatus(e.statusCode) ?? validStatus(e.status) ?? (error instanceof Error ? DEFAULT_STATUS : undefined);
    return { statusCode, statusMessage: text(e.statusMessage) ?? text(e.statusText), message: text(e.message) };
  }
  return { message: text(error) };
}

export interface ErrorTexts {
  /** The code shown on the page: the error's own, else 500. */
  code: number;
  title: string;
  description: string;
}

/**
 * Title and description per code. `t` translates keys of the `errorPage` namespace.
 * 404/500/403/401 have fixed texts (so a 500 never shows a server message); other codes show
 * 'Erro {code}' (or 'Erro Desconhecido' without a code) and the status message, the message, or
 * 'Ocorreu um erro inesperado.'.
 */
export function errorTexts(shape: ErrorShape, t: Translate): ErrorTexts {
  const status = validStatus(shape.statusCode);
  const code = status ?? DEFAULT_STATUS;
  if (status !== undefined && (KNOWN_CODES as readonly number[]).includes(status)) {
    return { code, title: t(`title.${status}`), description: t(`description.${status}`) };
  }
  return {
    code,
    title: status !== undefined ? t("title.other", { code: status }) : t("title.unknown"),
    description: text(shape.statusMessage) ?? text(shape.message) ?? t("description.other"),
  };
}
