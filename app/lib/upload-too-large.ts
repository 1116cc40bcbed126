import { encodeMessage } from "#domain/validation-messages";

/**
 * A file larger than the web takes (request-guard.server.ts) is not a bare 413: the rest of the
 * upload is read and dropped, and the browser is sent back to the form's page with this mark in
 * the address, where the page shows the file field's own message ("The image is larger than
 * 2 MB."). Post/redirect/get, so it works the same with JavaScript off.
 */
export const UPLOAD_TOO_LARGE = "upload-too-large";

/** The largest multipart form the web takes, in MB (request-guard.server.ts). */
export const UPLOAD_LIMIT_MB = 5;

/** The page the form was posted to, marked. */
export function tooLargeUploadAddress(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.set(UPLOAD_TOO_LARGE, "1");
  return url.pathname + url.search;
}

/** True on the page the browser was sent back to after a too-large upload. */
export function cameBackFromTooLargeUpload(request: Request): boolean {
  return new URL(request.url).searchParams.has(UPLOAD_TOO_LARGE);
}

/**
 * For a file field without a size rule of its own (a CSV, an image the API checks): its message
 * on the page the browser was sent back to ("The file is larger than 5 MB.", or the form's own
 * limit for a streamed upload), else undefined.
 */
export function tooLargeUploadErrors(request: Request, maxMb: number = UPLOAD_LIMIT_MB): string[] | undefined {
  return cameBackFromTooLargeUpload(request) ? [encodeMessage("upload.fileTooLarge", { max: maxMb })] : undefined;
}
