import type { Submission, SubmissionResult } from "@conform-to/react";
import type { ApiError } from "#app/lib/api.server";

/**
 * Conform's reply for an API refusal: the API's field errors (already translated) beside the
 * fields the form shows, any other field's errors and a message without field errors on top.
 */
export function replyWithApiError<T>(
  submission: Submission<T>,
  error: ApiError,
  options: { fields: readonly string[]; hideFields?: string[] },
): SubmissionResult<string[]> {
  const fieldErrors: Record<string, string[]> = {};
  const formErrors: string[] = [];
  for (const [field, messages] of Object.entries(error.errors)) {
    if (options.fields.includes(field)) fieldErrors[field] = messages;
    else formErrors.push(...messages);
  }
  if (!Object.keys(error.errors).length) formErrors.push(error.message);
  return submission.reply({ fieldErrors, formErrors, hideFields: options.hideFields });
}
